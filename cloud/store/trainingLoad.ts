/**
 * A person's training load, kept incrementally: each workout stores its own load (`Activity.trainingLoad`,
 * `loadSource`, and `sustainedMaxHr` from its track), and the person's daily state is stored in
 * `TrainingLoadDay` rows, one for each local day with load, holding the day's load and fitness and
 * fatigue at its end. Between two rows fitness and fatigue only decay, so the state of any day is the
 * row before it carried forward (`loadDaysFrom`).
 *
 * A workout created, changed or deleted recomputes the rows from its day on, starting from the stored
 * row before that day: the history before it is neither read nor written. What changes every
 * workout's load (resting heart rate, zone bounds, sex, birth year, the time zone, or a workout that
 * raises the person's maximum heart rate) recomputes everything: each workout's load, then every row.
 * Recomputations of one person run one after another in this process.
 */
import { addDays, isValidTimeZone, localDay } from '../../src/domain/calendarDays';
import {
  DEFAULT_RESTING_HR,
  DEFAULT_ZONE_BOUNDS,
  heartRateZones,
  sustainedMaxHr,
  tanakaMaxHr,
  zoneBoundsProblem,
  type HeartRateZone,
  type ZoneBounds,
} from '../../src/domain/heartRateZones';
import type { Sex } from '../../src/domain/goals';
import {
  banisterTrimp,
  effortLoad,
  emptyStateBefore,
  loadDaysFrom,
  type LoadSource,
  type LoadState,
} from '../../src/domain/trainingLoad';
import type { TrackPoint } from '../../src/domain/track';
import { sqlClient, type SqlClient } from '../database';
import { storeRead } from './read';
import { MASTER, MASTER_PAGES, numberOr, Parse, type ParseUser } from '../parse';
import { activityClass } from '../schema/activity';
import { queryOf, rowOf, type RowOf } from '../schema/rows';
import { settingsClass } from '../schema/settings';
import { trackClass } from '../schema/track';
import { trainingLoadDayClass } from '../schema/trainingLoadDay';

type SettingsRow = RowOf<typeof settingsClass>;
type LoadDayRow = RowOf<typeof trainingLoadDayClass>;

/**
 * Settings whose change changes every workout's load. Zone bounds do not: they place time in zones,
 * which is computed when a workout is read. A new time zone recounts the days (`recountLoadDays`).
 */
export const LOAD_SETTINGS = ['restingHr', 'sex', 'birthYear'] as const;

/** A save's context (master key only) that leaves the load to its caller, who updates it once for a batch. */
export const LOAD_HELD = 'trainingLoadHeld';

/** Whose heart is measured: what zones and loads need of a person. */
export interface InsightPerson {
  restingHr: number;
  restingHrSet: boolean;
  max: { bpm: number; source: 'tracks' | 'age'; activityId: string | null } | null;
  sex: Sex | undefined;
  bounds: ZoneBounds;
  boundsEdited: boolean;
}

function settingsOf(user: ParseUser): Promise<SettingsRow | undefined> {
  return queryOf(settingsClass).equalTo('user', user).first(MASTER);
}

/** The person's workout with the highest sustained heart rate: one read of an index, newest value first. */
export async function topSustainedHr(user: ParseUser): Promise<{ bpm: number; activityId: string } | null> {
  const top = await queryOf(activityClass)
    .equalTo('user', user)
    .exists('sustainedMaxHr')
    .descending('sustainedMaxHr')
    .select('sustainedMaxHr')
    .first(MASTER);
  const bpm = numberOr(top?.get('sustainedMaxHr'), null);
  return top && bpm !== null ? { bpm, activityId: String(top.id) } : null;
}

