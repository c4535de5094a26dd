import { addDays, daysBetween, localDay, startOfLocalDay } from '../../src/domain/calendarDays';
import type { PersonHeartRateZones } from '../../src/domain/heartRateZones';
import {
  racePredictions as predictRaces,
  EFFORT_WINDOW_DAYS,
  type RaceEffort,
  type RacePredictionsAnswer,
} from '../../src/domain/racePredictions';
import { loadDaysFrom, weekLoad, type TrainingLoadSeries } from '../../src/domain/trainingLoad';
import { MASTER_PAGES, numberOr, Parse, requireUser, validationError, type TriggerRequest } from '../parse';
import { activityClass } from '../schema/activity';
import { asRow, queryOf } from '../schema/rows';
import { settingsClass } from '../schema/settings';
import { trackClass } from '../schema/track';
import {
  insightPersonOf,
  LOAD_HELD,
  LOAD_SETTINGS,
  recomputeAllLoad,
  recountLoadDays,
  storedLoadDays,
  storedZoneOf,
  topSustainedHr,
  updateLoadFrom,
  workoutCounts,
  zonesOf,
} from '../store/trainingLoad';
import { defineFunction, type CloudRequest } from './define';
import { readDay, readTimeZoneParam, settingsOf, timeZoneOf } from './requestContext';

/** The longest range `trainingLoad` answers: two years and a day. */
export const MAX_LOAD_RANGE_DAYS = 731;

/** `heartRateZones()`: the caller's zones and where their resting and maximum heart rate come from. */
async function heartRateZonesOf(request: CloudRequest<'heartRateZones'>): Promise<PersonHeartRateZones> {
  const { user } = requireUser(request.user);
  const person = await insightPersonOf(user);
  return {
    restingHr: person.restingHr,
    restingHrSet: person.restingHrSet,
    maxHr: person.max?.bpm ?? null,
    maxHrSource: person.max?.source ?? null,
    maxHrActivityId: person.max?.activityId ?? null,
    bounds: person.bounds,
    boundsEdited: person.boundsEdited,
    zones: zonesOf(person),
  };
}

/**
 * `trainingLoad({ from, to, timeZone })`: every day of the range with its load, fitness, fatigue and
 * form, from the stored days (cloud/store/trainingLoad.ts) and the stored state before `from`; the
 * week ending on `to` against the four before it; the range's workouts by where their load comes from.
 */
async function trainingLoad(request: CloudRequest<'trainingLoad'>): Promise<TrainingLoadSeries> {
  const { user } = requireUser(request.user);
  const from = readDay(request.params.from, 'from');
  const to = readDay(request.params.to, 'to');
  const requestedZone = readTimeZoneParam(request.params.timeZone);
  if (from > to) throw validationError('server.insight.rangeOrder', { field: 'to' });
  if (daysBetween(from, to) + 1 > MAX_LOAD_RANGE_DAYS) {
    throw validationError('server.insight.rangeLength', { field: 'to', max: MAX_LOAD_RANGE_DAYS });
  }
  const timeZone = timeZoneOf(await settingsOf(user), requestedZone);
  const stored = await storedZoneOf(user);
  if (stored !== undefined && stored !== timeZone) await recountLoadDays(user, timeZone);

  const weekFrom = addDays(to, -34);
  const readFrom = weekFrom < from ? weekFrom : from;
  const [{ before, loads }, workouts] = await Promise.all([
    storedLoadDays(user, readFrom, to),
    workoutCounts(user, startOfLocalDay(from, timeZone), startOfLocalDay(addDays(to, 1), timeZone)),
  ]);
  // The state before the range is the last stored day before it, carried forward.
  const days = loadDaysFrom(before, loads, to).filter((day) => day.date >= from);
  return { from, to, timeZone, days, week: weekLoad(loads, to), workouts };
}

/**
 * `racePredictions({ timeZone })`: from the best efforts of the caller's runs of the last 90 days
 * (kept on their tracks), Riegel's and Daniels' predictions; null from fewer than two efforts.
 */
