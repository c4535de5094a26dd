import { addDays, daysBetween, isValidTimeZone, localDay, startOfWeek } from '../../src/domain/calendarDays';
import {
  RANKING_METRICS,
  RANKING_PERIODS,
  rankByValue,
  type PublicProfile,
  type Ranking,
  type RankingMetric,
  type RankingPeriod,
} from '../../src/domain/friends';
import { dailyMeans } from '../../src/domain/weight';
import { sqlClient } from '../database';
import { loggedAtByQuery, loggedAtSql } from '../store/logs';
import { MASTER, Parse, validationError } from '../parse';
import { activityClass } from '../schema/activity';
import { queryOf } from '../schema/rows';
import { settingsClass } from '../schema/settings';
import { weightEntryClass } from '../schema/weightEntry';

const DAY_MS = 86_400_000;
/** Local days start at most 14 hours before or 12 hours after the UTC day of the same date. */
const ZONE_MARGIN_MS = DAY_MS;
/** How far back a logging streak is followed. */
const STREAK_WINDOW_DAYS = 400;

interface Participant {
  userId: string;
  me: boolean;
  timeZone: string;
  weekStartsOn: number;
  shareActivity: boolean;
  shareWeightProgress: boolean;
  goalWeightKg: number | null;
}

interface Span {
  start: string;
  end: string;
}

interface WeightDay {
  userId: string;
  day: string;
  weightKg: number;
}

function spans(
  participant: Participant,
  period: RankingPeriod,
  now: Date,
): { current: Span; previous: Span } {
  const today = localDay(now, participant.timeZone);
  const start = period === 'week' ? startOfWeek(today, participant.weekStartsOn) : `${today.slice(0, 7)}-01`;
  const previousEnd = addDays(start, -1);
  const previousStart = period === 'week' ? addDays(start, -7) : `${previousEnd.slice(0, 7)}-01`;
  return { current: { start, end: today }, previous: { start: previousStart, end: previousEnd } };
}

async function participantsOf(ids: readonly string[], meId: string): Promise<Participant[]> {
  const settings = await queryOf(settingsClass)
    .containedIn(
      'user',
      ids.map((id) => Parse.User.createWithoutData(id)),
    )
    .limit(ids.length)
    .find(MASTER);
  const byUser = new Map(settings.map((row) => [row.get('user').id ?? '', row]));
  return ids.map((userId) => {
    const row = byUser.get(userId);
    const zone: unknown = row?.get('timezone');
    const weekStartsOn: unknown = row?.get('weekStartsOn');
    const goal: unknown = row?.get('goalWeightKg');
    return {
      userId,
      me: userId === meId,
      timeZone: typeof zone === 'string' && isValidTimeZone(zone) ? zone : 'UTC',
      weekStartsOn: typeof weekStartsOn === 'number' ? weekStartsOn : 1,
      shareActivity: row?.get('shareActivity') !== false,
      shareWeightProgress: row?.get('shareWeightProgress') === true,
      goalWeightKg: typeof goal === 'number' ? goal : null,
    };
  });
}

const zoneArrays = (people: readonly Participant[]) => [
  people.map((p) => p.userId),
  people.map((p) => p.timeZone),
];

/** Active minutes, kcal and active days of one person in one span. */
interface Totals {
  minutes: number;
  kcal: number;
  activeDays: number;
}

interface PersonSpans {
  current: Span;
  previous: Span;
}

const NO_TOTALS: Totals = { minutes: 0, kcal: 0, activeDays: 0 };

/**
 * Each person's totals in their current and previous span (which follow their own time zone and
 * week start). With PostgreSQL, one statement answers one row per person, whatever the number of
 * friends; otherwise the workouts are read and added up here.
 */
