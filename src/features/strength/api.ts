import type {
  ExerciseProgress,
  ExerciseRow,
  Muscle,
  ProgressRange,
  RecentExercises,
  RoutineRow,
  LoggedExercise,
  WorkoutRecords,
} from '@/domain/strength';
import { getParse } from '@/lib/parse';

type CloudFunction<T> = (params: Record<string, unknown>) => T;

export interface ExerciseSearch {
  query: string;
  /** Only exercises that work this muscle, as a primary or secondary muscle. */
  muscle?: Muscle | undefined;
}

/** The catalogue's and the person's own exercises whose names match the words, by relevance. */
export async function searchExercises({ query, muscle }: ExerciseSearch): Promise<ExerciseRow[]> {
  const Parse = await getParse();
  return Parse.Cloud.run<CloudFunction<ExerciseRow[]>>('searchExercises', {
    query,
    ...(muscle ? { muscle } : {}),
  });
}

export async function loadExerciseProgress(
  exerciseId: string,
  range: ProgressRange,
): Promise<ExerciseProgress> {
  const Parse = await getParse();
  return Parse.Cloud.run<CloudFunction<ExerciseProgress>>('exerciseProgress', { exerciseId, range });
}

/**
 * The person's latest exercises, and the sets they and `exerciseIds` had in the latest workout
 * started before `before` (a new workout: any).
 */
export async function loadRecentExercises(
  exerciseIds: readonly string[],
  before?: string,
): Promise<RecentExercises> {
  const Parse = await getParse();
  return Parse.Cloud.run<CloudFunction<RecentExercises>>('recentExercises', {
    exerciseIds,
    ...(before ? { before } : {}),
  });
}

/** The records each set of a saved strength workout beat, exercise by exercise. */
export async function loadWorkoutRecords(activityId: string): Promise<WorkoutRecords> {
  const Parse = await getParse();
  return Parse.Cloud.run<CloudFunction<WorkoutRecords>>('workoutRecords', { activityId });
}

const ROUTINE = 'Routine';

/** The person's routines by name (the server lets nobody else's through). */
export async function loadRoutines(): Promise<RoutineRow[]> {
  const Parse = await getParse();
  const rows = await new Parse.Query(ROUTINE).select('name', 'exercises').ascending('name').limit(100).find();
  return rows.map((row) => ({
    id: row.id ?? '',
    name: String(row.get('name')),
    exercises: (row.get('exercises') as LoggedExercise[] | undefined) ?? [],
  }));
}

/** Saves a workout's exercises and sets as a routine; the server sets its owner and checks it. */
export async function saveRoutine(name: string, exercises: readonly LoggedExercise[]): Promise<RoutineRow> {
  const Parse = await getParse();
  const routine = new Parse.Object(ROUTINE);
  routine.set('name', name);
  routine.set('exercises', exercises);
  await routine.save();
  return { id: routine.id ?? '', name, exercises: [...exercises] };
}
