import {
  HISTORY_ROWS,
  QUEUE_PAGE,
  type ModerationQueue,
  type QueueReport,
  type ReportContext,
  type ReportStatus,
  type WorkoutGlance,
} from '../../src/domain/moderation';
import { MASTER, Parse, userPointer, type CloudObject, type ParseUser } from '../parse';
import { moderationActionClass } from '../schema/moderationAction';
import { reportClass } from '../schema/report';
import { queryOf, type RowOf } from '../schema/rows';
import { isSuspended } from '../store/sharing';
import { untilOrLifted } from '../suspension';
import { actionRowOf, chatLine, messagesAround, usernamesOf } from '../store/moderation';
import { shownName } from './profiles';

/**
 * The moderators' queue: a page of reports, each with what it is about as it is now and the
 * reported person's earlier reports and actions. Every kind of context is read in one query per page
 * (the messages around every reported one in one statement), never one per report and field.
 */

type ReportRow = RowOf<typeof reportClass>;

const idOf = (pointer: unknown) => (pointer as ParseUser | undefined)?.id;

/** Rows of `className` by id, read with the master key. */
async function rowsById(className: string, ids: readonly string[]): Promise<Map<string, CloudObject>> {
  if (ids.length === 0) return new Map();
  const rows = await new Parse.Query(className)
    .containedIn('objectId', [...ids])
    .limit(ids.length)
    .find(MASTER);
  return new Map(rows.map((row) => [row.id ?? '', row]));
}

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function workoutGlance(row: CloudObject): WorkoutGlance {
  const startedAt: unknown = row.get('startedAt');
  const notes: unknown = row.get('notes');
  return {
    id: row.id ?? '',
    ownerId: idOf(row.get('user')) ?? null,
    type: String(row.get('type') ?? ''),
    title: null,
    notes: typeof notes === 'string' && notes ? notes : null,
    startedAt: startedAt instanceof Date ? startedAt.toISOString() : '',
    durationMin: numberOrNull(row.get('durationMin')),
    distanceKm: numberOrNull(row.get('distanceKm')),
    hidden: row.get('moderationHidden') === true,
  };
}

async function contexts(reports: readonly ReportRow[]): Promise<Map<string, ReportContext>> {
  const idsOf = (kind: string) =>
    reports.filter((row) => row.get('kind') === kind).map((row) => row.get('targetId'));
  const [messages, comments, people] = await Promise.all([
    rowsById('ChatMessage', idsOf('message')),
    rowsById('Comment', idsOf('comment')),
    rowsById('_User', idsOf('user')),
  ]);
  const workoutIds = [
    ...idsOf('activity'),
    ...[...comments.values()].flatMap((comment) => {
      const id = (comment.get('activity') as CloudObject | undefined)?.id;
      return id ? [id] : [];
    }),
  ];
  const workouts = await rowsById('Activity', workoutIds);
  const surroundings = await messagesAround([...messages.values()]);
  const answer = new Map<string, ReportContext>();
  for (const report of reports) {
    const id = report.get('targetId');
    const kind = report.get('kind');
    if (kind === 'message') {
      const message = messages.get(id);
      const near = surroundings.get(id);
      answer.set(report.id ?? '', {
        kind,
        room: message ? String(message.get('room')) : null,
        message: message ? chatLine(message) : null,
        before: near?.before ?? [],
        after: near?.after ?? [],
      });
    } else if (kind === 'comment') {
      const comment = comments.get(id);
      const workout = workouts.get((comment?.get('activity') as CloudObject | undefined)?.id ?? '');
      answer.set(report.id ?? '', {
        kind,
        comment: comment
          ? {
              id,
              text: String(comment.get('text') ?? ''),
              createdAt: (comment.createdAt ?? new Date()).toISOString(),
              hidden: comment.get('moderationHidden') === true,
            }
          : null,
        workout: workout ? workoutGlance(workout) : null,
      });
    } else if (kind === 'activity') {
      const workout = workouts.get(id);
      answer.set(report.id ?? '', { kind, workout: workout ? workoutGlance(workout) : null });
    } else {
      const person = people.get(id);
      const until: unknown = person?.get('suspendedUntil');
      answer.set(report.id ?? '', {
        kind: 'user',
        person: person
          ? {
              displayName: shownName(person),
              joined: (person.createdAt ?? new Date()).toISOString(),
              suspendedUntil: isSuspended(person) && until instanceof Date ? untilOrLifted(until) : null,
            }
          : null,
      });
    }
  }
  return answer;
}

