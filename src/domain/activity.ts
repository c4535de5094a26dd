import { t, type MessageId } from '../i18n/messages';
import type { ActivityStats } from './activityStats';
import type { ActivitySource, ActivityType, ActivityVisibility } from './contract';
import type { ExerciseRow, LoggedExercise, Muscle, RecordKind } from './strength';
import type { TimeInZones } from './heartRateZones';
import type { SyncState } from './sync';
import type { TrackPoint } from './track';
import type { LoadSource } from './trainingLoad';
import type { Units } from './units';

/** How each activity type is named, and its energy cost. */
export interface ActivityTypeInfo {
  /** The type's name in the language shown, translated when read. */
  readonly label: string;
  /** The message that names the type. */
  labelId: MessageId;
  /** Metabolic equivalent from the 2011 Compendium of Physical Activities (gross, resting = 1). */
  met: number;
}

function info(labelId: MessageId, met: number): ActivityTypeInfo {
  return {
    get label() {
      return t(labelId);
    },
    labelId,
    met,
  };
}

export const ACTIVITY_TYPE_INFO: Readonly<Record<ActivityType, ActivityTypeInfo>> = {
  run: info('domain.activityType.run', 8.0),
  walk: info('domain.activityType.walk', 3.5),
  cycle: info('domain.activityType.cycle', 7.5),
  swim: info('domain.activityType.swim', 7.0),
  strength: info('domain.activityType.strength', 6.0),
  yoga: info('domain.activityType.yoga', 2.5),
  hiit: info('domain.activityType.hiit', 8.0),
  hike: info('domain.activityType.hike', 6.0),
  row: info('domain.activityType.row', 7.0),
  other: info('domain.activityType.other', 4.0),
};

/** The types whose workouts cover a distance; the workout window asks the others for none. */
const DISTANCE_TYPES: ReadonlySet<ActivityType> = new Set([
  'run',
  'walk',
  'cycle',
  'swim',
  'hike',
  'row',
  'other',
]);

/** Whether a workout of this type covers a distance (strength, yoga and HIIT do not). */
export function takesDistance(type: string): boolean {
  return (DISTANCE_TYPES as ReadonlySet<string>).has(type);
}

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
  /** Who sees it besides its owner; absent on a row saved before sharing (private). */
  visibility?: ActivityVisibility;
  /** The workout's own choices over the settings' `shareRoutes` and `shareHeartRate`; absent follows them. */
  showRoute?: boolean;
  showHeartRate?: boolean;
  /** Friends may not comment on it. */
  commentsOff?: boolean;
  /** How hard it felt, 1–10 (`activityRules.effort`). */
  effort?: number;
}

/** One workout with what a recording adds, and its route: what its summary window shows. */
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
  /** Seconds in each of the person's zones; null without a heart-rate track or a maximum. */
  timeInZones: TimeInZones | null;
  /** Its training load and where it comes from; null with neither heart rate nor effort. */
  load: { value: number; source: LoadSource } | null;
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