/** The person's resting heart rate, maximum (their own, else Tanaka's by age), sex and zone bounds. */
export async function insightPersonOf(
  user: ParseUser,
  known?: { settings: SettingsRow | undefined },
): Promise<InsightPerson> {
  const [settings, top] = await Promise.all([
    known ? Promise.resolve(known.settings) : settingsOf(user),
    topSustainedHr(user),
  ]);
  const resting = numberOr(settings?.get('restingHr'), null);
  const birthYear = numberOr(settings?.get('birthYear'), null);
  const storedBounds: unknown = settings?.get('zoneBounds');
  const boundsEdited =
    storedBounds !== undefined && storedBounds !== null && !zoneBoundsProblem(storedBounds);
  const sex: unknown = settings?.get('sex');
  let max: InsightPerson['max'] = null;
  if (top) max = { bpm: top.bpm, source: 'tracks', activityId: top.activityId };
  else if (birthYear !== null) {
    const age = Math.max(0, new Date().getUTCFullYear() - birthYear);
    max = { bpm: Math.round(tanakaMaxHr(age)), source: 'age', activityId: null };
  }
  return {
    restingHr: resting ?? DEFAULT_RESTING_HR,
    restingHrSet: resting !== null,
    max,
    sex: sex === 'male' || sex === 'female' || sex === 'other' ? sex : undefined,
    bounds: boundsEdited ? (storedBounds as ZoneBounds) : DEFAULT_ZONE_BOUNDS,
    boundsEdited,
  };
}

/** The person's five zones in beats a minute; null without a maximum. */
export function zonesOf(person: InsightPerson): HeartRateZone[] | null {
  return person.max ? heartRateZones(person.restingHr, person.max.bpm, person.bounds) : null;
}

/** A workout's load: TRIMP from its heart-rate track with the person's zones, else from its effort. */
export function loadOfWorkout(
  workout: { durationMin: unknown; effort: unknown },
  points: readonly TrackPoint[] | undefined,
  person: InsightPerson,
): { value: number; source: LoadSource } | null {
  if (points && person.max) {
    const trimp = banisterTrimp(points, {
      restingHr: person.restingHr,
      maxHr: person.max.bpm,
      sex: person.sex,
    });
    if (trimp !== null) return { value: trimp, source: 'heartRate' };
  }
  const { effort, durationMin } = workout;
  if (typeof effort !== 'number' || typeof durationMin !== 'number') return null;
  return { value: effortLoad(effort, durationMin, person.sex), source: 'effort' };
}

/** The sustained maximum of a track, for its workout's `sustainedMaxHr`. */
export function trackMaxHr(points: readonly TrackPoint[] | undefined): number | null {
  return points ? sustainedMaxHr(points) : null;
}

/** The zone a person's stored days are counted in: that of their rows, else their settings', else UTC. */
export async function storedZoneOf(user: ParseUser): Promise<string | undefined> {
  const row = await queryOf(trainingLoadDayClass).equalTo('user', user).select('timeZone').first(MASTER);
  return row?.get('timeZone');
}

/** The stored state at the end of the last day with load before `day`; nothing built up without one. */
export async function stateBefore(user: ParseUser, day: string): Promise<LoadState> {
  const row = await queryOf(trainingLoadDayClass)
    .equalTo('user', user)
    .lessThan('date', day)
    .descending('date')
    .select('date', 'fitness', 'fatigue')
    .first(MASTER);
  return row
    ? { date: row.get('date'), fitness: row.get('fitness'), fatigue: row.get('fatigue') }
    : emptyStateBefore(day);
}

/** Each local day's summed workout loads from `from` on (every day when `from` is null). */
async function loadsFrom(
  user: ParseUser,
  from: string | null,
  timeZone: string,
): Promise<Map<string, number>> {
  let query = queryOf(activityClass).equalTo('user', user).exists('trainingLoad');
  // A local day lies within the UTC day before, of and after its date, whatever the zone.
  if (from !== null)
    query = query.greaterThanOrEqualTo('startedAt', new Date(`${addDays(from, -1)}T00:00:00Z`));
  const rows = await query.select('startedAt', 'trainingLoad').findAll(MASTER_PAGES);
  const loads = new Map<string, number>();
  for (const row of rows) {
    const load = numberOr(row.get('trainingLoad'), null);
    if (load === null) continue;
    const day = localDay(row.get('startedAt'), timeZone);
    if (from !== null && day < from) continue;
    loads.set(day, (loads.get(day) ?? 0) + load);
  }
  return loads;
}

/**
 * Rewrites the person's rows from `from` on (all of them when null) from their workouts' loads and
 * the stored state of the day before: rows whose numbers are unchanged are left as they are.
 */
