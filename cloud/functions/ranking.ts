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
import { MASTER, userPointer, validationError } from '../parse';
import { queryOf } from '../schema/rows';
import { settingsClass } from '../schema/settings';
import {
  activityTotals,
  logRuns,
  NO_TOTALS,
  weightDays,
  type LogRun,
  type Span,
  type Totals,
  type WeightDay,
} from '../store/ranking';

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
    .containedIn('user', ids.map(userPointer))
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
