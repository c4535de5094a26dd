/**
 * Training load: a workout's load (Banister's TRIMP from heart rate, else Foster's session effort
 * on the same scale), and fitness, fatigue and form from the daily loads.
 */
import { addDays, localDay } from './calendarDays';
import { activityRules } from './contract';
import type { Sex } from './goals';
import { heartRateStretches } from './heartRateZones';

/**
 * Banister's weighting of a minute at a share `x` of heart-rate reserve (Morton, Fitz-Clarke &
 * Banister 1990, J Appl Physiol 69:1171–1177; Banister 1991): 0.64·e^(1.92x) for men and
 * 0.86·e^(1.67x) for women, fitted to the rise of blood lactate. Nothing says which curve fits
 * anyone else, so without a sex of male or female the mean of the two is used.
 */
export function trimpWeighting(x: number, sex: Sex | undefined): number {
  const male = 0.64 * Math.exp(1.92 * x);
  const female = 0.86 * Math.exp(1.67 * x);
  if (sex === 'male') return male;
  if (sex === 'female') return female;
  return (male + female) / 2;
}

/** What the load of a workout needs to know of the person. */
export interface LoadPerson {
  restingHr: number;
  maxHr: number;
  sex?: Sex | undefined;
}

/**
 * Banister's TRIMP of a heart-rate track: Σ minutes × x × weighting(x), where x is the share of
 * reserve, (HR − rest) / (max − rest), kept within 0…1. Readings hold until the next; gaps over a
 * minute count nothing (see `heartRateStretches`). Null for a track without heart rate.
 */
export function banisterTrimp(
  track: readonly { t: number; hr?: number | undefined }[],
  person: LoadPerson,
): number | null {
  const stretches = heartRateStretches(track);
  if (stretches.length === 0 || person.maxHr <= person.restingHr) return null;
  let load = 0;
  for (const { hr, seconds } of stretches) {
    const x = Math.min(1, Math.max(0, (hr - person.restingHr) / (person.maxHr - person.restingHr)));
    load += (seconds / 60) * x * trimpWeighting(x, person.sex);
  }
  return load;
}

/** The effort a workout form takes: Borg's CR-10 scale as Foster uses it, 1 (very easy) to 10 (maximal). */
export const EFFORT_RULE = activityRules.effort;

/**
 * Foster's session RPE (Foster et al. 2001, J Strength Cond Res 15:109–115): effort × minutes, in
 * arbitrary units.
 */
export function sessionRpe(effort: number, minutes: number): number {
  return effort * minutes;
}

/**
 * A workout without heart rate on TRIMP's scale. Foster's session RPE multiplies minutes by the
 * effort, TRIMP by the share of reserve and its weighting; reading an effort of e as e/10 of
 * heart-rate reserve (an effort of 10 is maximal, 5 halfway) turns one into the other: an hour at
 * effort 7 counts as an hour at 70 % of reserve. Foster found session RPE to follow heart-rate
 * load, which is what lets the two stand on one scale.
 */
export function effortLoad(effort: number, minutes: number, sex: Sex | undefined): number {
  const x = effort / 10;
  return minutes * x * trimpWeighting(x, sex);
}

/** A workout as its load needs it. */
export interface LoadWorkout {
  durationMin: number;
  effort?: number | undefined;
  track?: readonly { t: number; hr?: number | undefined }[] | undefined;
}

/** A workout's load: TRIMP from its heart rate where there is one, else its effort's; else null. */
export function workoutLoad(workout: LoadWorkout, person: LoadPerson): number | null {
  const trimp = workout.track ? banisterTrimp(workout.track, person) : null;
  if (trimp !== null) return trimp;
  return workout.effort === undefined ? null : effortLoad(workout.effort, workout.durationMin, person.sex);
}

/** The sum of the workouts' loads on each local day. */
export function dailyLoads(
  workouts: readonly { startedAt: Date; load: number }[],
  timeZone: string,
): Map<string, number> {
  const loads = new Map<string, number>();
  for (const { startedAt, load } of workouts) {
    const day = localDay(startedAt, timeZone);
    loads.set(day, (loads.get(day) ?? 0) + load);
  }
  return loads;
}