async function rewriteFrom(user: ParseUser, from: string | null, timeZone: string): Promise<void> {
  const loads = await loadsFrom(user, from, timeZone);
  const loadDays = [...loads.keys()].sort();
  const first = from ?? loadDays[0];
  let existingQuery = queryOf(trainingLoadDayClass).equalTo('user', user);
  if (from !== null) existingQuery = existingQuery.greaterThanOrEqualTo('date', from);
  const [existing, before] = await Promise.all([
    existingQuery.findAll(MASTER_PAGES),
    first === undefined ? null : from === null ? emptyStateBefore(first) : stateBefore(user, first),
  ]);
  const byDate = new Map(existing.map((row) => [row.get('date'), row]));
  const changed: LoadDayRow[] = [];
  const last = loadDays.at(-1);
  if (before && last !== undefined) {
    for (const day of loadDaysFrom(before, loads, last)) {
      if (!loads.has(day.date)) continue;
      const row = byDate.get(day.date);
      byDate.delete(day.date);
      if (
        row &&
        row.get('timeZone') === timeZone &&
        row.get('load') === day.load &&
        row.get('fitness') === day.fitness &&
        row.get('fatigue') === day.fatigue
      ) {
        continue;
      }
      const next = row ?? rowOf(trainingLoadDayClass);
      next.set({
        user,
        date: day.date,
        timeZone,
        load: day.load,
        fitness: day.fitness,
        fatigue: day.fatigue,
      });
      if (!row) next.setACL(new Parse.ACL());
      changed.push(next);
    }
  }
  const gone = [...byDate.values()];
  await Promise.all([saveDays(changed), gone.length > 0 ? Parse.Object.destroyAll(gone, MASTER) : undefined]);
}

/**
 * Saves changed days. A workout moved back a year changes every row after it, so where the server
 * has SQL the rows that exist are updated in one statement (the class is the server's alone: no
 * trigger or subscription watches it); new rows, and all rows without SQL, go through Parse. Parse
 * keeps times to the millisecond, so `updatedAt` is written so: a query by it finds the row.
 */
async function saveDays(rows: readonly LoadDayRow[]): Promise<void> {
  const sql = sqlClient();
  const existing = sql ? rows.filter((row) => row.id !== undefined) : [];
  const created = sql ? rows.filter((row) => row.id === undefined) : rows;
  await Promise.all([
    sql && existing.length > 0
      ? sql.query(
          `UPDATE "TrainingLoadDay" AS day
              SET "timeZone" = v.zone, "load" = v.load, "fitness" = v.fitness, "fatigue" = v.fatigue,
                  "updatedAt" = date_trunc('milliseconds', now())
             FROM unnest($1::text[], $2::text[], $3::float8[], $4::float8[], $5::float8[])
                  AS v(id, zone, load, fitness, fatigue)
            WHERE day."objectId" = v.id`,
          [
            existing.map((row) => row.id),
            existing.map((row) => row.get('timeZone')),
            existing.map((row) => row.get('load')),
            existing.map((row) => row.get('fitness')),
            existing.map((row) => row.get('fatigue')),
          ],
        )
      : undefined,
    created.length > 0 ? Parse.Object.saveAll([...created], MASTER) : undefined,
  ]);
}

/** Each person's recomputations, one after another (a batch import and a settings change may meet). */
const running = new Map<string, Promise<void>>();

function serially(user: ParseUser, work: () => Promise<void>): Promise<void> {
  const userId = String(user.id);
  const previous = running.get(userId) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(work);
  running.set(userId, next);
  void next.finally(() => {
    if (running.get(userId) === next) running.delete(userId);
  });
  return next;
}

function zoneOfSettings(settings: SettingsRow | undefined): string | undefined {
  const zone = settings?.get('timezone');
  return typeof zone === 'string' && isValidTimeZone(zone) ? zone : undefined;
}

/**
 * After a workout of `day` changed: the person's rows from that day on, counted in their saved zone,
 * else the zone their rows are in; all of them when the rows are in another zone.
 */
export function updateLoadFrom(user: ParseUser, day: Date | string): Promise<void> {
  return serially(user, async () => {
    const stored = await storedZoneOf(user);
    const timeZone = zoneOfSettings(await settingsOf(user)) ?? stored ?? 'UTC';
    const from = typeof day === 'string' ? day : localDay(day, timeZone);
    await rewriteFrom(user, stored === undefined || stored === timeZone ? from : null, timeZone);
  });
}

/**
 * Everything again: each workout's load with the person as they are now, then every row, counted
 * in `timeZone` (else the zone in use, else the settings').
 */
