import { isObjectId } from '../../src/domain/ids';
import {
  matchesWords,
  MAX_QUERY_LENGTH,
  MAX_SEARCH_RESULTS,
  rankFoods,
  searchWords,
} from '../../src/domain/nutrition';
import {
  exerciseProgress as progressOf,
  MUSCLES,
  PROGRESS_RANGES,
  RECENT_EXERCISES,
  MAX_EXERCISES_PER_WORKOUT,
  ONE_REP_MAX_MAX_REPS,
  type ExerciseProgress,
  type RecentExercises,
  type ExerciseRow,
  type ExerciseSession,
  type LoggedSet,
  type Muscle,
  type ProgressRange,
  type RecordKind,
  recordsOfWorkout,
  type LoggedExercise,
  type WorkoutRecords,
} from '../../src/domain/strength';
import { addDays, localDay } from '../../src/domain/calendarDays';
import { sqlClient } from '../database';
import { Parse, requireUser, validationError, type ParseUser } from '../parse';
import { activityClass } from '../schema/activity';
import { exerciseClass } from '../schema/exercise';
import { queryOf, type RowOf } from '../schema/rows';
import { defineFunction, type CloudRequest } from './define';

export type { ExerciseRow };

const MAX_EQUIPMENT_LENGTH = 40;

function toExerciseRow(exercise: RowOf<typeof exerciseClass>): ExerciseRow {
  return {
    id: exercise.id ?? '',
    name: exercise.get('name'),
    category: exercise.get('category'),
    primaryMuscles: exercise.get('primaryMuscles'),
    secondaryMuscles: exercise.get('secondaryMuscles') ?? [],
    equipment: exercise.get('equipment') ?? '',
    measure: exercise.get('measure'),
    custom: exercise.get('user') !== undefined,
  };
}

/** The catalogue's exercises and the person's own: a few hundred rows, filtered here. */
export async function exercisesOf(user: ParseUser): Promise<ExerciseRow[]> {
  const sql = sqlClient();
  if (sql) {
    const { rows } = await sql.query<ExerciseRow>(
      `SELECT "objectId" AS id, name, category, "primaryMuscles", coalesce("secondaryMuscles", '[]') AS "secondaryMuscles",
              coalesce(equipment, '') AS equipment, measure, "user" IS NOT NULL AS custom
         FROM "Exercise" WHERE "user" IS NULL OR "user" = $1`,
      [user.id],
    );
    return rows;
  }
  const visible = await Parse.Query.or(
    queryOf(exerciseClass).doesNotExist('user'),
    queryOf(exerciseClass).equalTo('user', user),
  ).findAll({ useMasterKey: true, batchSize: 1000 });
  return visible.map(toExerciseRow);
}

function readSearch(params: Record<string, unknown>) {
  const { query = '', muscle, equipment, limit = 20 } = params;
  if (typeof query !== 'string' || [...query].length > MAX_QUERY_LENGTH) {
    throw validationError('server.params.textMax', { field: 'query', max: MAX_QUERY_LENGTH });
  }
  if (muscle !== undefined && !(MUSCLES as readonly unknown[]).includes(muscle)) {
    throw validationError('server.params.oneOf', { field: 'muscle', values: MUSCLES.join(', ') });
  }
  if (
    equipment !== undefined &&
    (typeof equipment !== 'string' || [...equipment].length > MAX_EQUIPMENT_LENGTH)
  ) {
    throw validationError('server.params.textMax', { field: 'equipment', max: MAX_EQUIPMENT_LENGTH });
  }
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_RESULTS) {
    throw validationError('server.params.wholeNumberTo', { field: 'limit', max: MAX_SEARCH_RESULTS });
  }
  return { query, muscle: muscle as Muscle | undefined, equipment: equipment, limit };
}

/**
 * Exercise search for the picker: every word of the query must begin a word of the name, and the
 * exercise must work `muscle` (primary or secondary) and need `equipment` when they are given; the
 * catalogue and the person's own exercises. With no words, the filters alone choose, by name.
 */
async function searchExercises(request: CloudRequest<'searchExercises'>): Promise<ExerciseRow[]> {
  const { user } = requireUser(request.user);
  const { query, muscle, equipment, limit } = readSearch(request.params);
  const words = searchWords(query);
  const found = (await exercisesOf(user)).filter(
    (exercise) =>
      matchesWords(exercise.name, words) &&
      (muscle === undefined ||
        exercise.primaryMuscles.includes(muscle) ||
        exercise.secondaryMuscles.includes(muscle)) &&
      (equipment === undefined || exercise.equipment === equipment),
  );
  const ordered =
    words.length > 0 ? rankFoods(query, found) : found.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return ordered.slice(0, limit);
}

