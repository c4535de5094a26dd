import { addDays, localDay, monthOf, startOfWeek } from './calendarDays';

/** What the statistics need of a workout. */
export interface ActivityRecord {
  startedAt: Date;
  durationMin: number;
  caloriesKcal?: number | undefined;
}

export interface Totals {
  minutes: number;
  kcal: number;
  sessions: number;
}

export interface DayTotals extends Totals {
  /** `YYYY-MM-DD` in the person's time zone. */
  date: string;
}

export interface WeekTotals extends Totals {
  /** First day of the week, `YYYY-MM-DD`. */
  start: string;
  metGoal: boolean;
}

export interface Streaks {
  /** Days in a row with any activity, up to today (or yesterday, while today is still open). */
  currentDays: number;
  longestDays: number;
  /** Weeks in a row meeting the goal, up to this week (or last week, while this one is open). */
  currentWeeks: number;
  longestWeeks: number;
}

export interface ActivityStatsInput {
  /** Totals of every day with a workout, from `totalsByDay` or a database aggregate. */
  days: readonly DayTotals[];
  timeZone: string;
  weekStartsOn: number;
  weeklyGoalMin: number;
  /** `YYYY-MM`: the month whose days are listed. */
  month: string;
  now: Date;
  /** How many weeks, up to and including this one, the weekly series holds. */
  weekCount?: number;
}

export interface ActivityStats {
  today: string;
  /** Days of `month` with at least one workout, in date order. */
  days: DayTotals[];
  thisWeek: WeekTotals;
  /** The last `weekCount` weeks, oldest first, this week last. */
  weeks: WeekTotals[];
  streaks: Streaks;
}

/** Longest run of consecutive keys, stepping with `next`, among the sorted keys that qualify. */
function longestRun(sortedKeys: readonly string[], next: (key: string) => string): number {
  let longest = 0;
  let run = 0;
  let previous: string | undefined;
  for (const key of sortedKeys) {
    run = previous !== undefined && next(previous) === key ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = key;
  }
  return longest;
}

function runEndingAt(
  qualifies: (key: string) => boolean,
  from: string,
  back: (key: string) => string,
): number {
  let count = 0;
  for (let key = from; qualifies(key); key = back(key)) count += 1;
  return count;
}

/** Each day with a workout and its totals, a workout counted on the local day it started. */
export function totalsByDay(activities: readonly ActivityRecord[], timeZone: string): DayTotals[] {
  const byDay = new Map<string, DayTotals>();
  for (const activity of activities) {
    const date = localDay(activity.startedAt, timeZone);
    let totals = byDay.get(date);
    if (!totals) byDay.set(date, (totals = { date, minutes: 0, kcal: 0, sessions: 0 }));
    totals.minutes += activity.durationMin;
    totals.kcal += activity.caloriesKcal ?? 0;
    totals.sessions += 1;
  }
  return [...byDay.values()];
}

/**
 * Totals per week and the streaks from a person's day totals, the days of one month, and
 * this week against the goal. Pure, so the cloud function and the tests share it.
 */
export function computeActivityStats(input: ActivityStatsInput): ActivityStats {
  const { timeZone, weekStartsOn, month } = input;
  const goal = Math.max(1, input.weeklyGoalMin);
  const weekCount = input.weekCount ?? 12;
  const today = localDay(input.now, timeZone);
  const thisWeekStart = startOfWeek(today, weekStartsOn);

  const byDay = new Map<string, Totals>();
  const byWeek = new Map<string, Totals>();
  for (const day of input.days) {
    byDay.set(day.date, day);
    const week = startOfWeek(day.date, weekStartsOn);
    let weekTotals = byWeek.get(week);
    if (!weekTotals) byWeek.set(week, (weekTotals = { minutes: 0, kcal: 0, sessions: 0 }));
    weekTotals.minutes += day.minutes;
    weekTotals.kcal += day.kcal;
    weekTotals.sessions += day.sessions;
  }
  const weekTotals = (start: string): WeekTotals => {
    const totals = byWeek.get(start) ?? { minutes: 0, kcal: 0, sessions: 0 };
    return { start, ...totals, metGoal: totals.minutes >= goal };
  };
  const weeks = Array.from({ length: weekCount }, (_, index) =>
    weekTotals(addDays(thisWeekStart, -7 * (weekCount - 1 - index))),
  );

  const days = input.days
    .filter((day) => monthOf(day.date) === month)
    .map(({ date, minutes, kcal, sessions }) => ({ date, minutes, kcal, sessions }))
    .sort((a, b) => a.date.localeCompare(b.date));

  const activeDay = (day: string) => byDay.has(day);
  const goalWeek = (start: string) => (byWeek.get(start)?.minutes ?? 0) >= goal;
  const previousDay = (day: string) => addDays(day, -1);
  const previousWeek = (start: string) => addDays(start, -7);
  const sortedDays = [...byDay.keys()].sort();
  const sortedGoalWeeks = [...byWeek.keys()].filter(goalWeek).sort();

  return {
    today,
    days,
    thisWeek: weekTotals(thisWeekStart),
    weeks,
    streaks: {
      currentDays: runEndingAt(activeDay, activeDay(today) ? today : previousDay(today), previousDay),
      longestDays: longestRun(sortedDays, (day) => addDays(day, 1)),
      currentWeeks: runEndingAt(
        goalWeek,
        goalWeek(thisWeekStart) ? thisWeekStart : previousWeek(thisWeekStart),
        previousWeek,
      ),
      longestWeeks: longestRun(sortedGoalWeeks, (start) => addDays(start, 7)),
    },
  };
}