/** Fitness follows the load with a 42-day time constant, fatigue with a 7-day one. */
export const FITNESS_DAYS = 42;
export const FATIGUE_DAYS = 7;

/**
 * The share of the gap to today's load that an average with time constant τ days closes in one
 * day: 1 − e^(−1/τ). This is Banister's impulse–response model exactly (each day's load fading by
 * e^(−1/τ) a day); TrainingPeaks' 1/τ is its first-order approximation and runs about 7 % fast
 * for fatigue (1/7 = 0.143 against 0.133).
 */
export function dailyShare(timeConstantDays: number): number {
  return 1 - Math.exp(-1 / timeConstantDays);
}

/** Fitness and fatigue at the end of a day: what the next day's update starts from. */
export interface LoadState {
  /** `YYYY-MM-DD` in the person's zone. */
  date: string;
  fitness: number;
  fatigue: number;
}

export interface LoadDay extends LoadState {
  load: number;
  /** Fitness − fatigue of the same day. */
  form: number;
}

/** The state before a person's first day of load: nothing built up. */
export function emptyStateBefore(day: string): LoadState {
  return { date: addDays(day, -1), fitness: 0, fatigue: 0 };
}

/**
 * Fitness, fatigue and form for each day after `before` up to `through`: each day
 * value += share × (load − value). Given the stored state of the day before a changed day, this
 * recomputes from that day on and leaves the days before untouched.
 */
export function loadDaysFrom(
  before: LoadState,
  loads: ReadonlyMap<string, number>,
  through: string,
): LoadDay[] {
  const fitnessShare = dailyShare(FITNESS_DAYS);
  const fatigueShare = dailyShare(FATIGUE_DAYS);
  const days: LoadDay[] = [];
  let { fitness, fatigue } = before;
  for (let date = addDays(before.date, 1); date <= through; date = addDays(date, 1)) {
    const load = loads.get(date) ?? 0;
    fitness += fitnessShare * (load - fitness);
    fatigue += fatigueShare * (load - fatigue);
    days.push({ date, load, fitness, fatigue, form: fitness - fatigue });
  }
  return days;
}

/** A week's load against the usual: more than this times the four weeks before earns a warning. */
export const WEEK_LOAD_WARNING_RATIO = 1.5;

export interface WeekLoad {
  /** The load of the seven days ending on the day. */
  week: number;
  /** The mean weekly load of the four weeks before those seven days. */
  fourWeekAverage: number;
  warning: boolean;
}

/**
 * The week ending on `day` against the four weeks before it. The four weeks leave this week out,
 * so a sudden week cannot raise its own yardstick; with no load in them there is nothing to warn of.
 */
export function weekLoad(loads: ReadonlyMap<string, number>, day: string): WeekLoad {
  const sum = (fromBack: number, toBack: number) => {
    let total = 0;
    for (let back = fromBack; back <= toBack; back += 1) total += loads.get(addDays(day, -back)) ?? 0;
    return total;
  };
  const week = sum(0, 6);
  const fourWeekAverage = sum(7, 34) / 4;
  return {
    week,
    fourWeekAverage,
    warning: fourWeekAverage > 0 && week > WEEK_LOAD_WARNING_RATIO * fourWeekAverage,
  };
}

/** Where a workout's load comes from. */
export type LoadSource = 'heartRate' | 'effort';

/** What `trainingLoad({ from, to })` answers: one entry per day from `from` to `to`, both included. */
export interface TrainingLoadSeries {
  from: string;
  to: string;
  timeZone: string;
  days: LoadDay[];
  /** The seven days ending on `to` against the four weeks before them. */
  week: WeekLoad;
  /** Workouts in the range by where their load comes from, and those with none (no heart rate, no effort). */
  workouts: { heartRate: number; effort: number; none: number };
}
