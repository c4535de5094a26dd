import { addDays, localDay } from '../../src/domain/calendarDays';
import { dailyMeans } from '../../src/domain/weight';
import { MASTER_PAGES, Parse } from '../parse';
import { activityClass } from '../schema/activity';
import { queryOf } from '../schema/rows';
import { weightEntryClass } from '../schema/weightEntry';
import { loggedAtByQuery, loggedAtSql } from './logs';
import { storeRead } from './read';

/**
 * The friends ranking's sums over everyone ranked, each person on local days of their own zone:
 * with PostgreSQL one statement answers for all of them, whatever their number; without, their rows
 * are read and added up here. Both ways answer the same (cloud/store/ranking.int.test.ts).
 */

/** A person ranked, and the zone their days are counted in. */
export interface RankedPerson {
  userId: string;
  timeZone: string;
}

/** A span of local days, `YYYY-MM-DD`, both ends included. */
export interface Span {
  start: string;
  end: string;
}

export interface PersonSpans {
  current: Span;
  previous: Span;
}

/** Active minutes, kcal and active days of one person in one span. */
export interface Totals {
  minutes: number;
  kcal: number;
  activeDays: number;
}

export const NO_TOTALS: Totals = { minutes: 0, kcal: 0, activeDays: 0 };

const zoneArrays = (people: readonly RankedPerson[]) => [
  people.map((p) => p.userId),
  people.map((p) => p.timeZone),
];

const usersOf = (people: readonly RankedPerson[]) =>
  people.map((p) => Parse.User.createWithoutData(p.userId));

/**
 * Each person's workout totals in their current and previous span (which follow their own zone
 * and week start), from workouts started since `since`. People without a workout are absent.
 */
export const activityTotals = storeRead({
  async bySql(
    sql,
    people: readonly RankedPerson[],
    spansOf: ReadonlyMap<string, PersonSpans>,
    since: Date,
  ): Promise<Map<string, { current: Totals; previous: Totals }>> {
    const spanOf = (p: RankedPerson) => spansOf.get(p.userId) as PersonSpans;
    const { rows } = await sql.query<{ userId: string } & Record<string, number>>(
      `SELECT x.id AS "userId",
              coalesce(sum(x.minutes) FILTER (WHERE x.day BETWEEN x.cs AND x.ce), 0)::float8 AS "minutes",
              coalesce(sum(x.kcal) FILTER (WHERE x.day BETWEEN x.cs AND x.ce), 0)::float8 AS "kcal",
              count(DISTINCT x.day) FILTER (WHERE x.day BETWEEN x.cs AND x.ce)::int AS "activeDays",
              coalesce(sum(x.minutes) FILTER (WHERE x.day BETWEEN x.ps AND x.pe), 0)::float8 AS "previousMinutes",
              coalesce(sum(x.kcal) FILTER (WHERE x.day BETWEEN x.ps AND x.pe), 0)::float8 AS "previousKcal",
              count(DISTINCT x.day) FILTER (WHERE x.day BETWEEN x.ps AND x.pe)::int AS "previousActiveDays"
         FROM (SELECT p.id, p.cs, p.ce, p.ps, p.pe, (a."startedAt" AT TIME ZONE p.tz)::date AS day,
                      a."durationMin" AS minutes, coalesce(a."caloriesKcal", 0) AS kcal
                 FROM "Activity" a
                 JOIN unnest($1::text[], $2::text[], $3::date[], $4::date[], $5::date[], $6::date[])
                      AS p(id, tz, cs, ce, ps, pe) ON a."user" = p.id
                WHERE a."startedAt" >= $7 AND a."durationMin" > 0) x
        GROUP BY x.id`,
      [
        ...zoneArrays(people),
        people.map((p) => spanOf(p).current.start),
        people.map((p) => spanOf(p).current.end),
        people.map((p) => spanOf(p).previous.start),
        people.map((p) => spanOf(p).previous.end),
        since,
      ],
    );
    return new Map(
      rows.map((row) => [
        row.userId,
        {
          current: { minutes: row.minutes ?? 0, kcal: row.kcal ?? 0, activeDays: row.activeDays ?? 0 },
          previous: {
            minutes: row.previousMinutes ?? 0,
            kcal: row.previousKcal ?? 0,
            activeDays: row.previousActiveDays ?? 0,
          },
        },
      ]),
    );
  },
  async byQueries(
    people: readonly RankedPerson[],
    spansOf: ReadonlyMap<string, PersonSpans>,
    since: Date,
  ): Promise<Map<string, { current: Totals; previous: Totals }>> {
    const zones = new Map(people.map((p) => [p.userId, p.timeZone]));
    const activities = await queryOf(activityClass)
      .containedIn('user', usersOf(people))
      .greaterThanOrEqualTo('startedAt', since)
      .greaterThan('durationMin', 0)
      .select('user', 'startedAt', 'durationMin', 'caloriesKcal')
      .findAll(MASTER_PAGES);
    const totals = new Map<string, { current: Totals; previous: Totals }>();
    const days = new Map<string, { current: Set<string>; previous: Set<string> }>();
    for (const activity of activities) {
      const userId = activity.get('user').id ?? '';
      const spans = spansOf.get(userId);
      if (!spans) continue;
      const day = localDay(activity.get('startedAt'), zones.get(userId) ?? 'UTC');
      const entry = totals.get(userId) ?? { current: { ...NO_TOTALS }, previous: { ...NO_TOTALS } };
      const seen = days.get(userId) ?? { current: new Set<string>(), previous: new Set<string>() };
      for (const key of ['current', 'previous'] as const) {
        if (day < spans[key].start || day > spans[key].end) continue;
        entry[key].minutes += activity.get('durationMin');
        entry[key].kcal += activity.get('caloriesKcal') ?? 0;
        seen[key].add(day);
        entry[key].activeDays = seen[key].size;
      }
      totals.set(userId, entry);
      days.set(userId, seen);
    }
    return totals;
  },
});

