import { currentLanguage } from '@/i18n';
import type {
  ExerciseCategory,
  ExerciseProgress,
  ExerciseRow,
  Muscle,
  ProgressRange,
  RecentExercises,
  RoutineRow,
  LoggedExercise,
  Measure,
  WorkoutRecords,
} from '@/domain/strength';
import { loadOrLastLoaded } from '@/lib/offline/lastLoaded';
import { signedInSession } from '@/lib/offline/session';
import { readPage, savePage } from '@/lib/offline/store';
import { getParse } from '@/lib/parse';
import { callCloud } from '@/lib/cloud';

/**
 * Copies kept on this device under the person's account, so a workout can be logged in a gym
 * without a network: the latest exercises with their last sets, the routines, and the name and
 * measure of every exercise the workout window has met.
 */
const RECENT_COPY = 'strength:recent';
const ROUTINES_COPY = 'strength:routines';
const EXERCISES_COPY = 'strength:exercises';
/** Exercises remembered on the device; the oldest met are forgotten first. */
export const EXERCISES_REMEMBERED = 300;

export interface ExerciseSearch {
  query: string;
  /** Only exercises that work this muscle, as a primary or secondary muscle. */
  muscle?: Muscle | undefined;
}

/** The catalogue's and the person's own exercises whose names match the words, by relevance. */
export async function searchExercises({ query, muscle }: ExerciseSearch): Promise<ExerciseRow[]> {
  return callCloud('searchExercises', {
    query,
    language: currentLanguage(),
    ...(muscle ? { muscle } : {}),
  });
}

export interface NewExercise {
  name: string;
  category: ExerciseCategory;
  measure: Measure;
  primaryMuscles: Muscle[];
  secondaryMuscles: Muscle[];
  equipment: string;
}

/** Adds an exercise of the person's own; the server sets its owner, its MET and checks its muscles. */
export async function createExercise(exercise: NewExercise): Promise<ExerciseRow> {
  const Parse = await getParse();
  const row = new Parse.Object('Exercise');
  for (const [field, value] of Object.entries(exercise)) {
    if (value !== '') row.set(field, value);
  }
  await row.save();
  return { id: row.id ?? '', ...exercise, custom: true };
}

export async function loadExerciseProgress(
  exerciseId: string,
  range: ProgressRange,
): Promise<ExerciseProgress> {
  return callCloud('exerciseProgress', { exerciseId, range });
}

/**
 * The person's latest exercises, and the sets they and `exerciseIds` had in the latest workout
 * started before `before` (a new workout: any).
 */
export async function loadRecentExercises(
  exerciseIds: readonly string[],
  before?: string,
): Promise<RecentExercises> {
  const ask = () =>
    callCloud('recentExercises', {
      exerciseIds,
      ...(before ? { before } : {}),
    });
  // What a new workout opens with is kept for the next one opened without a network.
  if (exerciseIds.length === 0 && !before) return (await loadOrLastLoaded(RECENT_COPY, ask)).data;
  return ask();
}

/** Where the workout window remembers the exercises it met (this device, unless a test says). */
export interface ExerciseMemory {
  recall: () => Promise<ExerciseRow[]>;
  remember: (rows: readonly ExerciseRow[]) => Promise<void>;
}

/** The exercises the workout window has met on this device, for their names and measures offline. */
export async function rememberedExercises(): Promise<ExerciseRow[]> {
  const account = (await signedInSession())?.account;
  const page = account ? await readPage(account, EXERCISES_COPY) : undefined;
  return Array.isArray(page?.data) ? (page.data as ExerciseRow[]) : [];
}

/** Remembering reads the copy, adds to it and writes it back: one at a time, or one loses the other's. */
let remembering: Promise<void> = Promise.resolve();

/** Remembers exercises met (the latest last); storage that fails only loses the convenience. */
export function rememberExercises(rows: readonly ExerciseRow[]): Promise<void> {
  remembering = remembering.then(() => addToRemembered(rows)).catch(() => undefined);
  return remembering;
}

async function addToRemembered(rows: readonly ExerciseRow[]): Promise<void> {
  const account = (await signedInSession())?.account;
  if (!account || rows.length === 0) return;
  const met = new Set(rows.map((row) => row.id));
  const kept = (await rememberedExercises()).filter((row) => !met.has(row.id));
  const data = [...kept, ...rows].slice(-EXERCISES_REMEMBERED);
  await savePage({ account, key: EXERCISES_COPY, data, savedAt: new Date().toISOString() });
}

/** The records each set of a saved strength workout beat, exercise by exercise. */
export async function loadWorkoutRecords(activityId: string): Promise<WorkoutRecords> {
  return callCloud('workoutRecords', { activityId });
}

const ROUTINE = 'Routine';

async function queryRoutines(): Promise<RoutineRow[]> {
  const Parse = await getParse();
  const rows = await new Parse.Query(ROUTINE).select('name', 'exercises').ascending('name').limit(100).find();
  return rows.map((row) => ({
    id: row.id ?? '',
    name: String(row.get('name')),
    exercises: (row.get('exercises') as LoggedExercise[] | undefined) ?? [],
  }));
}

/**
 * The person's routines by name (the server lets nobody else's through); without a network, the
 * copy this device loaded last.
 */
export async function loadRoutines(): Promise<RoutineRow[]> {
  return (await loadOrLastLoaded(ROUTINES_COPY, queryRoutines)).data;
}

/** After a change the device's copy is loaded again, so it holds the change when the network goes. */
function refreshRoutinesCopy(): void {
  loadRoutines().catch(() => undefined);
}

/** Saves a workout's exercises and sets as a routine; the server sets its owner and checks it. */
export async function saveRoutine(name: string, exercises: readonly LoggedExercise[]): Promise<RoutineRow> {
  const Parse = await getParse();
  const routine = new Parse.Object(ROUTINE);
  routine.set('name', name);
  routine.set('exercises', exercises);
  await routine.save();
  refreshRoutinesCopy();
  return { id: routine.id ?? '', name, exercises: [...exercises] };
}

export interface RoutineChange {
  name?: string;
  exercises?: readonly LoggedExercise[];
}

/** Renames a routine or gives it new exercises and targets; the server checks them as on create. */
export async function updateRoutine(id: string, change: RoutineChange): Promise<void> {
  const Parse = await getParse();
  const routine = new Parse.Object(ROUTINE);
  routine.id = id;
  if (change.name !== undefined) routine.set('name', change.name);
  if (change.exercises !== undefined) routine.set('exercises', change.exercises);
  await routine.save();
  refreshRoutinesCopy();
}

export async function deleteRoutine(id: string): Promise<void> {
  const Parse = await getParse();
  const routine = new Parse.Object(ROUTINE);
  routine.id = id;
  await routine.destroy();
  refreshRoutinesCopy();
}

export const exerciseMemory: ExerciseMemory = { recall: rememberedExercises, remember: rememberExercises };

/** Where the workout window reads and keeps routines: the server, unless a test says otherwise. */
export interface RoutineStore {
  load: () => Promise<RoutineRow[]>;
  save: (name: string, exercises: readonly LoggedExercise[]) => Promise<RoutineRow>;
  update: (id: string, change: RoutineChange) => Promise<void>;
  remove: (id: string) => Promise<void>;
}

export const routineStore: RoutineStore = {
  load: loadRoutines,
  save: saveRoutine,
  update: updateRoutine,
  remove: deleteRoutine,
};
