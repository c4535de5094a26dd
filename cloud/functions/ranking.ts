import { addDays, isValidTimeZone, localDay, startOfWeek } from '../../src/domain/calendarDays';
import {
  RANKING_METRICS,
  RANKING_PERIODS,
  rankByValue,
  type PublicProfile,
  type Ranking,
  type RankingMetric,
  type RankingPeriod,
} from '../../src/domain/friends';
import { sqlClient } from '../database';
import { Parse, validationError } from '../parse';

const MASTER = { useMasterKey: true } as const;
const DAY_MS = 86_400_000;
/** How far back activity sums look: this and the previous month, whatever the zone. */
const SUM_WINDOW_DAYS = 70;
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

interface DayRow {
  userId: string;
  day: string;
  minutes: number;
  kcal: number;
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
  const settings = await new Parse.Query('Settings')
    .containedIn(
      'user',
      ids.map((id) => Parse.User.createWithoutData(id)),
    )
    .limit(ids.length)
    .find(MASTER);
  const byUser = new Map(settings.map((row) => [(row.get('user') as { id?: string }).id ?? '', row]));
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

/** Per person and local day: active minutes and kcal. One statement, whatever the number of friends. */
async function activityDays(people: readonly Participant[], since: Date): Promise<DayRow[]> {
  const sql = sqlClient();
  if (sql) {
    const { rows } = await sql.query<DayRow>(
      `SELECT a."user" AS "userId", to_char(a."startedAt" AT TIME ZONE p.tz, 'YYYY-MM-DD') AS day,
              sum(a."durationMin")::float8 AS minutes, coalesce(sum(a."caloriesKcal"), 0)::float8 AS kcal
         FROM "Activity" a JOIN unnest($1::text[], $2::text[]) AS p(id, tz) ON a."user" = p.id
        WHERE a."startedAt" >= $3 GROUP BY 1, 2`,
      [...zoneArrays(people), since],
    );
    return rows;
  }
  const zones = new Map(people.map((p) => [p.userId, p.timeZone]));
  const activities = await new Parse.Query('Activity')
    .containedIn(
      'user',
      people.map((p) => Parse.User.createWithoutData(p.userId)),
    )
    .greaterThanOrEqualTo('startedAt', since)
    .select('user', 'startedAt', 'durationMin', 'caloriesKcal')
    .findAll({ ...MASTER, batchSize: 1000 });
  // One row per person and day, as the SQL statement answers, so active days count days.
  const days = new Map<string, DayRow>();
  for (const activity of activities) {
    const userId = (activity.get('user') as { id?: string }).id ?? '';
    const day = localDay(activity.get('startedAt') as Date, zones.get(userId) ?? 'UTC');
    const row = days.get(`${userId} ${day}`) ?? { userId, day, minutes: 0, kcal: 0 };
    row.minutes += Number(activity.get('durationMin') ?? 0);
    row.kcal += Number(activity.get('caloriesKcal') ?? 0);
    days.set(`${userId} ${day}`, row);
  }
  return [...days.values()];
}

/** Per person, the local days with any log: a workout, a meal or a weigh-in. */
async function logDays(
  people: readonly Participant[],
  since: Date,
): Promise<{ userId: string; day: string }[]> {
  const sql = sqlClient();
  if (sql) {
    const { rows } = await sql.query<{ userId: string; day: string }>(
      `SELECT l.uid AS "userId", to_char(l.at AT TIME ZONE p.tz, 'YYYY-MM-DD') AS day
         FROM (SELECT "user" AS uid, "startedAt" AS at FROM "Activity" WHERE "user" = ANY($1) AND "startedAt" >= $3
               UNION ALL SELECT "user", "eatenAt" FROM "Meal" WHERE "user" = ANY($1) AND "eatenAt" >= $3
               UNION ALL SELECT "user", "measuredAt" FROM "WeightEntry" WHERE "user" = ANY($1) AND "measuredAt" >= $3) l
         JOIN unnest($1::text[], $2::text[]) AS p(id, tz) ON l.uid = p.id
        GROUP BY 1, 2`,
      [...zoneArrays(people), since],
    );
    return rows;
  }
  const zones = new Map(people.map((p) => [p.userId, p.timeZone]));
  const pointers = people.map((p) => Parse.User.createWithoutData(p.userId));
  const sources = [
    ['Activity', 'startedAt'],
    ['Meal', 'eatenAt'],
    ['WeightEntry', 'measuredAt'],
  ] as const;
  const found = await Promise.all(
    sources.map(([className, field]) =>
      new Parse.Query(className)
        .containedIn('user', pointers)
        .greaterThanOrEqualTo(field, since)
        .select('user', field)
        .findAll({ ...MASTER, batchSize: 1000 })
        .then((rows) => rows.map((row) => ({ row, field }))),
    ),
  );
  return found.flat().map(({ row, field }) => {
    const userId = (row.get('user') as { id?: string }).id ?? '';
    return { userId, day: localDay(row.get(field) as Date, zones.get(userId) ?? 'UTC') };
  });
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
  const entries = await new Parse.Query('WeightEntry')
    .containedIn(
      'user',
      people.map((p) => Parse.User.createWithoutData(p.userId)),
    )
    .select('user', 'measuredAt', 'weightKg')
    .findAll({ ...MASTER, batchSize: 1000 });
  return entries.map((entry) => {
    const userId = (entry.get('user') as { id?: string }).id ?? '';
    return {
      userId,
      day: localDay(entry.get('measuredAt') as Date, zones.get(userId) ?? 'UTC'),
      weightKg: Number(entry.get('weightKg') ?? 0),
    };
  });
}

function sumOver(days: readonly DayRow[], span: Span, pick: (day: DayRow) => number): number {
  return days
    .filter((day) => day.day >= span.start && day.day <= span.end)
    .reduce((sum, day) => sum + pick(day), 0);
}

/** Days in a row with a log, ending on `end` (or the day before, while `end` is still open). */
function streakEnding(days: ReadonlySet<string>, end: string): number {
  let day = days.has(end) ? end : addDays(end, -1);
  let count = 0;
  while (days.has(day)) {
    count += 1;
    day = addDays(day, -1);
  }
  return count;
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
    throw validationError(`metric must be one of: ${RANKING_METRICS.join(', ')}.`);
  }
  if (typeof period !== 'string' || !(RANKING_PERIODS as readonly string[]).includes(period)) {
    throw validationError(`period must be one of: ${RANKING_PERIODS.join(', ')}.`);
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
    const byUser = groupBy(await logDays(ranked, new Date(now.getTime() - STREAK_WINDOW_DAYS * DAY_MS)));
    for (const person of ranked) {
      const days = new Set((byUser.get(person.userId) ?? []).map((row) => row.day));
      const { current, previous } = spans(person, period, now);
      values.set(person.userId, {
        value: streakEnding(days, current.end),
        previous: streakEnding(days, previous.end),
      });
    }
  } else {
    const byUser = groupBy(await activityDays(ranked, new Date(now.getTime() - SUM_WINDOW_DAYS * DAY_MS)));
    const measure = (days: readonly DayRow[], span: Span) => {
      if (metric === 'activeMinutes') return sumOver(days, span, (day) => day.minutes);
      if (metric === 'caloriesBurned') return Math.round(sumOver(days, span, (day) => day.kcal));
      return sumOver(days, span, (day) => (day.minutes > 0 ? 1 : 0));
    };
    for (const person of ranked) {
      const days = byUser.get(person.userId) ?? [];
      const { current, previous } = spans(person, period, now);
      values.set(person.userId, { value: measure(days, current), previous: measure(days, previous) });
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
  const people = await profiles([...current.map((row) => row.userId), ...notSharing]);

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