const RANGE_MONTHS: Readonly<Record<ProgressRange, number | null>> = {
  '1m': 1,
  '3m': 3,
  '6m': 6,
  '1y': 12,
  all: null,
};

/** Every workout's sets of the exercise, one session per workout (an exercise logged twice joins up). */
async function sessionsOf(user: ParseUser, exerciseId: string): Promise<ExerciseSession[]> {
  const byWorkout = new Map<string, ExerciseSession>();
  const add = (activityId: string, startedAt: Date, sets: LoggedSet[]) => {
    const session = byWorkout.get(activityId);
    if (session) session.sets.push(...sets);
    else byWorkout.set(activityId, { activityId, startedAt: startedAt.toISOString(), sets: [...sets] });
  };
  const sql = sqlClient();
  if (sql) {
    const { rows } = await sql.query<{ activityId: string; startedAt: Date; sets: LoggedSet[] }>(
      `SELECT a."objectId" AS "activityId", a."startedAt", e.value -> 'sets' AS sets
         FROM "Activity" a, jsonb_array_elements(a.exercises) AS e
        WHERE a."user" = $1 AND a.type = 'strength' AND jsonb_typeof(a.exercises) = 'array'
          AND e.value ->> 'exerciseId' = $2`,
      [user.id, exerciseId],
    );
    for (const row of rows) add(row.activityId, row.startedAt, row.sets);
  } else {
    const workouts = await queryOf(activityClass)
      .equalTo('user', user)
      .equalTo('type', 'strength')
      .exists('exercises')
      .select('startedAt', 'exercises')
      .findAll({ useMasterKey: true, batchSize: 1000 });
    for (const workout of workouts) {
      for (const logged of workout.get('exercises') ?? []) {
        if (logged.exerciseId === exerciseId) add(workout.id ?? '', workout.get('startedAt'), logged.sets);
      }
    }
  }
  return [...byWorkout.values()];
}

/**
 * How one exercise went for the person: per workout of `range` the best estimated one-rep max
 * and the volume, the records each set beat, and the personal records of all time.
 */
async function exerciseProgress(request: CloudRequest<'exerciseProgress'>): Promise<ExerciseProgress> {
  const { user } = requireUser(request.user);
  const { exerciseId, range = '3m' } = request.params;
  if (!(PROGRESS_RANGES as readonly unknown[]).includes(range)) {
    throw validationError('server.params.oneOf', { field: 'range', values: PROGRESS_RANGES.join(', ') });
  }
  const exercise = isObjectId(exerciseId)
    ? (await exercisesOf(user)).find((row) => row.id === exerciseId)
    : undefined;
  if (!exercise) {
    throw validationError('server.strength.unknownExercise');
  }
  const { points, records } = progressOf(await sessionsOf(user, exercise.id));
  const months = RANGE_MONTHS[range as ProgressRange];
  const since = new Date();
  if (months !== null) since.setUTCMonth(since.getUTCMonth() - months);
  return {
    exercise,
    range: range as ProgressRange,
    points: months === null ? points : points.filter((point) => point.startedAt >= since.toISOString()),
    records,
  };
}

/** The person's strength workouts with sets started before `before`, latest first (without SQL). */
async function strengthWorkoutsBefore(user: ParseUser, before: Date): Promise<RowOf<typeof activityClass>[]> {
  // findAll pages by objectId and takes no order of its own.
  const workouts = await queryOf(activityClass)
    .equalTo('user', user)
    .equalTo('type', 'strength')
    .lessThan('startedAt', before)
    .exists('exercises')
    .select('startedAt', 'exercises')
    .findAll({ useMasterKey: true, batchSize: 1000 });
  const time = (workout: RowOf<typeof activityClass>) => workout.get('startedAt').getTime();
  return workouts.sort((a, b) => time(b) - time(a));
}

/**
 * What the records of a set are measured against: the earlier workouts' sets of the given
 * exercises, by exercise (those started before `before`). In PostgreSQL they are boiled down
 * first: for each exercise and weight, the most reps done with it, and the most in a set of at
 * most 12 reps (the estimated one-rep max's range). The bests of all sets (heaviest, one-rep max,
 * set volume, reps at a weight) are the bests of those few, so three years of sets become a few
 * dozen rows, passed on as one session per exercise.
 */
