import type { ActivityType, ActivityVisibility } from '@/domain/contract';
import { t } from '@/i18n';
import type { LoggedExercise } from '@/domain/strength';
import { restDate, type RestFields } from '@/lib/offline/changes';
import { saveOrQueue, type SaveOutcome } from '@/lib/offline/outbox';
import { getParse } from '@/lib/parse';
import { browserTimeZone } from '@/lib/timeZone';
import type { WorkoutDetail } from '@/domain/activity';
import type { PersonHeartRateZones } from '@/domain/heartRateZones';
import type { SharedWorkoutDetail } from '@/domain/sharing';
import { trackProblem, type TrackPoint } from '@/domain/track';
import type { ActivityRow, ActivitySummary } from './types';
import { callCloud } from '@/lib/cloud';

/**
 * One of the person's workouts with its recording and route (`workoutDetail`), or, for a friend's
 * workout they may see, `{ shared }`: that one opens on the friends page.
 */
export async function loadWorkoutDetail(activityId: string): Promise<WorkoutDetail | SharedWorkoutDetail> {
  return callCloud('workoutDetail', { activityId });
}

/** The person's heart-rate zones now: the bpm ranges a workout's time in zones is counted in. */
export async function loadHeartRateZones(): Promise<PersonHeartRateZones> {
  return callCloud('heartRateZones');
}

/**
 * The person's latest recorded route, for picking a place on (a privacy zone); none without one.
 * The Track rows are the owner's only, so the first found is theirs.
 */
export async function loadLatestRoute(): Promise<TrackPoint[]> {
  const Parse = await getParse();
  const track = await new Parse.Query('Track').descending('createdAt').select('points').first();
  const points: unknown = track?.get('points');
  return Array.isArray(points) && trackProblem(points) === null ? (points as TrackPoint[]) : [];
}

export async function loadActivitySummary(query: {
  month?: string;
  date?: string;
}): Promise<ActivitySummary> {
  return callCloud('activitySummary', {
    ...query,
    timeZone: browserTimeZone(),
  });
}

/** What a person enters for a workout; stored values are metric. */
export interface ActivityInput {
  type: ActivityType;
  startedAt: Date;
  durationMin: number;
  distanceKm: number | null;
  /** null: let the server estimate. */
  caloriesKcal: number | null;
  notes: string;
  /** A strength workout's exercises and sets; null for none (and for every other type). */
  exercises: LoggedExercise[] | null;
  /** Who sees it; null on a new workout lets the server take the person's default. */
  visibility: ActivityVisibility | null;
  /** Null follows the settings. */
  showRoute: boolean | null;
  showHeartRate: boolean | null;
  commentsOff: boolean;
  /** How hard it felt, 1–10; null for not said. */
  effort: number | null;
}

function activityFields(input: ActivityInput, update: boolean): RestFields {
  return {
    type: input.type,
    startedAt: restDate(input.startedAt),
    durationMin: input.durationMin,
    distanceKm: input.distanceKm,
    caloriesKcal: input.caloriesKcal,
    notes: input.notes,
    exercises: input.type === 'strength' ? input.exercises : null,
    visibility: input.visibility,
    showRoute: input.showRoute,
    showHeartRate: input.showHeartRate,
    commentsOff: input.commentsOff,
    // A new workout without an effort leaves the field out; a change may take it away.
    ...(input.effort !== null || update ? { effort: input.effort } : {}),
  };
}

/** Saves a workout, or keeps it on this device to be sent when there is a network. */
export async function saveActivity(input: ActivityInput, id?: string): Promise<SaveOutcome> {
  const write = {
    className: 'Activity',
    op: id ? 'update' : 'create',
    target: id,
    fields: activityFields(input, id !== undefined),
  } as const;
  return saveOrQueue(write);
}

export async function deleteActivity(id: string): Promise<SaveOutcome> {
  return saveOrQueue({ className: 'Activity', op: 'delete', target: id });
}

/** The input that saves a deleted workout again (a new row with the same values). */
export function inputFromRow(row: ActivityRow): ActivityInput {
  return {
    type: row.type,
    startedAt: new Date(row.startedAt),
    durationMin: row.durationMin,
    distanceKm: row.distanceKm,
    caloriesKcal: row.caloriesEstimated ? null : row.caloriesKcal,
    notes: row.notes,
    exercises: row.exercises ?? null,
    visibility: row.visibility ?? null,
    showRoute: row.showRoute ?? null,
    showHeartRate: row.showHeartRate ?? null,
    commentsOff: row.commentsOff ?? false,
    effort: row.effort ?? null,
  };
}

/**
 * The workout's kept original file, as it was: downloaded with the person's session (the server
 * answers its owner only) and unpacked from the gzip it is stored in.
 */
export async function loadOriginalFile(original: { name: string; url: string }): Promise<Blob> {
  const Parse = await getParse();
  const sessionToken = (await Parse.User.currentAsync())?.getSessionToken();
  const response = await fetch(original.url, {
    headers: sessionToken ? { 'X-Parse-Session-Token': sessionToken } : {},
  });
  if (!response.ok) throw new Error(t('activity.detail.downloadFailed'));
  const { gunzipSync } = await import('fflate');
  const bytes = gunzipSync(new Uint8Array(await response.arrayBuffer()));
  return new Blob([bytes], { type: 'application/octet-stream' });
}
