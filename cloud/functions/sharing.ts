import { ACTIVITY_VISIBILITIES, type ActivityVisibility } from '../../src/domain/contract';
import { isObjectId } from '../../src/domain/ids';
import { privacyZonesOf, trimTrack } from '../../src/domain/privacyZones';
import {
  isActivityVisibility,
  sharedPoints,
  sharesHeartRate,
  sharesRoute,
  type SharedWorkout,
  type SharedWorkoutGpx,
} from '../../src/domain/sharing';
import { trackToGpx } from '../../src/domain/track';
import { sqlClient } from '../database';
import {
  MASTER,
  MASTER_PAGES,
  numberOr,
  Parse,
  refusal,
  requireUser,
  validationError,
  type ParseUser,
} from '../parse';
import { activityClass } from '../schema/activity';
import { queryOf } from '../schema/rows';
import { trackClass } from '../schema/track';
import { viewableActivity, type ActivityRow } from '../store/sharing';
import { defineFunction, type CloudRequest } from './define';
import { profiles } from './profiles';
import { settingsOf } from './requestContext';

/** The workout the caller asks for, when they may see it; else "not found", as for one that does not exist. */
async function viewable(
  request: CloudRequest<'sharedWorkout' | 'sharedWorkoutGpx'>,
): Promise<{ activity: ActivityRow; userId: string }> {
  const { userId } = requireUser(request.user);
  const { activityId } = request.params;
  if (!isObjectId(activityId)) throw validationError('server.activity.activityId', { field: 'activityId' });
  const activity = await viewableActivity(userId, activityId);
  if (!activity) throw refusal(Parse.Error.OBJECT_NOT_FOUND, 'server.activity.notFound');
  return { activity, userId };
}

/**
 * A workout as its owner shares it: the summary's numbers, heart rate only when shared, and the
 * route only when shared, with its ends and the owner's privacy zones cut. Its owner gets the same
 * answer, so they see what their friends see.
 */
export async function sharedView(activity: ActivityRow, viewerId: string): Promise<SharedWorkout> {
  const owner = activity.get('user');
  const ownerId = owner.id ?? '';
  const [settings, found] = await Promise.all([settingsOf(owner), profiles([ownerId])]);
  const choices = settings?.attributes;
  const sharing = { showRoute: activity.get('showRoute'), showHeartRate: activity.get('showHeartRate') };
  const heartRateShared = sharesHeartRate(choices, sharing);
  let route: SharedWorkout['route'] = null;
  if (sharesRoute(choices, sharing)) {
    const track = await queryOf(trackClass).equalTo('activity', activity).first(MASTER);
    const trimmed = trimTrack(track?.get('points') ?? [], privacyZonesOf(settings?.get('privacyZones')));
    if (trimmed.length > 0) route = sharedPoints(trimmed, heartRateShared);
  }
  const heartRate = (name: 'avgHr' | 'maxHr') =>
    heartRateShared ? numberOr(activity.get(name), null) : null;
  return {
    activityId: activity.id ?? '',
    owner: found.get(ownerId) ?? { userId: ownerId, username: '', displayName: '', avatarUrl: null },
    type: activity.get('type'),
    startedAt: activity.get('startedAt').toISOString(),
    durationMin: activity.get('durationMin'),
    distanceKm: numberOr(activity.get('distanceKm'), null),
    caloriesKcal: numberOr(activity.get('caloriesKcal'), null),
    movingTimeS: numberOr(activity.get('movingTimeS'), null),
    elevationGainM: numberOr(activity.get('elevationGainM'), null),
    avgHr: heartRate('avgHr'),
    maxHr: heartRate('maxHr'),
    heartRateShared,
    route,
    commentsOff: activity.get('commentsOff') === true,
    mine: ownerId === viewerId,
  };
}

/** `sharedWorkout({ activityId })`: a friend's workout as they share it (cloud/store/sharing.ts decides who may). */
async function sharedWorkout(request: CloudRequest<'sharedWorkout'>): Promise<SharedWorkout> {
  const { activity, userId } = await viewable(request);
  return sharedView(activity, userId);
}

/** `sharedWorkoutGpx({ activityId })`: the shared, trimmed route as a GPX file; "not found" without one. */
async function sharedWorkoutGpx(request: CloudRequest<'sharedWorkoutGpx'>): Promise<SharedWorkoutGpx> {
  const { activity, userId } = await viewable(request);
  const shared = await sharedView(activity, userId);
  if (!shared.route) throw refusal(Parse.Error.OBJECT_NOT_FOUND, 'server.sharing.noRoute');
  const day = shared.startedAt.slice(0, 10);
  const name = `${shared.owner.displayName} · ${shared.type} · ${day}`;
  return {
    fileName: `fitstreak-${shared.owner.username}-${shared.type}-${day}.gpx`,
    gpx: trackToGpx(shared.route, { name, type: shared.type }),
  };
}

/** How many of the person's workouts one save round changes when the server has no SQL. */
const SAVING_AT_ONCE = 200;

/** Sets `visibility` on every workout of the person's that has another; answers how many changed. */
async function setVisibilityOfAll(user: ParseUser, visibility: ActivityVisibility): Promise<number> {
  const sql = sqlClient();
  if (sql) {
    // One statement: no trigger has anything to check or complete on a visibility the server sets.
    const { rows } = await sql.query<{ changed: number }>(
      `WITH changed AS (
         UPDATE "Activity" SET "visibility" = $2, "updatedAt" = now()
          WHERE "user" = $1 AND "visibility" IS DISTINCT FROM $2
          RETURNING 1)
       SELECT count(*)::int AS changed FROM changed`,
      [user.id, visibility],
    );
    return rows[0]?.changed ?? 0;
  }
  const others = await queryOf(activityClass)
    .equalTo('user', user)
    .notEqualTo('visibility', visibility)
    .select('visibility')
    .findAll(MASTER_PAGES);
  for (let start = 0; start < others.length; start += SAVING_AT_ONCE) {
    const chunk = others.slice(start, start + SAVING_AT_ONCE);
    for (const activity of chunk) activity.set('visibility', visibility);
    await Parse.Object.saveAll(chunk, MASTER);
  }
  return others.length;
}

/** `setWorkoutsVisibility({ visibility })`: all the caller's workouts private, or all visible to friends. */
async function setWorkoutsVisibility(
  request: CloudRequest<'setWorkoutsVisibility'>,
): Promise<{ changed: number }> {
  const { user } = requireUser(request.user);
  const { visibility } = request.params;
  if (!isActivityVisibility(visibility)) {
    throw validationError('server.params.oneOf', {
      field: 'visibility',
      values: ACTIVITY_VISIBILITIES.join(', '),
    });
  }
  return { changed: await setVisibilityOfAll(user, visibility) };
}

export function registerSharingFunctions(): void {
  defineFunction('sharedWorkout', sharedWorkout);
  defineFunction('sharedWorkoutGpx', sharedWorkoutGpx);
  defineFunction('setWorkoutsVisibility', setWorkoutsVisibility);
}
