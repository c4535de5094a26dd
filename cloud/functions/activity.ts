import { isObjectId } from '../../src/domain/ids';
import type { ActivityRow, ActivitySummary, WorkoutDetail } from '../../src/domain/activity';
import { computeActivityStats } from '../../src/domain/activityStats';
import { isActivityVisibility, type SharedWorkoutDetail } from '../../src/domain/sharing';
import { setRecordsOf, weekMuscleSets } from './strength';
import { visibleExercises } from '../store/strength';
import { readDateParam, readTimeZoneParam, settingsOf, timeZoneOf } from './requestContext';
import { addDays, localDay } from '../../src/domain/calendarDays';
import { isIsoMonth } from '../../src/domain/dates';
import type { ExerciseRow } from '../../src/domain/strength';
import type { Units } from '../../src/domain/units';
import { ACTIVITY_SOURCES, SETTINGS_DEFAULTS } from '../../src/domain/contract';
import { effortsOf, personalBests, type TrackPoint } from '../../src/domain/track';
import { heartRateStretches, timeInZones, type TimeInZones } from '../../src/domain/heartRateZones';
import { insightPersonOf, zonesOf } from '../store/trainingLoad';
import {
  MASTER_PAGES,
  numberOr,
  Parse,
  type ParseUser,
  refusal,
  requireUser,
  validationError,
} from '../parse';
import { activityClass } from '../schema/activity';
import { originalFileClass } from '../schema/originalFile';
import { queryOf, type RowOf } from '../schema/rows';
import { trackClass } from '../schema/track';
import { workoutDayTotals } from '../store/history';
import { viewableActivity } from '../store/sharing';
import { sharedView } from './sharing';
import { defineFunction, type CloudRequest } from './define';

interface SummaryParams {
  month: string | undefined;
  date: string | undefined;
  timeZone: string | undefined;
}

function readParams(params: Record<string, unknown>): SummaryParams {
  const { month } = params;
  if (month !== undefined && (typeof month !== 'string' || !isIsoMonth(month))) {
    throw validationError('server.activity.month');
  }
  return { month, date: readDateParam(params.date), timeZone: readTimeZoneParam(params.timeZone) };
}

/** The workout's sharing choices that are set (its owner's view only). */
function sharingOf(activity: RowOf<typeof activityClass>): Partial<ActivityRow> {
  const visibility = activity.get('visibility');
  const flag = (name: 'showRoute' | 'showHeartRate' | 'commentsOff') => {
    const value: unknown = activity.get(name);
    return typeof value === 'boolean' ? { [name]: value } : {};
  };
  return {
    ...(isActivityVisibility(visibility) ? { visibility } : {}),
    ...flag('showRoute'),
    ...flag('showHeartRate'),
    ...flag('commentsOff'),
  };
}

export function toActivityRow(activity: RowOf<typeof activityClass>): ActivityRow {
  const exercises = activity.get('exercises') ?? [];
  const source = ACTIVITY_SOURCES.find((value) => value === activity.get('source'));
  return {
    id: activity.id ?? '',
    type: activity.get('type'),
    startedAt: activity.get('startedAt').toISOString(),
    durationMin: activity.get('durationMin'),
    distanceKm: numberOr(activity.get('distanceKm'), null),
    caloriesKcal: numberOr(activity.get('caloriesKcal'), null),
    caloriesEstimated: activity.get('caloriesEstimated') === true,
    notes: activity.get('notes') ?? '',
    ...(exercises.length > 0 ? { exercises } : {}),
    ...(source !== undefined && source !== 'manual' ? { source } : {}),
    ...(typeof activity.get('effort') === 'number' ? { effort: activity.get('effort') } : {}),
    ...sharingOf(activity),
  };
}

/**
 * Everything the start page shows about training, computed where the data is: totals per day
 * of one month, this week against the goal, twelve weeks of minutes, the streaks, and one day's
 * workouts. The browser never receives the history itself.
 */
