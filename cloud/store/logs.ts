import type { CountedLog } from '../../src/domain/challenges';
import { MASTER_PAGES, numberOr, Parse, userPointer, type CloudObject } from '../parse';

/**
 * What counts as a person logging something, for a logging day (the challenges' `loggingDays`, the
 * ranking's logging streak): a workout, a meal or a weigh-in, at the moment it happened. Written
 * here once, for the SQL statements and for the Parse queries that answer without SQL.
 */
export const LOG_SOURCES = [
  { kind: 'workout', className: 'Activity', at: 'startedAt' },
  { kind: 'meal', className: 'Meal', at: 'eatenAt' },
  { kind: 'weighIn', className: 'WeightEntry', at: 'measuredAt' },
] as const satisfies readonly { kind: CountedLog['kind']; className: string; at: string }[];

/**
 * A subquery of every log of the people `$users` names from `$from` on (and before `$to`, when
 * given), as rows `(uid, at)`: the parameters are the placeholders of the statement it goes into.
 */
export function loggedAtSql({ users, from, to }: { users: string; from: string; to?: string }): string {
  return LOG_SOURCES.map(
    ({ className, at }) =>
      `SELECT "user" AS uid, "${at}" AS at FROM "${className}" WHERE "user" = ANY(${users}) AND "${at}" >= ${from}` +
      (to ? ` AND "${at}" < ${to}` : ''),
  ).join(' UNION ALL ');
}

/**
 * The same logs through Parse queries (the path without SQL): each one's owner, moment and kind.
 * `kinds` narrows them (a challenge of workouts alone reads workouts alone).
 */
export async function loggedAtByQuery(
  userIds: readonly string[],
  from: Date,
  to?: Date,
  kinds: readonly CountedLog['kind'][] = LOG_SOURCES.map(({ kind }) => kind),
): Promise<CountedLog[]> {
  const users = userIds.map(userPointer);
  const found = await Promise.all(
    LOG_SOURCES.filter(({ kind }) => kinds.includes(kind)).map(async ({ kind, className, at }) => {
      const query = new Parse.Query(className).containedIn('user', users).greaterThanOrEqualTo(at, from);
      if (to) query.lessThan(at, to);
      const fields = kind === 'workout' ? ['user', at, 'durationMin', 'distanceKm'] : ['user', at];
      const rows = await query.select(...fields).findAll(MASTER_PAGES);
      return rows.map((row): CountedLog => logOf(row, kind, at));
    }),
  );
  return found.flat();
}

function logOf(row: CloudObject, kind: CountedLog['kind'], at: string): CountedLog {
  const log: CountedLog = {
    userId: String((row.get('user') as CloudObject | undefined)?.id ?? ''),
    at: row.get(at) as Date,
    kind,
  };
  if (kind !== 'workout') return log;
  return {
    ...log,
    durationMin: numberOr(row.get('durationMin'), 0),
    distanceKm: numberOr(row.get('distanceKm'), 0),
  };
}
