import { isObjectId } from '../../src/domain/ids';
import {
  matchesWords,
  MAX_QUERY_LENGTH,
  MAX_SEARCH_RESULTS,
  rankFoods,
  searchWords,
} from '../../src/domain/nutrition';
import {
  exerciseNameIn,
  exerciseProgress as progressOf,
  MUSCLES,
  PROGRESS_RANGES,
  RECENT_EXERCISES,
  MAX_EXERCISES_PER_WORKOUT,
  type ExerciseProgress,
  type RecentExercises,
  type ExerciseRow,
  type Muscle,
  type ProgressRange,
  type RecordKind,
  recordsOfWorkout,
  type LoggedExercise,
  type WorkoutRecords,
} from '../../src/domain/strength';
import { requireUser, validationError, type ParseUser } from '../parse';
import { activityClass } from '../schema/activity';
import { queryOf } from '../schema/rows';
import {
  earlierSets,
  exerciseSessions,
  latestSessions,
  latestStrengthWorkout,
  visibleExercises,
  weekWorkingSets,
} from '../store/strength';
import { defineFunction, type CloudRequest } from './define';
import { readLanguageParam } from './requestContext';

export type { ExerciseRow };

const MAX_EQUIPMENT_LENGTH = 40;

function readSearch(params: Record<string, unknown>) {
  const { query = '', muscle, equipment, limit = 20 } = params;
  const language = readLanguageParam(params.language);
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
  return { query, muscle: muscle as Muscle | undefined, equipment: equipment, limit, language };
}

/**
 * Exercise search for the picker: every word of the query must begin a word of its name in any of
 * the app's languages (ranked by the name in `language` when given), and the
 * exercise must work `muscle` (primary or secondary) and need `equipment` when they are given; the
 * catalogue and the person's own exercises. With no words, the filters alone choose, by name.
 */
async function searchExercises(request: CloudRequest<'searchExercises'>): Promise<ExerciseRow[]> {
  const { user } = requireUser(request.user);
  const { query, muscle, equipment, limit, language } = readSearch(request.params);
  const words = searchWords(query);
  const named = (exercise: ExerciseRow) => ({
    ...exercise,
    name: language ? exerciseNameIn(exercise, language) : exercise.name,
  });
  const found = (await visibleExercises(user)).filter(
    (exercise) =>
      matchesWords([exercise.name, ...Object.values(exercise.names ?? {})].join(' '), words) &&
      (muscle === undefined ||
        exercise.primaryMuscles.includes(muscle) ||
        exercise.secondaryMuscles.includes(muscle)) &&
      (equipment === undefined || exercise.equipment === equipment),
  );
  // Ranked by the names the person reads; answered whole, each shown in the page's language.
  const shown = found.map((exercise) => ({ ...named(exercise), row: exercise }));
  const ordered =
    words.length > 0
      ? rankFoods(query, shown)
      : shown.sort((a, b) => a.name.localeCompare(b.name, language ?? 'en'));
  return ordered.slice(0, limit).map(({ row }) => row);
}

const RANGE_MONTHS: Readonly<Record<ProgressRange, number | null>> = {
  '1m': 1,
  '3m': 3,
  '6m': 6,
  '1y': 12,
  all: null,
};

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
    ? (await visibleExercises(user)).find((row) => row.id === exerciseId)
    : undefined;
  if (!exercise) {
    throw validationError('server.strength.unknownExercise');
  }
  const { points, records } = progressOf(await exerciseSessions(user, exercise.id));
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
  return recordsOfWorkout(exercises, await earlierSets(user, ids, startedAt));
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
 * for those, `exerciseIds` and the last workout's, the sets of the latest workout before `before`
 * that had them, and that last strength workout itself, to repeat.
 */
async function recentExercises(request: CloudRequest<'recentExercises'>): Promise<RecentExercises> {
  const { user } = requireUser(request.user);
  const { exerciseIds, before } = readRecentParams(request.params);
  const [sessions, usable, last] = await Promise.all([
    latestSessions(user, before),
    visibleExercises(user),
    latestStrengthWorkout(user, before),
  ]);
  const byId = new Map(usable.map((exercise) => [exercise.id, exercise]));
  const exercises = sessions
    .flatMap((session) => byId.get(session.exerciseId) ?? [])
    .slice(0, RECENT_EXERCISES);
  // A gone exercise (deleted since) cannot be logged again: the repeat leaves it out.
  const lastWorkout = last && {
    ...last,
    exercises: last.exercises.filter((logged) => byId.has(logged.exerciseId)),
  };
  const repeated = lastWorkout?.exercises.map((logged) => logged.exerciseId) ?? [];
  const wanted = new Set([...exercises.map((exercise) => exercise.id), ...exerciseIds, ...repeated]);
  const lastSets = Object.fromEntries(
    sessions
      .filter((session) => wanted.has(session.exerciseId) && byId.has(session.exerciseId))
      .map((session) => [session.exerciseId, session.sets]),
  );
  const named = [...new Set([...exerciseIds, ...repeated])].flatMap((id) => byId.get(id) ?? []);
  return {
    exercises,
    lastSets,
    named,
    ...(lastWorkout && lastWorkout.exercises.length > 0 ? { lastWorkout } : {}),
  };
}

/**
 * Working sets of the person's strength workouts on the local days `firstDay` to `firstDay` + 6
 * of `timeZone`, counted for each primary muscle of their exercise.
 */
export async function weekMuscleSets(
  user: ParseUser,
  firstDay: string,
  timeZone: string,
  usable: () => Promise<ExerciseRow[]> = () => visibleExercises(user),
): Promise<Partial<Record<Muscle, number>>> {
  const setsByExercise = await weekWorkingSets(user, firstDay, timeZone);
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