export function recomputeAllLoad(user: ParseUser, timeZone?: string): Promise<void> {
  return serially(user, async () => {
    const settings = await settingsOf(user);
    const zone = timeZone ?? zoneOfSettings(settings) ?? (await storedZoneOf(user)) ?? 'UTC';
    await recomputeWorkoutLoads(user, await insightPersonOf(user, { settings }));
    await rewriteFrom(user, null, zone);
  });
}

/** The rows counted again in another zone (the person's changed, or first sent by their browser). */
export function recountLoadDays(user: ParseUser, timeZone: string): Promise<void> {
  return serially(user, () => rewriteFrom(user, null, timeZone));
}

/** Each workout's stored load, recomputed for the person; only the ones that change are written. */
async function recomputeWorkoutLoads(user: ParseUser, person: InsightPerson): Promise<void> {
  const [workouts, tracks] = await Promise.all([
    queryOf(activityClass)
      .equalTo('user', user)
      .select('durationMin', 'effort', 'trainingLoad', 'loadSource')
      .findAll(MASTER_PAGES),
    queryOf(trackClass)
      .equalTo('user', user)
      .select('activity', 'points')
      .findAll({ ...MASTER, batchSize: 100 }),
  ]);
  const pointsOf = new Map(tracks.map((track) => [String(track.get('activity').id), track.get('points')]));
  const changed = workouts.filter((workout) => {
    const load = loadOfWorkout(
      { durationMin: workout.get('durationMin'), effort: workout.get('effort') },
      pointsOf.get(String(workout.id)),
      person,
    );
    const value = load?.value ?? null;
    const source = load?.source ?? null;
    if ((workout.get('trainingLoad') ?? null) === value && (workout.get('loadSource') ?? null) === source) {
      return false;
    }
    workout.set('trainingLoad', value as number);
    workout.set('loadSource', source as LoadSource);
    return true;
  });
  if (changed.length > 0) {
    await Parse.Object.saveAll(changed, { ...MASTER, context: { [LOAD_HELD]: true } });
  }
}

interface StoredLoadDays {
  before: LoadState;
  loads: Map<string, number>;
}

/**
 * The rows of `[from, to]` with the state before `from`, for `trainingLoad`: one statement by SQL
 * (the row before and the range's loads), two queries without.
 */
export const storedLoadDays = storeRead({
  bySql: async (sql: SqlClient, user: ParseUser, from: string, to: string): Promise<StoredLoadDays> => {
    const { rows } = await sql.query<{
      date: string;
      load: number;
      fitness: number | null;
      fatigue: number | null;
    }>(
      `(SELECT "date", "load", "fitness", "fatigue" FROM "TrainingLoadDay"
         WHERE "user" = $1 AND "date" < $2 ORDER BY "date" DESC LIMIT 1)
       UNION ALL
       (SELECT "date", "load", NULL, NULL FROM "TrainingLoadDay"
         WHERE "user" = $1 AND "date" >= $2 AND "date" <= $3)`,
      [user.id, from, to],
    );
    let before = emptyStateBefore(from);
    const loads = new Map<string, number>();
    for (const row of rows) {
      if (row.date < from)
        before = { date: row.date, fitness: Number(row.fitness), fatigue: Number(row.fatigue) };
      else loads.set(row.date, Number(row.load));
    }
    return { before, loads };
  },
  byQueries: async (user: ParseUser, from: string, to: string): Promise<StoredLoadDays> => {
    const [before, rows] = await Promise.all([
      stateBefore(user, from),
      queryOf(trainingLoadDayClass)
        .equalTo('user', user)
        .greaterThanOrEqualTo('date', from)
        .lessThanOrEqualTo('date', to)
        .select('date', 'load')
        .limit(1000)
        .find(MASTER),
    ]);
    return { before, loads: new Map(rows.map((row) => [row.get('date'), row.get('load')])) };
  },
});

/** The person's workouts from `start` to before `end` by where their load comes from: three counts. */
export async function workoutCounts(
  user: ParseUser,
  start: Date,
  end: Date,
): Promise<{ heartRate: number; effort: number; none: number }> {
  const within = () =>
    queryOf(activityClass)
      .equalTo('user', user)
      .greaterThanOrEqualTo('startedAt', start)
      .lessThan('startedAt', end);
  const [all, heartRate, effort] = await Promise.all([
    within().count(MASTER),
    within().equalTo('loadSource', 'heartRate').count(MASTER),
    within().equalTo('loadSource', 'effort').count(MASTER),
  ]);
  return { heartRate, effort, none: all - heartRate - effort };
}
