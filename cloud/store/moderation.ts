import {
  MESSAGE_CONTEXT,
  type Appeal,
  type ChatLine,
  type ModerationActionRow,
  type RecordedActionKind,
  type ReportKind,
} from '../../src/domain/moderation';
import { MASTER, Parse, userPointer, type CloudObject, type ParseUser } from '../parse';
import { moderationActionClass } from '../schema/moderationAction';
import { rowOf, type RowOf } from '../schema/rows';
import { untilOrLifted } from '../suspension';
import { storeRead } from './read';

/** Rows of the moderation record as moderators, admins and the person acted on read them. */

type ActionRow = RowOf<typeof moderationActionClass>;

export function appealOf(row: CloudObject): Appeal | null {
  const appeal = row.get('appeal') as Partial<Appeal> | undefined;
  if (!appeal || typeof appeal.text !== 'string') return null;
  return {
    text: appeal.text,
    at: String(appeal.at),
    outcome: appeal.outcome ?? 'pending',
    decidedBy: appeal.decidedBy ?? null,
    reason: appeal.reason ?? null,
  };
}

export function actionRowOf(row: ActionRow, usernames: ReadonlyMap<string, string>): ModerationActionRow {
  const moderatorId = row.get('moderator').id ?? null;
  const targetId = row.get('targetUser')?.id;
  const until = row.get('until');
  return {
    id: row.id ?? '',
    moderator: {
      userId: moderatorId && usernames.has(moderatorId) ? moderatorId : null,
      username: row.get('moderatorName'),
    },
    action: row.get('action'),
    targetKind: row.get('targetKind'),
    targetId: row.get('targetId'),
    targetUser: targetId
      ? { userId: targetId, username: usernames.get(targetId) ?? row.get('targetName') ?? '' }
      : null,
    reason: row.get('reason'),
    until: until ? untilOrLifted(until) : null,
    reportId: row.get('report') ?? null,
    createdAt: (row.createdAt ?? new Date()).toISOString(),
    appeal: appealOf(row),
  };
}

/** The usernames of these accounts that still exist. */
export async function usernamesOf(ids: Iterable<string>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)].filter((id) => id !== '');
  if (wanted.length === 0) return new Map();
  const users = await new Parse.Query(Parse.User)
    .containedIn('objectId', wanted)
    .select('username')
    .limit(wanted.length)
    .find(MASTER);
  return new Map(users.map((user) => [user.id ?? '', String(user.get('username'))]));
}

export async function actionRowsOf(rows: readonly ActionRow[]): Promise<ModerationActionRow[]> {
  const names = await usernamesOf(
    rows.flatMap((row) => [row.get('moderator').id ?? '', row.get('targetUser')?.id ?? '']),
  );
  return rows.map((row) => actionRowOf(row, names));
}

/** A chat message as a moderator reads it beside a report. */
/** One entry of the moderation record, as the moderator's function knows it. */
export interface RecordedAction {
  moderator: ParseUser;
  action: RecordedActionKind;
  targetKind: ReportKind;
  targetId: string;
  reason: string;
  /** The person acted on; the record names them by their username now, so it outlives the account. */
  personId?: string | undefined;
  /** The end of a chat mute or a suspension. */
  until?: Date | undefined;
  reportId?: string | undefined;
}

/** Writes an entry to the moderation record, closed to every client; answers its id. */
export async function recordAction(entry: RecordedAction): Promise<string> {
  const row = rowOf(moderationActionClass);
  row.set({
    moderator: userPointer(entry.moderator.id ?? ''),
    moderatorName: String(entry.moderator.get('username')),
    action: entry.action,
    targetKind: entry.targetKind,
    targetId: entry.targetId,
    reason: entry.reason,
  });
  if (entry.personId) {
    row.set('targetUser', userPointer(entry.personId));
    const name = (await usernamesOf([entry.personId])).get(entry.personId);
    if (name) row.set('targetName', name);
  }
  if (entry.until) row.set('until', entry.until);
  if (entry.reportId) row.set('report', entry.reportId);
  row.setACL(new Parse.ACL());
  await row.save(null, MASTER);
  return row.id ?? '';
}

export function chatLine(row: CloudObject): ChatLine {
  return {
    id: row.id ?? '',
    authorId: (row.get('author') as ParseUser | undefined)?.id ?? null,
    authorName: String(row.get('authorName') ?? ''),
    text: String(row.get('text') ?? ''),
    createdAt: (row.createdAt ?? new Date()).toISOString(),
    hidden: row.get('hiddenAt') instanceof Date,
  };
}

export interface MessageSurroundings {
  before: ChatLine[];
  after: ChatLine[];
}

/**
 * The `MESSAGE_CONTEXT` messages just before and after each of `messages` in its room, oldest
 * first, by the message's id: one statement for a whole page of reports.
 */
export const messagesAround = storeRead({
  async bySql(sql, messages: readonly CloudObject[]): Promise<Map<string, MessageSurroundings>> {
    const answer = new Map<string, MessageSurroundings>(
      messages.map((message) => [message.id ?? '', { before: [], after: [] }]),
    );
    if (messages.length === 0) return answer;
    const { rows } = await sql.query<{
      reported: string;
      side: 'before' | 'after';
      objectId: string;
      author: string | null;
      authorName: string | null;
      text: string | null;
      createdAt: Date;
      hiddenAt: Date | null;
    }>(
      `SELECT reported."objectId" AS reported, near.side, near."objectId", near.author, near."authorName",
              near.text, near."createdAt", near."hiddenAt"
         FROM "ChatMessage" AS reported
        CROSS JOIN LATERAL (
          (SELECT 'before' AS side, m.* FROM "ChatMessage" AS m
            WHERE m.room = reported.room AND m."createdAt" < reported."createdAt"
            ORDER BY m."createdAt" DESC LIMIT $2)
          UNION ALL
          (SELECT 'after' AS side, m.* FROM "ChatMessage" AS m
            WHERE m.room = reported.room AND m."createdAt" > reported."createdAt"
            ORDER BY m."createdAt" LIMIT $2)
        ) AS near
        WHERE reported."objectId" = ANY($1::text[])
        ORDER BY near."createdAt"`,
      [messages.map((message) => message.id ?? ''), MESSAGE_CONTEXT],
    );
    for (const row of rows) {
      answer.get(row.reported)?.[row.side].push({
        id: row.objectId,
        authorId: row.author,
        authorName: row.authorName ?? '',
        text: row.text ?? '',
        createdAt: row.createdAt.toISOString(),
        hidden: row.hiddenAt !== null,
      });
    }
    return answer;
  },
  async byQueries(messages: readonly CloudObject[]): Promise<Map<string, MessageSurroundings>> {
    const around = async (message: CloudObject): Promise<MessageSurroundings> => {
      const at = message.createdAt ?? new Date();
      const room = String(message.get('room'));
      const [before, after] = await Promise.all([
        new Parse.Query('ChatMessage')
          .equalTo('room', room)
          .lessThan('createdAt', at)
          .descending('createdAt')
          .limit(MESSAGE_CONTEXT)
          .find(MASTER),
        new Parse.Query('ChatMessage')
          .equalTo('room', room)
          .greaterThan('createdAt', at)
          .ascending('createdAt')
          .limit(MESSAGE_CONTEXT)
          .find(MASTER),
      ]);
      return { before: before.reverse().map(chatLine), after: after.map(chatLine) };
    };
    return new Map(
      await Promise.all(messages.map(async (message) => [message.id ?? '', await around(message)] as const)),
    );
  },
});