async function activitySummary(request: CloudRequest<'activitySummary'>): Promise<ActivitySummary> {
  const { user } = requireUser(request.user);
  const params = readParams(request.params);
  const settings = await settingsOf(user);
  const timeZone = timeZoneOf(settings, params.timeZone);
  const weekStartsOn = numberOr(settings?.get('weekStartsOn'), SETTINGS_DEFAULTS.weekStartsOn);
  const weeklyGoalMin = numberOr(
    settings?.get('weeklyActiveMinutesGoal'),
    SETTINGS_DEFAULTS.weeklyActiveMinutesGoal,
  );
  const units: Units = settings?.get('units') === 'imperial' ? 'imperial' : 'metric';

  const now = new Date();
  const today = localDay(now, timeZone);
  const date = params.date ?? today;
  const month = params.month ?? date.slice(0, 7);

  const [days, dayRows] = await Promise.all([
    workoutDayTotals(user, timeZone),
    // A local day lies within the UTC day before, of and after its date, whatever the zone (UTC−12…+14).
    queryOf(activityClass)
      .equalTo('user', user)
      .greaterThanOrEqualTo('startedAt', new Date(`${addDays(date, -1)}T00:00:00Z`))
      .lessThan('startedAt', new Date(`${addDays(date, 2)}T00:00:00Z`))
      .ascending('startedAt')
      .find({ useMasterKey: true }),
  ]);

  const stats = computeActivityStats({
    days,
    timeZone,
    weekStartsOn,
    weeklyGoalMin,
    month,
    now,
  });
  // The catalogue and the person's own exercises, read once if anything needs them.
  let usable: Promise<ExerciseRow[]> | undefined;
  const usableExercises = () => (usable ??= visibleExercises(user));
  const withRecords = Promise.all(
    dayRows
      .filter((activity) => localDay(activity.get('startedAt'), timeZone) === date)
      .map(toActivityRow)
      .map(async (row) =>
        row.exercises
          ? { ...row, setRecords: await setRecordsOf(user, row.exercises, new Date(row.startedAt)) }
          : row,
      ),
  );
  const [dayActivities, muscleSets] = await Promise.all([
    withRecords,
    weekMuscleSets(user, stats.thisWeek.start, timeZone, usableExercises),
  ]);
  const named = new Set(
    dayActivities.flatMap((row) => row.exercises ?? []).map((logged) => logged.exerciseId),
  );
  const dayExercises =
    named.size > 0 ? (await usableExercises()).filter((exercise) => named.has(exercise.id)) : [];
  return {
    ...stats,
    month,
    date,
    timeZone,
    weekStartsOn,
    weeklyGoalMin,
    units,
    dayActivities,
    dayExercises,
    weekMuscleSets: muscleSets,
  };
}

/** Tracks saved before their best efforts were kept get them now, a batch at a time. */
async function keepEffortsOfOlderTracks(user: ParseUser): Promise<void> {
  const older = await queryOf(trackClass)
    .equalTo('user', user)
    .doesNotExist('bestEfforts')
    .include('activity')
    .limit(100)
    .find({ useMasterKey: true });
  for (const track of older) {
    track.set('bestEfforts', effortsOf(track.get('activity').get('type'), track.get('points')));
  }
  if (older.length > 0) await Parse.Object.saveAll(older, { useMasterKey: true });
}

/** The best efforts of each of the person's runs with a route. */
async function runEffortsOf(user: ParseUser): Promise<{ distanceM: number; seconds: number }[][]> {
  await keepEffortsOfOlderTracks(user);
  const tracks = await queryOf(trackClass).equalTo('user', user).select('bestEfforts').findAll(MASTER_PAGES);
  return tracks.map((track) => track.get('bestEfforts') ?? []);
}

/**
 * `workoutDetail({ activityId })`: one of the caller's workouts with its recording's numbers and
 * route; a friend's workout the caller may see (cloud/store/sharing.ts) as its owner shares it,
 * trimmed; anything else, or none, is "not found".
 */
async function workoutDetail(
  request: CloudRequest<'workoutDetail'>,
): Promise<WorkoutDetail | SharedWorkoutDetail> {
  const { user, userId } = requireUser(request.user);
  const { activityId } = request.params;
  if (!isObjectId(activityId)) {
    throw validationError('server.activity.activityId');
  }
  const activity = await queryOf(activityClass)
    .equalTo('user', user)
    .equalTo('objectId', activityId)
    .first({ useMasterKey: true });
  if (!activity) {
    const shared = await viewableActivity(userId, activityId);
    if (!shared) throw refusal(Parse.Error.OBJECT_NOT_FOUND, 'server.activity.notFound');
    return { shared: await sharedView(shared, userId) };
  }
  const track = await queryOf(trackClass)
    .equalTo('user', user)
    .equalTo('activity', activity)
    .first({ useMasterKey: true });
  const points = track?.get('points') ?? [];
  const original = await queryOf(originalFileClass)
    .equalTo('user', user)
    .equalTo('activity', activity)
    .first({ useMasterKey: true });
  const file = original?.get('file');
  return {
    original:
      file instanceof Parse.File
        ? { name: String(original?.get('name') ?? ''), url: file.url() ?? '' }
        : null,
    personalBests: personalBests(await runEffortsOf(user)),
    activity: toActivityRow(activity),
    movingTimeS: numberOr(activity.get('movingTimeS'), null),
    elevationGainM: numberOr(activity.get('elevationGainM'), null),
    avgHr: numberOr(activity.get('avgHr'), null),
    maxHr: numberOr(activity.get('maxHr'), null),
    track: points.length > 0 ? points : null,
    timeInZones: await timeInZonesOf(user, points),
    load: loadOf(activity),
  };
}

/** Seconds of a track in each of the person's zones; null without heart rate or a maximum. */
async function timeInZonesOf(user: ParseUser, points: readonly TrackPoint[]): Promise<TimeInZones | null> {
  if (heartRateStretches(points).length === 0) return null;
  const zones = zonesOf(await insightPersonOf(user));
  return zones ? timeInZones(points, zones) : null;
}

/** The load the server stored on the workout, and where it comes from. */
function loadOf(activity: RowOf<typeof activityClass>): WorkoutDetail['load'] {
  const value = numberOr(activity.get('trainingLoad'), null);
  const source = activity.get('loadSource');
  return value !== null && (source === 'heartRate' || source === 'effort') ? { value, source } : null;
}

export function registerActivityFunctions(): void {
  defineFunction('activitySummary', activitySummary);
  defineFunction('workoutDetail', workoutDetail);
}