async function activityTotals(
  people: readonly Participant[],
  spansOf: ReadonlyMap<string, PersonSpans>,
  since: Date,
): Promise<Map<string, { current: Totals; previous: Totals }>> {
  const spanOf = (p: Participant) => spansOf.get(p.userId) as PersonSpans;
  const sql = sqlClient();
  if (sql) {
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
  }

  const zones = new Map(people.map((p) => [p.userId, p.timeZone]));
  const activities = await queryOf(activityClass)
    .containedIn(
      'user',
      people.map((p) => Parse.User.createWithoutData(p.userId)),
    )
    .greaterThanOrEqualTo('startedAt', since)
    .select('user', 'startedAt', 'durationMin', 'caloriesKcal')
    .findAll({ ...MASTER, batchSize: 1000 });
  const totals = new Map<string, { current: Totals; previous: Totals; days: Set<string> }>();
  for (const activity of activities) {
    const userId = activity.get('user').id ?? '';
    const spans = spansOf.get(userId);
    if (!spans) continue;
    const day = localDay(activity.get('startedAt'), zones.get(userId) ?? 'UTC');
    const entry = totals.get(userId) ?? {
      current: { ...NO_TOTALS },
      previous: { ...NO_TOTALS },
      days: new Set<string>(),
    };
    for (const key of ['current', 'previous'] as const) {
      if (day < spans[key].start || day > spans[key].end) continue;
      entry[key].minutes += Number(activity.get('durationMin') ?? 0);
      entry[key].kcal += Number(activity.get('caloriesKcal') ?? 0);
      if (!entry.days.has(day)) entry[key].activeDays += 1;
    }
    entry.days.add(day);
    totals.set(userId, entry);
  }
  return totals;
}

/** Consecutive local days on which one person logged anything: a workout, a meal or a weigh-in. */
interface LogRun {
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
 * person) or later: the only ones a streak ending then can be part of. With PostgreSQL one
 * statement finds them (a day minus its row number is constant along a run).
 */
async function logRuns(
  people: readonly Participant[],
  reach: ReadonlyMap<string, string>,
  since: Date,
): Promise<LogRun[]> {
  const sql = sqlClient();
  if (sql) {
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
  }
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
}

/** Per person, each local day's mean weight: the server reads weights, the answer never carries one. */
async function weightDays(people: readonly Participant[]): Promise<WeightDay[]> {
  if (people.length === 0) return [];
  const sql = sqlClient();
  if (sql) {
    const { rows } = await sql.query<WeightDay>(
      `SELECT w."user" AS "userId", to_char(w."measuredAt" AT TIME ZONE p.tz, 'YYYY-MM-DD') AS day,
              avg(w."weightKg")::float8 AS "weightKg"
         FROM "WeightEntry" w JOIN unnest($1::text[], $2::text[]) AS p(id, tz) ON w."user" = p.id
        GROUP BY 1, 2`,
      zoneArrays(people),
    );
    return rows;
  }
  const zones = new Map(people.map((p) => [p.userId, p.timeZone]));
  const entries = await queryOf(weightEntryClass)
    .containedIn(
      'user',
      people.map((p) => Parse.User.createWithoutData(p.userId)),
    )
    .select('user', 'measuredAt', 'weightKg')
    .findAll({ ...MASTER, batchSize: 1000 });
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
}

/** Days in a row with a log, ending on `end` (or the day before, while `end` is still open). */
function streakEnding(runs: readonly LogRun[], end: string): number {
  const through = (day: string) => runs.find((run) => run.first <= day && day <= run.last);
  const last = through(end) ? end : addDays(end, -1);
  const run = through(last);
  return run ? daysBetween(run.first, last) + 1 : 0;
}

/** Percent of the way from the first weigh-in to the goal, as of `end`. */
function progressAt(days: readonly WeightDay[], goalKg: number, end: string): number | null {
  const first = days[0];
  const latest = days.filter((day) => day.day <= end).at(-1);
  if (!first || !latest || Math.abs(first.weightKg - goalKg) < 0.05) return null;
  return Math.round(((first.weightKg - latest.weightKg) / (first.weightKg - goalKg)) * 1000) / 10;
}

function groupBy<T extends { userId: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.userId) ?? [];
    group.push(row);
    groups.set(row.userId, group);
  }
  return groups;
}

export function readRankingParams(params: Record<string, unknown>): {
  metric: RankingMetric;
  period: RankingPeriod;
} {
  const { metric, period } = params;
  if (typeof metric !== 'string' || !(RANKING_METRICS as readonly string[]).includes(metric)) {
    throw validationError('server.params.oneOf', { field: 'metric', values: RANKING_METRICS.join(', ') });
  }
  if (typeof period !== 'string' || !(RANKING_PERIODS as readonly string[]).includes(period)) {
    throw validationError('server.params.oneOf', { field: 'period', values: RANKING_PERIODS.join(', ') });
  }
  return { metric: metric as RankingMetric, period: period as RankingPeriod };
}