/** A page of reports with `status`, newest first, older than `before`. */
export async function moderationQueue({
  status,
  before,
}: {
  status: ReportStatus;
  before: Date | undefined;
}): Promise<ModerationQueue> {
  const query = queryOf(reportClass)
    .equalTo('status', status)
    .descending('createdAt')
    .limit(QUEUE_PAGE + 1);
  if (before) query.lessThan('createdAt', before);
  const found = await query.find(MASTER);
  const page = found.slice(0, QUEUE_PAGE);
  const targetIds = [...new Set(page.flatMap((row) => idOf(row.get('targetUser')) ?? []))];
  const people = targetIds.map(userPointer);
  const historyLimit = Math.min(1000, HISTORY_ROWS * Math.max(1, targetIds.length) * 2);
  const [context, earlierReports, actions] = await Promise.all([
    contexts(page),
    targetIds.length === 0
      ? Promise.resolve([])
      : queryOf(reportClass)
          .containedIn('targetUser', people)
          .descending('createdAt')
          .limit(historyLimit)
          .find(MASTER),
    targetIds.length === 0
      ? Promise.resolve([])
      : queryOf(moderationActionClass)
          .containedIn('targetUser', people)
          .descending('createdAt')
          .limit(historyLimit)
          .find(MASTER),
  ]);
  const names = await usernamesOf([
    ...page.flatMap((row) => [idOf(row.get('reporter')) ?? '', idOf(row.get('targetUser')) ?? '']),
    ...actions.flatMap((row) => [row.get('moderator').id ?? '', row.get('targetUser')?.id ?? '']),
  ]);
  const person = (id: string | undefined) => (id ? { userId: id, username: names.get(id) ?? '' } : null);
  const reports = page.map((row): QueueReport => {
    const targetUserId = idOf(row.get('targetUser'));
    const resolution = row.get('resolution');
    const note = row.get('note');
    return {
      id: row.id ?? '',
      kind: row.get('kind'),
      targetId: row.get('targetId'),
      reason: row.get('reason'),
      note: note ? note : null,
      status: row.get('status'),
      createdAt: (row.createdAt ?? new Date()).toISOString(),
      reporter: names.has(idOf(row.get('reporter')) ?? '') ? person(idOf(row.get('reporter'))) : null,
      targetUser: person(targetUserId),
      resolution: resolution
        ? {
            actionId: String(resolution.actionId),
            action: resolution.action,
            at: String(resolution.at),
          }
        : null,
      context: context.get(row.id ?? '') ?? { kind: 'activity', workout: null },
      history: {
        reports: earlierReports
          .filter((other) => idOf(other.get('targetUser')) === targetUserId && other.id !== row.id)
          .slice(0, HISTORY_ROWS)
          .map((other) => ({
            id: other.id ?? '',
            kind: other.get('kind'),
            reason: other.get('reason'),
            status: other.get('status'),
            createdAt: (other.createdAt ?? new Date()).toISOString(),
          })),
        actions: actions
          .filter((action) => action.get('targetUser')?.id === targetUserId)
          .slice(0, HISTORY_ROWS)
          .map((action) => actionRowOf(action, names)),
      },
    };
  });
  const last = page.at(-1);
  return {
    reports,
    next: found.length > QUEUE_PAGE && last?.createdAt ? last.createdAt.toISOString() : null,
  };
}
