import { computeActivityStats, type DayTotals } from './activityStats';
import { addDays, localDay, startOfLocalDay } from './calendarDays';
import type { Confidence } from './expenditure';
import type { DailyCalorieGoal } from './goals';
import { calorieBalance, type CalorieBalance } from './nutrition';
import type { WeightUnit } from './units';
import { forecastGoal, trendOf, trendOn, weeklyRateKg, type DailyWeight, type GoalForecast } from './weight';

/** This week's training against the weekly goal. */
export interface DashboardWeek {
  /** First day of the week holding `date`, `YYYY-MM-DD`. */
  start: string;
  activeMinutes: number;
  sessions: number;
  goalMinutes: number;
  metGoal: boolean;
}

/** The weight card: the trend as it stood on `date`, in the unit the person reads. */
export interface DashboardWeight {
  weightUnit: WeightUnit;
  trendKg: number | null;
  /** Trend on `date` minus the trend seven days before; null without a weigh-in by then. */
  weeklyChangeKg: number | null;
  /** Least-squares slope of the trend, kg per week, which the forecast uses. */
  weeklyRateKg: number | null;
  goalWeightKg: number | null;
  forecast: GoalForecast | null;
  /** The last day with a weigh-in on or before `date`. */
  lastWeighIn: string | null;
}

/** Days in a row with at least one workout, as the activity statistics count them. */
export interface DashboardStreak {
  /** Up to `date` (or the day before, while `date` has no workout yet). */
  currentDays: number;
  longestDays: number;
}

/** How much the person has logged ever, so each card can tell a new person how to begin. */
export interface DashboardCounts {
  meals: number;
  workouts: number;
  /** Days with at least one weigh-in. */
  weighInDays: number;
}

/** What the person burns a day as measured from their log (src/domain/expenditure.ts). */
export interface DashboardBurn {
  kcalPerDay: number;
  confidence: Confidence;
  /** The daily calorie goal follows it. */
  followedByGoal: boolean;
}

/** The answer of the dashboardSummary cloud function: the start page's cards for one local day. */
export interface DashboardSummary {
  date: string;
  today: string;
  timeZone: string;
  weekStartsOn: number;
  /** Energy of the day's meals. */
  caloriesEatenKcal: number;
  /** Energy of the day's workouts (net of the resting burn). */
  caloriesBurnedKcal: number;
  workoutsOnDay: number;
  calorieGoal: number | null;
  /** Eaten against the goal as the nutrition log counts it; null without a goal. */
  calorieBalance: CalorieBalance | null;
  week: DashboardWeek;
  weight: DashboardWeight;
  streak: DashboardStreak;
  counts: DashboardCounts;
  /** The measured expenditure of the four weeks before today; null until the log is enough. */
  burn: DashboardBurn | null;
  /** The settings lack what the formula needs (sex, year of birth, height, activity level). */
  bodyDataMissing: boolean;
}

/** What the cloud function reads for one person; everything else is computed here. */
export interface DashboardInput {
  date: string;
  now: Date;
  timeZone: string;
  weekStartsOn: number;
  weeklyGoalMin: number;
  /** The one daily goal (src/domain/goals.ts `dailyCalorieGoal`). */
  calorieGoal: DailyCalorieGoal | null;
  /** The person adds their workouts to what they may eat. */
  countsExercise: boolean;
  bodyDataMissing: boolean;
  goalWeightKg: number | null;
  weightUnit: WeightUnit;
  /** Energy of the meals eaten on `date`. */
  eatenKcal: number;
  mealCount: number;
  /** Totals of every day with a workout, from the same aggregate the activity page uses. */
  workoutDays: readonly DayTotals[];
  /** Every day's mean weight, in date order. */
  dailyWeights: readonly DailyWeight[];
  burn?: DashboardBurn | null;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

function weightAsOf(input: DashboardInput): DashboardWeight {
  const { date, goalWeightKg, weightUnit } = input;
  // Weigh-ins after `date` must not move the trend a past day shows.
  const trend = trendOf(input.dailyWeights.filter((day) => day.date <= date));
  const trendKg = trend.at(-1)?.trendKg ?? null;
  const weekBefore = trendOn(trend, addDays(date, -7));
  const rate = weeklyRateKg(trend, date);
  return {
    weightUnit,
    trendKg,
    weeklyChangeKg: trendKg === null || weekBefore === undefined ? null : trendKg - weekBefore,
    weeklyRateKg: rate,
    goalWeightKg,
    forecast:
      trendKg !== null && goalWeightKg !== null ? forecastGoal(trendKg, goalWeightKg, rate, date) : null,
    lastWeighIn: trend.at(-1)?.date ?? null,
  };
}

/**
 * The start page's cards for the local day `date`: calories eaten and burned against the goal,
 * the week holding `date` against the weekly goal, the weight trend and forecast, and the streak.
 */
export function summarizeDashboard(input: DashboardInput): DashboardSummary {
  const { date, timeZone, weekStartsOn, weeklyGoalMin, calorieGoal } = input;
  // The activity statistics as they stood on `date`: its week, and the streak up to it.
  const stats = computeActivityStats({
    days: input.workoutDays,
    timeZone,
    weekStartsOn,
    weeklyGoalMin,
    month: date.slice(0, 7),
    now: startOfLocalDay(date, timeZone),
    weekCount: 1,
  });
  const onDay = input.workoutDays.find((day) => day.date === date);
  const eatenKcal = round1(input.eatenKcal);
  return {
    date,
    today: localDay(input.now, timeZone),
    timeZone,
    weekStartsOn,
    caloriesEatenKcal: eatenKcal,
    caloriesBurnedKcal: round1(onDay?.kcal ?? 0),
    workoutsOnDay: onDay?.sessions ?? 0,
    calorieGoal: calorieGoal?.kcal ?? null,
    calorieBalance:
      calorieGoal === null
        ? null
        : calorieBalance(eatenKcal, calorieGoal, onDay?.kcal ?? 0, input.countsExercise),
    week: {
      start: stats.thisWeek.start,
      activeMinutes: stats.thisWeek.minutes,
      sessions: stats.thisWeek.sessions,
      goalMinutes: weeklyGoalMin,
      metGoal: stats.thisWeek.metGoal,
    },
    weight: weightAsOf(input),
    streak: { currentDays: stats.streaks.currentDays, longestDays: stats.streaks.longestDays },
    counts: {
      meals: input.mealCount,
      workouts: input.workoutDays.reduce((sum, day) => sum + day.sessions, 0),
      weighInDays: input.dailyWeights.length,
    },
    burn: input.burn ?? null,
    bodyDataMissing: input.bodyDataMissing,
  };
}