/**
 * The ranking of the person and their accepted friends. Sums come from at most three statements
 * however many friends there are; each person's period follows their own time zone and week
 * start. Only values leave: minutes, kcal, days or percent, never a weight or a workout.
 */
export async function computeRanking(
  meId: string,
  friendIds: readonly string[],
  metric: RankingMetric,
  period: RankingPeriod,
  profiles: (ids: readonly string[]) => Promise<Map<string, PublicProfile>>,
  now: Date = new Date(),
): Promise<Ranking> {
  // Names and avatars of everyone who may appear, fetched while the numbers are computed.
  const profilesLoaded = profiles([meId, ...friendIds]);
  // Awaited below; until then a failure must not count as unhandled if the numbers fail first.
  profilesLoaded.catch(() => undefined);
  const everyone = await participantsOf([meId, ...friendIds], meId);
  const shares = (p: Participant) =>
    metric === 'weightProgressPct'
      ? (p.me || p.shareWeightProgress) && p.goalWeightKg !== null
      : p.me || p.shareActivity;
  const ranked = everyone.filter(shares);

  const values = new Map<string, { value: number | null; previous: number | null }>();
  if (metric === 'weightProgressPct') {
    const byUser = groupBy(await weightDays(ranked));
    for (const person of ranked) {
      const days = (byUser.get(person.userId) ?? []).sort((a, b) => a.day.localeCompare(b.day));
      const { current, previous } = spans(person, period, now);
      const goal = person.goalWeightKg ?? 0;
      values.set(person.userId, {
        value: progressAt(days, goal, current.end),
        previous: progressAt(days, goal, previous.end),
      });
    }
  } else if (metric === 'loggingStreak') {
    const spansOf = new Map(ranked.map((person) => [person.userId, spans(person, period, now)]));
    const reach = new Map([...spansOf].map(([userId, { previous }]) => [userId, addDays(previous.end, -1)]));
    const byUser = groupBy(
      await logRuns(ranked, reach, new Date(now.getTime() - STREAK_WINDOW_DAYS * DAY_MS)),
    );
    for (const person of ranked) {
      const runs = byUser.get(person.userId) ?? [];
      const { current, previous } = spansOf.get(person.userId) ?? spans(person, period, now);
      values.set(person.userId, {
        value: streakEnding(runs, current.end),
        previous: streakEnding(runs, previous.end),
      });
    }
  } else {
    const spansOf = new Map(ranked.map((person) => [person.userId, spans(person, period, now)]));
    // Only the workouts that can fall in someone's previous or current span are read.
    const earliest = [...spansOf.values()].reduce(
      (first, { previous }) => (previous.start < first ? previous.start : first),
      localDay(now, 'UTC'),
    );
    const since = new Date(Date.parse(`${earliest}T00:00:00Z`) - ZONE_MARGIN_MS);
    const totals = await activityTotals(ranked, spansOf, since);
    const pick = (sums: Totals | undefined) => {
      const { minutes, kcal, activeDays } = sums ?? NO_TOTALS;
      if (metric === 'activeMinutes') return minutes;
      if (metric === 'caloriesBurned') return Math.round(kcal);
      return activeDays;
    };
    for (const person of ranked) {
      const sums = totals.get(person.userId);
      values.set(person.userId, { value: pick(sums?.current), previous: pick(sums?.previous) });
    }
  }

  const withValues = ranked.filter((person) => values.get(person.userId)?.value != null);
  const current = rankByValue(
    withValues.map((p) => ({ userId: p.userId, value: values.get(p.userId)?.value ?? 0 })),
  );
  const before = rankByValue(
    withValues
      .filter((p) => values.get(p.userId)?.previous != null)
      .map((p) => ({ userId: p.userId, value: values.get(p.userId)?.previous ?? 0 })),
  );
  const previousRank = new Map(before.map((row) => [row.userId, row.rank]));
  const notSharing = everyone.filter((p) => !p.me && !withValues.includes(p)).map((p) => p.userId);
  const people = await profilesLoaded;

  return {
    metric,
    period,
    rows: current.flatMap((row) => {
      const person = people.get(row.userId);
      return person
        ? [
            {
              ...person,
              me: row.userId === meId,
              value: row.value,
              rank: row.rank,
              previousRank: previousRank.get(row.userId) ?? null,
            },
          ]
        : [];
    }),
    notSharing: notSharing.flatMap((id) => {
      const person = people.get(id);
      return person ? [person] : [];
    }),
  };
}