async function earlierSessions(
  user: ParseUser,
  exerciseIds: readonly string[],
  before: Date,
): Promise<Map<string, ExerciseSession[]>> {
  const byExercise = new Map<string, ExerciseSession[]>();
  const add = (exerciseId: string, session: ExerciseSession) =>
    byExercise.set(exerciseId, [...(byExercise.get(exerciseId) ?? []), session]);
  const sql = sqlClient();
  if (sql) {
    const { rows } = await sql.query<{
      exerciseId: string;
      weightKg: number;
      reps: number;
      repsInRange: number | null;
    }>(
      `SELECT e.value ->> 'exerciseId' AS "exerciseId", (s ->> 'weightKg')::float8 AS "weightKg",
              max((s ->> 'reps')::float8) AS reps,
              max((s ->> 'reps')::float8) FILTER (WHERE (s ->> 'reps')::float8 <= ${ONE_REP_MAX_MAX_REPS}) AS "repsInRange"
         FROM "Activity" a, jsonb_array_elements(a.exercises) AS e, jsonb_array_elements(e.value -> 'sets') AS s
        WHERE a."user" = $1 AND a.type = 'strength' AND jsonb_typeof(a.exercises) = 'array'
          AND a."startedAt" < $3 AND e.value ->> 'exerciseId' = ANY($2::text[])
          AND jsonb_typeof(s -> 'weightKg') = 'number' AND jsonb_typeof(s -> 'reps') = 'number'
          AND NOT coalesce((s ->> 'warmup')::boolean, false)
        GROUP BY 1, 2`,
      [user.id, exerciseIds, before],
    );
    const sets = new Map<string, LoggedSet[]>();
    for (const { exerciseId, weightKg, reps, repsInRange } of rows) {
      const kept = sets.get(exerciseId) ?? [];
      kept.push({ weightKg, reps });
      if (repsInRange !== null && repsInRange !== reps) kept.push({ weightKg, reps: repsInRange });
      sets.set(exerciseId, kept);
    }
    for (const [exerciseId, kept] of sets) {
      add(exerciseId, { activityId: '', startedAt: before.toISOString(), sets: kept });
    }
    return byExercise;
  }
  const workouts = await strengthWorkoutsBefore(user, before);
  for (const workout of workouts) {
    const startedAt = workout.get('startedAt').toISOString();
    for (const logged of workout.get('exercises') ?? []) {
      if (exerciseIds.includes(logged.exerciseId)) {
        add(logged.exerciseId, { activityId: workout.id ?? '', startedAt, sets: logged.sets });
      }
    }
  }
  return byExercise;
}

/**
 * The records each set of one of the person's strength workouts beat when it was done, in the
 * order of its exercises and sets: what the workout window marks once the workout is saved.
 */
async function workoutRecords(request: CloudRequest<'workoutRecords'>): Promise<WorkoutRecords> {
  const { user } = requireUser(request.user);
  const { activityId } = request.params;
  const workout = isObjectId(activityId)
    ? await queryOf(activityClass)
        .equalTo('user', user)
        .get(activityId, { useMasterKey: true })
        .catch(() => undefined)
    : undefined;
  if (!workout) throw validationError('server.strength.unknownWorkout');
  const exercises = workout.get('exercises') ?? [];
  return {
    activityId: workout.id ?? '',
    records: await setRecordsOf(user, exercises, workout.get('startedAt')),
  };
}

/** The records each set of a workout started at `startedAt` beat, against the person's earlier workouts. */
export async function setRecordsOf(
  user: ParseUser,
  exercises: readonly LoggedExercise[],
  startedAt: Date,
): Promise<RecordKind[][][]> {
  const ids = [...new Set(exercises.map((exercise) => exercise.exerciseId))];
  return recordsOfWorkout(exercises, await earlierSessions(user, ids, startedAt));
}

interface LatestSession {
  exerciseId: string;
  startedAt: Date;
  sets: LoggedSet[];
}

/** Each exercise's latest sets in the person's strength workouts started before `before`, latest first. */
async function latestSessions(user: ParseUser, before: Date): Promise<LatestSession[]> {
  const sql = sqlClient();
  if (sql) {
    const { rows } = await sql.query<LatestSession>(
      `SELECT * FROM (
         SELECT DISTINCT ON (e.value ->> 'exerciseId') e.value ->> 'exerciseId' AS "exerciseId", a."startedAt",
                e.value -> 'sets' AS sets
           FROM "Activity" a, jsonb_array_elements(a.exercises) AS e
          WHERE a."user" = $1 AND a.type = 'strength' AND jsonb_typeof(a.exercises) = 'array'
            AND a."startedAt" < $2
          ORDER BY e.value ->> 'exerciseId', a."startedAt" DESC) AS latest
        ORDER BY "startedAt" DESC`,
      [user.id, before],
    );
    return rows;
  }
  const workouts = await strengthWorkoutsBefore(user, before);
  const latest = new Map<string, LatestSession>();
  for (const workout of workouts) {
    for (const logged of workout.get('exercises') ?? []) {
      if (!latest.has(logged.exerciseId)) {
        latest.set(logged.exerciseId, {
          exerciseId: logged.exerciseId,
          startedAt: workout.get('startedAt'),
          sets: logged.sets,
        });
      }
    }
  }
  return [...latest.values()];
}

