import { challengeValues, type ChallengeMetric } from '../../src/domain/challenges';
import { loggedAtByQuery, loggedAtSql } from './logs';
import { storeRead } from './read';

/**
 * A challenge's standings, each answering the same through SQL and through Parse queries
 * (cloud/store/challenges.int.test.ts).
 */

const METRIC_SQL: Readonly<Record<ChallengeMetric, string>> = {
  activeMinutes: `SELECT "user", coalesce(sum("durationMin"), 0)::float8 AS value FROM "Activity"
                   WHERE "user" = ANY($1) AND "startedAt" >= $2 AND "startedAt" < $3 GROUP BY 1`,
  workouts: `SELECT "user", count(*)::float8 AS value FROM "Activity"
              WHERE "user" = ANY($1) AND "startedAt" >= $2 AND "startedAt" < $3 GROUP BY 1`,
  distanceKm: `SELECT "user", coalesce(sum("distanceKm"), 0)::float8 AS value FROM "Activity"
                WHERE "user" = ANY($1) AND "startedAt" >= $2 AND "startedAt" < $3 GROUP BY 1`,
  activeDays: `SELECT "user", count(DISTINCT ("startedAt" AT TIME ZONE $4)::date)::float8 AS value FROM "Activity"
                WHERE "user" = ANY($1) AND "startedAt" >= $2 AND "startedAt" < $3 GROUP BY 1`,
  loggingDays: `SELECT uid AS "user", count(DISTINCT (at AT TIME ZONE $4)::date)::float8 AS value FROM (
                  ${loggedAtSql({ users: '$1', from: '$2', to: '$3' })}
                ) logs GROUP BY 1`,
};

/**
 * Each member's value of the metric from `from` to before `to`, days counted in `timeZone`,
 * rounded to two decimals; members with nothing to count are absent.
 */
export const challengeValuesOf = storeRead({
  async bySql(
    sql,
    memberIds: readonly string[],
    metric: ChallengeMetric,
    from: Date,
    to: Date,
    timeZone: string,
  ): Promise<Map<string, number>> {
    const { rows } = await sql.query<{ user: string; value: number }>(METRIC_SQL[metric], [
      memberIds,
      from,
      to,
      ...(metric === 'activeDays' || metric === 'loggingDays' ? [timeZone] : []),
    ]);
    return new Map(rows.map((row) => [row.user, Math.round(row.value * 100) / 100]));
  },
  async byQueries(
    memberIds: readonly string[],
    metric: ChallengeMetric,
    from: Date,
    to: Date,
    timeZone: string,
  ): Promise<Map<string, number>> {
    const kinds = metric === 'loggingDays' ? undefined : (['workout'] as const);
    return challengeValues(metric, await loggedAtByQuery(memberIds, from, to, kinds), timeZone);
  },
});