async function racePredictions(request: CloudRequest<'racePredictions'>): Promise<RacePredictionsAnswer> {
  const { user } = requireUser(request.user);
  const timeZone = timeZoneOf(await settingsOf(user), readTimeZoneParam(request.params.timeZone));
  const today = localDay(new Date(), timeZone);
  const runs = await queryOf(activityClass)
    .equalTo('user', user)
    .equalTo('type', 'run')
    .greaterThanOrEqualTo('startedAt', new Date(`${addDays(today, -EFFORT_WINDOW_DAYS - 1)}T00:00:00Z`))
    .select('startedAt')
    .findAll(MASTER_PAGES);
  if (runs.length === 0) return null;
  const dayOf = new Map(runs.map((run) => [String(run.id), localDay(run.get('startedAt'), timeZone)]));
  const tracks = await queryOf(trackClass)
    .equalTo('user', user)
    .containedIn('activity', runs)
    .select('activity', 'bestEfforts')
    .findAll(MASTER_PAGES);
  const efforts: RaceEffort[] = tracks.flatMap((track) => {
    const activityId = String(track.get('activity').id);
    const date = dayOf.get(activityId);
    if (date === undefined) return [];
    return (track.get('bestEfforts') ?? []).map(({ distanceM, seconds }) => ({
      distanceM,
      seconds,
      date,
      activityId,
    }));
  });
  return predictRaces(efforts, today);
}

/** After a workout is saved: the stored days from its day on (from its earlier day when it moved). */
export async function followWorkoutLoad(request: TriggerRequest): Promise<void> {
  if (request.master && request.context?.[LOAD_HELD] === true) return;
  const workout = asRow(activityClass, request.object);
  const original = request.original ? asRow(activityClass, request.original) : undefined;
  const startedAt = workout.get('startedAt');
  const wasAt = original?.get('startedAt');
  const load = numberOr(workout.get('trainingLoad'), null);
  if (
    original &&
    wasAt?.getTime() === startedAt.getTime() &&
    numberOr(original.get('trainingLoad'), null) === load
  ) {
    return;
  }
  if (!wasAt && load === null) return;
  await updateLoadFrom(workout.get('user'), wasAt && wasAt < startedAt ? wasAt : startedAt);
}

/** After a workout is deleted: the days from its day on, or everything when it held the maximum. */
export async function followDeletedWorkout(request: TriggerRequest): Promise<void> {
  if (request.master && request.context?.[LOAD_HELD] === true) return;
  const workout = asRow(activityClass, request.object);
  const user = workout.get('user');
  const itsMax = numberOr(workout.get('sustainedMaxHr'), null);
  if (itsMax !== null) {
    const top = await topSustainedHr(user);
    if (top === null || itsMax > top.bpm) {
      await recomputeAllLoad(user);
      return;
    }
  }
  if (numberOr(workout.get('trainingLoad'), null) === null) return;
  await updateLoadFrom(user, workout.get('startedAt'));
}

/** After the settings change what every load depends on: everything; after a new zone: the days. */
async function followSettings(request: TriggerRequest): Promise<void> {
  const settings = asRow(settingsClass, request.object);
  const original = request.original ? asRow(settingsClass, request.original) : undefined;
  const user = settings.get('user');
  const differs = (name: 'timezone' | (typeof LOAD_SETTINGS)[number]) =>
    JSON.stringify(original?.get(name) ?? null) !== JSON.stringify(settings.get(name) ?? null);
  if (LOAD_SETTINGS.some(differs)) {
    await recomputeAllLoad(user);
    return;
  }
  if (differs('timezone')) {
    const zone: unknown = settings.get('timezone');
    const stored = await storedZoneOf(user);
    if (typeof zone === 'string' && stored !== undefined && stored !== zone)
      await recountLoadDays(user, zone);
  }
}

export function registerInsightFunctions(): void {
  defineFunction('heartRateZones', heartRateZonesOf);
  defineFunction('trainingLoad', trainingLoad);
  defineFunction('racePredictions', racePredictions);
  Parse.Cloud.afterSave('Settings', followSettings);
}