function readRecentParams(params: Record<string, unknown>): { exerciseIds: string[]; before: Date } {
  const { exerciseIds = [], before } = params;
  const ids =
    Array.isArray(exerciseIds) && exerciseIds.length <= MAX_EXERCISES_PER_WORKOUT ? exerciseIds : undefined;
  if (!ids || !ids.every(isObjectId)) {
    throw validationError('server.strength.exerciseIds', { max: MAX_EXERCISES_PER_WORKOUT });
  }
  if (before === undefined) return { exerciseIds: ids, before: new Date(Date.now() + 86_400_000) };
  const moment = typeof before === 'string' ? new Date(before) : undefined;
  if (!moment || Number.isNaN(moment.getTime())) {
    throw validationError('server.strength.before');
  }
  return { exerciseIds: ids, before: moment };
}

/**
 * What the workout window shows beside the sets: the person's latest exercises for the picker,
 * and for those and `exerciseIds`, the sets of the latest workout before `before` that had them.
 */
async function recentExercises(request: CloudRequest<'recentExercises'>): Promise<RecentExercises> {
  const { user } = requireUser(request.user);
  const { exerciseIds, before } = readRecentParams(request.params);
  const [sessions, usable] = await Promise.all([latestSessions(user, before), exercisesOf(user)]);
  const byId = new Map(usable.map((exercise) => [exercise.id, exercise]));
  const exercises = sessions
    .flatMap((session) => byId.get(session.exerciseId) ?? [])
    .slice(0, RECENT_EXERCISES);
  const wanted = new Set([...exercises.map((exercise) => exercise.id), ...exerciseIds]);
  const lastSets = Object.fromEntries(
    sessions
      .filter((session) => wanted.has(session.exerciseId) && byId.has(session.exerciseId))
      .map((session) => [session.exerciseId, session.sets]),
  );
  const named = exerciseIds.flatMap((id) => byId.get(id) ?? []);
  return { exercises, lastSets, named };
}

/**
 * Working sets of the person's strength workouts on the local days `firstDay` to `firstDay` + 6
 * of `timeZone`, counted for each primary muscle of their exercise.
 */
export async function weekMuscleSets(
  user: ParseUser,
  firstDay: string,
  timeZone: string,
  usable: () => Promise<ExerciseRow[]> = () => exercisesOf(user),
): Promise<Partial<Record<Muscle, number>>> {
  const setsByExercise = new Map<string, number>();
  const sql = sqlClient();
  if (sql) {
    const { rows } = await sql.query<{ exerciseId: string; sets: number }>(
      `SELECT e.value ->> 'exerciseId' AS "exerciseId", count(*)::int AS sets
         FROM "Activity" a, jsonb_array_elements(a.exercises) AS e, jsonb_array_elements(e.value -> 'sets') AS s
        WHERE a."user" = $1 AND a.type = 'strength' AND jsonb_typeof(a.exercises) = 'array'
          AND (a."startedAt" AT TIME ZONE $2)::date BETWEEN $3::date AND $3::date + 6
          AND NOT coalesce((s ->> 'warmup')::boolean, false)
        GROUP BY 1`,
      [user.id, timeZone, firstDay],
    );
    for (const row of rows) setsByExercise.set(row.exerciseId, row.sets);
  } else {
    const from = new Date(`${firstDay}T00:00:00Z`);
    const workouts = await queryOf(activityClass)
      .equalTo('user', user)
      .equalTo('type', 'strength')
      .greaterThanOrEqualTo('startedAt', new Date(from.getTime() - 86_400_000))
      .lessThan('startedAt', new Date(from.getTime() + 8 * 86_400_000))
      .exists('exercises')
      .select('startedAt', 'exercises')
      .find({ useMasterKey: true });
    const last = addDays(firstDay, 6);
    for (const workout of workouts) {
      const day = localDay(workout.get('startedAt'), timeZone);
      if (day < firstDay || day > last) continue;
      for (const logged of workout.get('exercises') ?? []) {
        const working = logged.sets.filter((set) => !set.warmup).length;
        setsByExercise.set(logged.exerciseId, (setsByExercise.get(logged.exerciseId) ?? 0) + working);
      }
    }
  }
  if (setsByExercise.size === 0) return {};
  const muscles: Partial<Record<Muscle, number>> = {};
  for (const exercise of await usable()) {
    const sets = setsByExercise.get(exercise.id);
    if (!sets) continue;
    for (const muscle of exercise.primaryMuscles) muscles[muscle] = (muscles[muscle] ?? 0) + sets;
  }
  return muscles;
}

export function registerStrengthFunctions(): void {
  defineFunction('recentExercises', recentExercises);
  defineFunction('workoutRecords', workoutRecords);
  defineFunction('searchExercises', searchExercises);
  defineFunction('exerciseProgress', exerciseProgress);
}
