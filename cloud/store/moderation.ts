import type { Appeal, ModerationActionRow } from '../../src/domain/moderation';
import { MASTER, Parse, type CloudObject } from '../parse';
import type { moderationActionClass } from '../schema/moderationAction';
import type { RowOf } from '../schema/rows';
import { untilOrLifted } from '../suspension';

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