/** Consecutive local days on which one person logged anything: a workout, a meal or a weigh-in. */
export interface LogRun {
  userId: string;
  first: string;
  last: string;
}

/** Runs of ascending, distinct days. */
function runsOf(userId: string, days: readonly string[]): LogRun[] {
  const runs: LogRun[] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && addDays(run.last, 1) === day) run.last = day;
    else runs.push({ userId, first: day, last: day });
  }
  return runs;
}

/**
 * Per person, the runs of days with any log since `since` that last until `reach` (a day per
 * person) or later: the only ones a streak ending then can be part of. In SQL a day minus its row
 * number is constant along a run. In no order.
 */
export const logRuns = storeRead({
  async bySql(
    sql,
    people: readonly RankedPerson[],
    reach: ReadonlyMap<string, string>,
    since: Date,
  ): Promise<LogRun[]> {
    const { rows } = await sql.query<LogRun>(
      `WITH p AS (SELECT * FROM unnest($1::text[], $2::text[], $3::date[]) AS p(id, tz, reach)),
            days AS (
              SELECT DISTINCT l.uid, (l.at AT TIME ZONE p.tz)::date AS day
                FROM (${loggedAtSql({ users: '$1', from: '$4' })}) l
                JOIN p ON l.uid = p.id),
            runs AS (
              SELECT uid, min(day) AS first, max(day) AS last
                FROM (SELECT uid, day, day - (row_number() OVER (PARTITION BY uid ORDER BY day))::int AS run FROM days) d
               GROUP BY uid, run)
       SELECT r.uid AS "userId", to_char(r.first, 'YYYY-MM-DD') AS first, to_char(r.last, 'YYYY-MM-DD') AS last
         FROM runs r JOIN p ON p.id = r.uid
        WHERE r.last >= p.reach`,
      [...zoneArrays(people), people.map((p) => reach.get(p.userId)), since],
    );
    return rows;
  },
  async byQueries(
    people: readonly RankedPerson[],
    reach: ReadonlyMap<string, string>,
    since: Date,
  ): Promise<LogRun[]> {
    const zones = new Map(people.map((p) => [p.userId, p.timeZone]));
    const days = new Map<string, Set<string>>();
    for (const { userId, at } of await loggedAtByQuery(
      people.map((p) => p.userId),
      since,
    )) {
      const set = days.get(userId) ?? new Set<string>();
      set.add(localDay(at, zones.get(userId) ?? 'UTC'));
      days.set(userId, set);
    }
    return [...days].flatMap(([userId, set]) =>
      runsOf(userId, [...set].sort()).filter((run) => run.last >= (reach.get(userId) ?? '')),
    );
  },
});

/** One person's mean weight on one local day. */
export interface WeightDay {
  userId: string;
  day: string;
  weightKg: number;
}

/** Per person, each local day's mean weight, in no order: the server reads weights, the answer never carries one. */
export const weightDays = storeRead({
  async bySql(sql, people: readonly RankedPerson[]): Promise<WeightDay[]> {
    if (people.length === 0) return [];
    const { rows } = await sql.query<WeightDay>(
      `SELECT w."user" AS "userId", to_char(w."measuredAt" AT TIME ZONE p.tz, 'YYYY-MM-DD') AS day,
              avg(w."weightKg")::float8 AS "weightKg"
         FROM "WeightEntry" w JOIN unnest($1::text[], $2::text[]) AS p(id, tz) ON w."user" = p.id
        GROUP BY 1, 2`,
      zoneArrays(people),
    );
    return rows;
  },
  async byQueries(people: readonly RankedPerson[]): Promise<WeightDay[]> {
    if (people.length === 0) return [];
    const zones = new Map(people.map((p) => [p.userId, p.timeZone]));
    const entries = await queryOf(weightEntryClass)
      .containedIn('user', usersOf(people))
      .select('user', 'measuredAt', 'weightKg')
      .findAll(MASTER_PAGES);
    const weighIns = new Map<string, { measuredAt: Date; weightKg: number }[]>();
    for (const entry of entries) {
      const userId = entry.get('user').id ?? '';
      const own = weighIns.get(userId) ?? [];
      own.push({ measuredAt: entry.get('measuredAt'), weightKg: entry.get('weightKg') });
      weighIns.set(userId, own);
    }
    return [...weighIns].flatMap(([userId, own]) =>
      dailyMeans(own, zones.get(userId) ?? 'UTC').map(({ date, weightKg }) => ({
        userId,
        day: date,
        weightKg,
      })),
    );
  },
});
