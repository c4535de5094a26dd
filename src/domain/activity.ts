import type { ActivityStats } from './activityStats';
import type { ActivitySource, ActivityType } from './contract';
import type { ExerciseRow, LoggedExercise, Muscle, RecordKind } from './strength';
import type { SyncState } from './sync';
import type { TrackPoint } from './track';
import type { Units } from './units';

/** How each activity type is named and shown, and its energy cost. */
export interface ActivityTypeInfo {
  label: string;
  icon: string;
  /** Metabolic equivalent from the 2011 Compendium of Physical Activities (gross, resting = 1). */
  met: number;
}

export const ACTIVITY_TYPE_INFO: Readonly<Record<ActivityType, ActivityTypeInfo>> = {
  run: { label: 'Running', icon: '🏃', met: 8.0 },
  walk: { label: 'Walking', icon: '🚶', met: 3.5 },
  cycle: { label: 'Cycling', icon: '🚴', met: 7.5 },
  swim: { label: 'Swimming', icon: '🏊', met: 7.0 },
  strength: { label: 'Strength', icon: '🏋️', met: 6.0 },
  yoga: { label: 'Yoga', icon: '🧘', met: 2.5 },
  hiit: { label: 'HIIT', icon: '🔥', met: 8.0 },
  hike: { label: 'Hiking', icon: '🥾', met: 6.0 },
  row: { label: 'Rowing', icon: '🚣', met: 7.0 },
  other: { label: 'Other', icon: '⭐', met: 4.0 },
};

/** Used for the estimate until the person has logged a weight. */
export const DEFAULT_BODY_WEIGHT_KG = 70;

/**
 * Energy burned by the activity itself: net MET (MET − 1, so the resting burn the person would
 * have spent anyway is not counted twice) × body weight in kg × hours, in whole kcal.
 */
export function estimateCaloriesKcal(type: ActivityType, durationMin: number, weightKg: number): number {
  return caloriesFromMetKcal(ACTIVITY_TYPE_INFO[type].met, durationMin, weightKg);
}

/** The same estimate from a MET of its own (a strength workout's, from its exercises). */
export function caloriesFromMetKcal(met: number, durationMin: number, weightKg: number): number {
  return Math.round(Math.max(0, met - 1) * weightKg * (durationMin / 60));
}

/** One workout as the activitySummary cloud function answers it. */
export interface ActivityRow {
  id: string;
  type: ActivityType;
  startedAt: string;
  durationMin: number;
  distanceKm: number | null;
  caloriesKcal: number | null;
  caloriesEstimated: boolean;
  notes: string;
  /** A strength workout's exercises and sets, in order; absent on other workouts. */
  exercises?: LoggedExercise[];
  /** Per exercise, per set: the personal records it beat when it was done (a saved strength workout). */
  setRecords?: RecordKind[][][];
  /** Set only for a workout changed on this device and not yet saved on the server. */
  sync?: SyncState;
  /** Where an imported workout came from (absent for one typed in). */
  source?: Exclude<ActivitySource, 'manual'>;
}

/** One workout with what a recording adds, and its route: the workout detail window. */
export interface WorkoutDetail {
  activity: ActivityRow;
  movingTimeS: number | null;
  elevationGainM: number | null;
  avgHr: number | null;
  maxHr: number | null;
  /** The simplified route; null for a workout without one. */
  track: TrackPoint[] | null;
  /** The person's fastest time at each best-effort distance over all their runs with a route. */
  personalBests: { distanceM: number; seconds: number }[];
  /** The file the workout was imported from, when the person kept it; downloadable by them only. */
  original: { name: string; url: string } | null;
}

/** The answer of the activitySummary cloud function. */
export interface ActivitySummary extends ActivityStats {
  month: string;
  date: string;
  timeZone: string;
  weekStartsOn: number;
  weeklyGoalMin: number;
  units: Units;
  /** The workouts of `date`, earliest first. */
  dayActivities: ActivityRow[];
  /**
   * The exercises those workouts name, for the workout window (names, measures); absent from a
   * summary this device kept from before strength training.
   */
  dayExercises?: ExerciseRow[];
  /**
   * Working sets of this week's strength workouts per muscle they work as a primary muscle;
   * absent from a summary this device kept from before strength training.
   */
  weekMuscleSets?: Partial<Record<Muscle, number>>;
}
