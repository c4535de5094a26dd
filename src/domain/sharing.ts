/**
 * What a person shares of a workout with their friends: who sees it (its visibility), whether its
 * route and heart rate come with it, and the answer friends get (`sharedWorkout`). Who may see a
 * workout at all is decided on the server (cloud/store/sharing.ts `mayView`).
 */
import {
  ACTIVITY_VISIBILITIES,
  SETTINGS_DEFAULTS,
  type ActivityType,
  type ActivityVisibility,
} from './contract';
import type { PublicProfile } from './friends';
import type { TrackPoint } from './track';

export const isActivityVisibility = (value: unknown): value is ActivityVisibility =>
  typeof value === 'string' && (ACTIVITY_VISIBILITIES as readonly string[]).includes(value);

/** The sharing choices of a person's settings, as stored (any of them may be unset). */
export interface SharingSettings {
  defaultVisibility?: unknown;
  shareActivity?: unknown;
  shareRoutes?: unknown;
  shareHeartRate?: unknown;
}

/** A workout's own choices, as stored: unset follows the settings. */
export interface WorkoutSharing {
  showRoute?: unknown;
  showHeartRate?: unknown;
}

/**
 * The visibility of a new workout saved without one: the person's default, else friends while they
 * share their activity (on unless turned off), else private.
 */
export function defaultVisibility(settings: SharingSettings | undefined): ActivityVisibility {
  if (isActivityVisibility(settings?.defaultVisibility)) return settings.defaultVisibility;
  const sharing = settings?.shareActivity;
  return (typeof sharing === 'boolean' ? sharing : SETTINGS_DEFAULTS.shareActivity) ? 'friends' : 'private';
}

const choice = (own: unknown, setting: unknown, fallback: boolean): boolean =>
  typeof own === 'boolean' ? own : typeof setting === 'boolean' ? setting : fallback;

/** Whether friends see the workout's route: its own choice, else the person's setting (off by default). */
export const sharesRoute = (settings: SharingSettings | undefined, workout: WorkoutSharing): boolean =>
  choice(workout.showRoute, settings?.shareRoutes, SETTINGS_DEFAULTS.shareRoutes);

/** Whether friends see the workout's heart rate: its own choice, else the person's setting (off by default). */
export const sharesHeartRate = (settings: SharingSettings | undefined, workout: WorkoutSharing): boolean =>
  choice(workout.showHeartRate, settings?.shareHeartRate, SETTINGS_DEFAULTS.shareHeartRate);

/** `sharedWorkout({ activityId })`: a workout as its owner shares it with the one asking. */
export interface SharedWorkout {
  activityId: string;
  /** The owner's public profile: name and picture, nothing else. */
  owner: PublicProfile;
  type: ActivityType;
  startedAt: string;
  durationMin: number;
  distanceKm: number | null;
  caloriesKcal: number | null;
  movingTimeS: number | null;
  elevationGainM: number | null;
  /** Null unless the owner shares the workout's heart rate. */
  avgHr: number | null;
  maxHr: number | null;
  heartRateShared: boolean;
  /**
   * The route with its ends and the owner's privacy zones cut (src/domain/privacyZones.ts), heart
   * rate only when shared; null when the owner does not share it, it has none, or nothing is left.
   */
  route: TrackPoint[] | null;
  /** The owner turned comments off for this workout. */
  commentsOff: boolean;
  /** The caller owns the workout (and sees it as their friends do). */
  mine: boolean;
}

/** What `workoutDetail({ activityId })` answers a friend: the workout as its owner shares it. */
export interface SharedWorkoutDetail {
  shared: SharedWorkout;
}

/** `sharedWorkoutGpx({ activityId })`: the shared route as a GPX file. */
export interface SharedWorkoutGpx {
  fileName: string;
  gpx: string;
}

/** The points as friends receive them: heart rate only when it is shared. */
export function sharedPoints(points: readonly TrackPoint[], heartRateShared: boolean): TrackPoint[] {
  return points.map(({ t, lat, lon, ele, hr }) => ({
    t,
    lat,
    lon,
    ...(ele === undefined ? {} : { ele }),
    ...(heartRateShared && hr !== undefined ? { hr } : {}),
  }));
}
