import type { Language } from './languages';
/**
 * Strength training: the vocabulary of the exercise catalogue, the limits of a workout's sets
 * (shared by the workout window and the `Activity` beforeSave), and the records a set can beat.
 * Weights are stored in kg; the person's unit applies at the edges (units.ts).
 */
import type { MessageId } from '../i18n/messages';
import { fieldError, type FieldError } from './fieldRules';
import { translatedTable } from './labels';

export const EXERCISE_CATEGORIES = [
  'barbell',
  'dumbbell',
  'machine',
  'cable',
  'bodyweight',
  'kettlebell',
  'band',
  'cardio',
  'other',
] as const;
export type ExerciseCategory = (typeof EXERCISE_CATEGORIES)[number];

/** The message naming each category. */
export const CATEGORY_LABEL_IDS: Readonly<Record<ExerciseCategory, MessageId>> = {
  barbell: 'training.category.barbell',
  dumbbell: 'training.category.dumbbell',
  machine: 'training.category.machine',
  cable: 'training.category.cable',
  bodyweight: 'training.category.bodyweight',
  kettlebell: 'training.category.kettlebell',
  band: 'training.category.band',
  cardio: 'training.category.cardio',
  other: 'training.category.other',
};

/** Each category as a person reads it, in the language shown when read. */
export const CATEGORY_LABELS = translatedTable(CATEGORY_LABEL_IDS);

/** The one list of muscles every exercise names its primary and secondary muscles from. */
export const MUSCLES = [
  'chest',
  'shoulders',
  'biceps',
  'triceps',
  'forearms',
  'lats',
  'upper_back',
  'traps',
  'lower_back',
  'abs',
  'obliques',
  'glutes',
  'quadriceps',
  'hamstrings',
  'adductors',
  'abductors',
  'calves',
  'neck',
] as const;
export type Muscle = (typeof MUSCLES)[number];

/** The message naming each muscle. */
export const MUSCLE_LABEL_IDS: Readonly<Record<Muscle, MessageId>> = {
  chest: 'training.muscle.chest',
  shoulders: 'training.muscle.shoulders',
  biceps: 'training.muscle.biceps',
  triceps: 'training.muscle.triceps',
  forearms: 'training.muscle.forearms',
  lats: 'training.muscle.lats',
  upper_back: 'training.muscle.upperBack',
  traps: 'training.muscle.traps',
  lower_back: 'training.muscle.lowerBack',
  abs: 'training.muscle.abs',
  obliques: 'training.muscle.obliques',
  glutes: 'training.muscle.glutes',
  quadriceps: 'training.muscle.quadriceps',
  hamstrings: 'training.muscle.hamstrings',
  adductors: 'training.muscle.adductors',
  abductors: 'training.muscle.abductors',
  calves: 'training.muscle.calves',
  neck: 'training.muscle.neck',
};

/** Each muscle as a person reads it, in the language shown when read. */
export const MUSCLE_LABELS = translatedTable(MUSCLE_LABEL_IDS);

/** What a set of the exercise records: weight and reps, reps alone, a time, or a distance. */
export const MEASURES = ['weight_reps', 'reps', 'time', 'distance'] as const;
export type Measure = (typeof MEASURES)[number];

/** The message naming each measure. */
export const MEASURE_LABEL_IDS: Readonly<Record<Measure, MessageId>> = {
  weight_reps: 'training.measure.weightReps',
  reps: 'training.measure.reps',
  time: 'training.measure.time',
  distance: 'training.measure.distance',
};

/** What a person chooses when they add an exercise of their own, in the language shown when read. */
export const MEASURE_LABELS = translatedTable(MEASURE_LABEL_IDS);

export const MAX_EXERCISES_PER_WORKOUT = 30;
export const MAX_SETS_PER_EXERCISE = 20;
export const MAX_EXERCISE_NOTE_LENGTH = 500;
/** The rest timer's default between sets, and the longest rest an exercise may set. */
export const DEFAULT_REST_S = 90;
export const MAX_REST_S = 3600;

/** The numbers a set may hold, with their limits. */
export const SET_LIMITS = {
  reps: { min: 0, max: 1000, integer: true },
  weightKg: { min: 0, max: 1000, integer: false },
  durationS: { min: 0, max: 86_400, integer: true },
  distanceM: { min: 0, max: 1_000_000, integer: false },
  rpe: { min: 1, max: 10, integer: false },
} as const;
export type SetNumber = keyof typeof SET_LIMITS;

export interface LoggedSet {
  reps?: number;
  weightKg?: number;
  durationS?: number;
  distanceM?: number;
  /** Rate of perceived exertion, 1–10 in halves. */
  rpe?: number;
  /** A warm-up set never counts for a record. */
  warmup?: boolean;
  /** Ticked done in the workout window; only a mark of progress, every set counts either way. */
  done?: boolean;
}

export interface LoggedExercise {
  exerciseId: string;
  sets: LoggedSet[];
  note?: string;
  /** Rest between its sets, in seconds, for the rest timer (DEFAULT_REST_S when absent). */
  restS?: number;
}

/**
 * The numbers each measure needs in every set, and those it also allows (RPE, the warm-up and the
 * done flags always are): added weight on a bodyweight exercise, a loaded carry's time and weight.
 */
export const MEASURE_FIELDS: Readonly<Record<Measure, { required: SetNumber[]; allowed: SetNumber[] }>> = {
  weight_reps: { required: ['reps', 'weightKg'], allowed: [] },
  reps: { required: ['reps'], allowed: ['weightKg'] },
  time: { required: ['durationS'], allowed: ['weightKg'] },
  distance: { required: ['distanceM'], allowed: ['durationS', 'weightKg'] },
};

/** The flags a set may carry besides its numbers. */
const SET_FLAGS = ['warmup', 'done'] as const;
export type SetFlag = (typeof SET_FLAGS)[number];
const SET_KEYS = new Set<string>([...Object.keys(SET_LIMITS), ...SET_FLAGS]);
const EXERCISE_KEYS = new Set(['exerciseId', 'sets', 'note', 'restS']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function checkNumber(field: string, name: SetNumber, value: unknown): FieldError | null {
  const { min, max, integer } = SET_LIMITS[name];
  if (typeof value !== 'number' || !Number.isFinite(value)) return fieldError(field, 'domain.field.number');
  if (integer && !Number.isInteger(value)) return fieldError(field, 'domain.field.wholeNumber');
  if (value < min || value > max) return fieldError(field, 'domain.field.numberRange', { min, max });
  if (name === 'rpe' && !Number.isInteger(value * 2))
    return fieldError(field, 'training.strength.halfNumber');
  return null;
}

function checkSet(path: string, set: unknown, measure: Measure): FieldError | null {
  if (!isRecord(set)) return fieldError(path, 'training.strength.setNotNumbers');
  const { required, allowed } = MEASURE_FIELDS[measure];
  for (const key of Object.keys(set)) {
    if (!SET_KEYS.has(key)) return fieldError(`${path}.${key}`, 'training.strength.notSetField');
  }
  for (const name of Object.keys(SET_LIMITS) as SetNumber[]) {
    const value = set[name];
    const field = `${path}.${name}`;
    if (value === undefined || value === null) {
      if (required.includes(name)) return fieldError(field, 'training.strength.setFieldRequired');
      continue;
    }
    if (name !== 'rpe' && !required.includes(name) && !allowed.includes(name)) {
      const [first = '', second] = required;
      return second === undefined
        ? fieldError(field, 'training.strength.doesNotFitOne', { recorded: first })
        : fieldError(field, 'training.strength.doesNotFitTwo', { first, second });
    }
    const problem = checkNumber(field, name, value);
    if (problem) return problem;
  }
  for (const flag of SET_FLAGS) {
    const value = set[flag];
    if (value !== undefined && value !== null && typeof value !== 'boolean') {
      return fieldError(`${path}.${flag}`, 'domain.field.boolean');
    }
  }
  return null;
}

/**
 * The first objection to a workout's `exercises`, naming its place (`exercises[3].sets[2].reps`),
 * or null. `measureOf` answers the measure of an exercise the person may use, or undefined for an
 * unknown exercise or someone else's.
 */
export function checkExercises(
  value: unknown,
  measureOf: (exerciseId: string) => Measure | undefined,
): FieldError | null {
  if (!Array.isArray(value)) return fieldError('exercises', 'training.strength.exercisesNotList');
  if (value.length > MAX_EXERCISES_PER_WORKOUT) {
    return fieldError('exercises', 'training.strength.tooManyExercises', { max: MAX_EXERCISES_PER_WORKOUT });
  }
  for (const [index, exercise] of value.entries()) {
    const path = `exercises[${index}]`;
    if (!isRecord(exercise)) return fieldError(path, 'training.strength.notExercise');
    const unknownKey = Object.keys(exercise).find((key) => !EXERCISE_KEYS.has(key));
    if (unknownKey) {
      const field = `${path}.${unknownKey}`;
      return fieldError(field, 'training.strength.notExerciseField');
    }
    const { exerciseId, sets, note } = exercise;
    const measure = typeof exerciseId === 'string' ? measureOf(exerciseId) : undefined;
    if (!measure) {
      const field = `${path}.exerciseId`;
      return fieldError(field, 'training.strength.unknownExercise');
    }
    if (!Array.isArray(sets) || sets.length === 0) {
      return fieldError(`${path}.sets`, 'training.strength.noSets');
    }
    if (sets.length > MAX_SETS_PER_EXERCISE) {
      return fieldError(`${path}.sets`, 'training.strength.tooManySets', { max: MAX_SETS_PER_EXERCISE });
    }
    for (const [setIndex, set] of sets.entries()) {
      const problem = checkSet(`${path}.sets[${setIndex}]`, set, measure);
      if (problem) return problem;
    }
    const { restS } = exercise;
    if (restS !== undefined && restS !== null) {
      const valid = typeof restS === 'number' && Number.isInteger(restS) && restS >= 0 && restS <= MAX_REST_S;
      if (!valid) {
        return fieldError(`${path}.restS`, 'training.strength.rest', { max: MAX_REST_S });
      }
    }
    if (note !== undefined && note !== null) {
      const valid =
        typeof note === 'string' && [...note].length <= MAX_EXERCISE_NOTE_LENGTH && !note.includes('\u0000');
      if (!valid) {
        return fieldError(`${path}.note`, 'training.strength.note', { max: MAX_EXERCISE_NOTE_LENGTH });
      }
    }
  }
  return null;
}

/**
 * The set logged last time at the same place (`setIndex`) of an exercise, from that workout's sets
 * of it: what a new set is offered to repeat. None past the last set of last time.
 */
export function previousSetAt(
  previous: readonly LoggedSet[] | undefined,
  setIndex: number,
): LoggedSet | undefined {
  return previous?.[setIndex];
}

/** The numbers a tap on last time's set copies; the set's RPE and its flags stay its own. */
const REPEATED_NUMBERS: readonly SetNumber[] = ['reps', 'weightKg', 'durationS', 'distanceM'];

/** A set with the numbers of `from` (last time's): "the same again". */
export function repeatSet(set: LoggedSet, from: LoggedSet): LoggedSet {
  const next = { ...set };
  for (const name of REPEATED_NUMBERS) {
    const value = from[name];
    if (value === undefined) delete next[name];
    else next[name] = value;
  }
  return next;
}

/** A workout's exercises to log again: the same sets with their numbers, none ticked done. */
export function repeatWorkout(exercises: readonly LoggedExercise[]): LoggedExercise[] {
  return exercises.map((exercise) => ({
    ...exercise,
    sets: exercise.sets.map(({ done: _done, ...set }) => set),
  }));
}

/** Sets of at most this many reps give an estimated one-rep max; beyond it Epley's formula drifts. */
export const ONE_REP_MAX_MAX_REPS = 12;

/**
 * The estimated one-rep max by Epley's formula, w × (1 + reps / 30), for sets of 1 to 12 reps; a
 * single is its own one-rep max. Null when the set says nothing about it.
 */
export function estimatedOneRepMaxKg({ weightKg, reps }: LoggedSet): number | null {
  if (weightKg === undefined || reps === undefined || weightKg <= 0 || reps < 1) return null;
  if (reps > ONE_REP_MAX_MAX_REPS) return null;
  return reps === 1 ? weightKg : weightKg * (1 + reps / 30);
}

/** The weight moved in a set: reps × weight. */
export function setVolumeKg({ weightKg, reps }: LoggedSet): number {
  return weightKg !== undefined && reps !== undefined ? weightKg * reps : 0;
}

export const RECORD_KINDS = ['heaviest', 'oneRepMax', 'repsAtWeight', 'setVolume'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** The message naming each record. */
export const RECORD_LABEL_IDS: Readonly<Record<RecordKind, MessageId>> = {
  heaviest: 'training.record.heaviest',
  oneRepMax: 'training.record.oneRepMax',
  repsAtWeight: 'training.record.repsAtWeight',
  setVolume: 'training.record.setVolume',
};

/** Each record as a person reads it (the one-rep max names its formula), in the language shown when read. */
export const RECORD_LABELS = translatedTable(RECORD_LABEL_IDS);

/** The best of an exercise so far, from which a new set's records are found. */
export interface Bests {
  heaviestKg: number;
  oneRepMaxKg: number;
  setVolumeKg: number;
  /** Sets no other set beats in both weight and reps (heaviest first). */
  repsFront: ReadonlyArray<{ weightKg: number; reps: number }>;
}

export const NO_BESTS: Bests = { heaviestKg: 0, oneRepMaxKg: 0, setVolumeKg: 0, repsFront: [] };

/**
 * The records a working set beats, and the bests after it. "Most reps at a weight": no earlier set
 * did as many reps with as much weight or more. A first set of an exercise beats nothing: a record
 * needs something to beat.
 */
export function recordsOfSet(set: LoggedSet, bests: Bests): { records: RecordKind[]; bests: Bests } {
  const { weightKg = 0, reps = 0 } = set;
  if (set.warmup || reps < 1 || weightKg <= 0) return { records: [], bests };
  const first = bests.repsFront.length === 0;
  const records: RecordKind[] = [];
  const oneRepMax = estimatedOneRepMaxKg(set) ?? 0;
  const volume = setVolumeKg(set);
  if (weightKg > bests.heaviestKg) records.push('heaviest');
  if (oneRepMax > bests.oneRepMaxKg) records.push('oneRepMax');
  const beaten = !bests.repsFront.some((best) => best.weightKg >= weightKg && best.reps >= reps);
  if (beaten) records.push('repsAtWeight');
  if (volume > bests.setVolumeKg) records.push('setVolume');
  const repsFront = beaten
    ? [
        ...bests.repsFront.filter((best) => best.weightKg > weightKg || best.reps > reps),
        { weightKg, reps },
      ].sort((a, b) => b.weightKg - a.weightKg)
    : bests.repsFront;
  return {
    records: first ? [] : records,
    bests: {
      heaviestKg: Math.max(bests.heaviestKg, weightKg),
      oneRepMaxKg: Math.max(bests.oneRepMaxKg, oneRepMax),
      setVolumeKg: Math.max(bests.setVolumeKg, volume),
      repsFront,
    },
  };
}

/** The records each set of a workout's exercise beats, given the bests before the workout. */
export function recordsOfSets(
  sets: readonly LoggedSet[],
  before: Bests,
): { records: RecordKind[][]; bests: Bests } {
  let bests = before;
  const records = sets.map((set) => {
    const found = recordsOfSet(set, bests);
    bests = found.bests;
    return found.records;
  });
  return { records, bests };
}

export const MAX_PRIMARY_MUSCLES = 5;
export const MAX_SECONDARY_MUSCLES = 8;

function checkMuscleList(field: string, value: unknown, min: number, max: number): FieldError | null {
  if (!Array.isArray(value)) return fieldError(field, 'training.strength.musclesNotList');
  const list: unknown[] = value;
  if (list.length < min || list.length > max) {
    return min > 0
      ? fieldError(field, 'training.strength.muscleCount', { min, max })
      : fieldError(field, 'training.strength.muscleCountMax', { max });
  }
  if (!list.every((muscle) => (MUSCLES as readonly unknown[]).includes(muscle))) {
    return fieldError(field, 'training.strength.unknownMuscle', { muscles: MUSCLES.join(', ') });
  }
  if (new Set(list).size !== list.length) return fieldError(field, 'training.strength.muscleTwice');
  return null;
}

/** The first objection to an exercise's muscles, or null: one to five primary, up to eight others. */
export function checkMuscles(primary: unknown, secondary: unknown): FieldError | null {
  const first =
    checkMuscleList('primaryMuscles', primary, 1, MAX_PRIMARY_MUSCLES) ??
    (secondary === undefined || secondary === null
      ? null
      : checkMuscleList('secondaryMuscles', secondary, 0, MAX_SECONDARY_MUSCLES));
  if (first) return first;
  // Both lists are valid by now.
  const others = (secondary ?? []) as Muscle[];
  const both = (primary as Muscle[]).find((muscle) => others.includes(muscle));
  return both === undefined
    ? null
    : fieldError('secondaryMuscles', 'training.strength.alreadyPrimary', { muscle: both });
}

/** The MET of an exercise a person adds without one, by its category (Compendium of Physical Activities). */
export const DEFAULT_MET_BY_CATEGORY: Readonly<Record<ExerciseCategory, number>> = {
  barbell: 5,
  dumbbell: 5,
  machine: 4.5,
  cable: 4.5,
  bodyweight: 3.8,
  kettlebell: 6,
  band: 3.5,
  cardio: 7,
  other: 4,
};

/**
 * The MET of a strength workout: its exercises' METs, each weighted by its number of sets (the
 * time spent on it); undefined when no exercise has a known MET.
 */
export function workoutMet(
  exercises: readonly Pick<LoggedExercise, 'exerciseId' | 'sets'>[],
  metOf: (exerciseId: string) => number | undefined,
): number | undefined {
  let weighted = 0;
  let sets = 0;
  for (const { exerciseId, sets: done } of exercises) {
    const met = metOf(exerciseId);
    if (met === undefined || done.length === 0) continue;
    weighted += met * done.length;
    sets += done.length;
  }
  return sets > 0 ? weighted / sets : undefined;
}

/** One workout's sets of one exercise, as its progress is computed from. */
export interface ExerciseSession {
  activityId: string;
  /** ISO 8601. */
  startedAt: string;
  sets: LoggedSet[];
}

/** One workout on the progress charts of an exercise. */
export interface ProgressPoint {
  activityId: string;
  startedAt: string;
  /** The best estimated one-rep max of its working sets, or null when none gives one. */
  oneRepMaxKg: number | null;
  /** Reps × weight over its working sets. */
  volumeKg: number;
  /** The records each of its sets beat when it was done (warm-ups none). */
  records: RecordKind[][];
}

/** An exercise's best working set of each kind, and when. */
export interface PersonalRecord {
  value: number;
  weightKg: number;
  reps: number;
  activityId: string;
  startedAt: string;
}

export interface ExerciseRecords {
  heaviest: PersonalRecord | null;
  oneRepMax: PersonalRecord | null;
  setVolume: PersonalRecord | null;
  /** For each weight, the most reps done with it or more, as `repsFront` keeps them (heaviest first). */
  repsAtWeight: ReadonlyArray<{ weightKg: number; reps: number }>;
}

/**
 * The progress of one exercise over the person's workouts, oldest first: a point per workout and
 * the records of all of them. A set's records are those it beat when it was done.
 */
export function exerciseProgress(sessions: readonly ExerciseSession[]): {
  points: ProgressPoint[];
  records: ExerciseRecords;
} {
  const ordered = [...sessions].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  let bests = NO_BESTS;
  const records: ExerciseRecords = { heaviest: null, oneRepMax: null, setVolume: null, repsAtWeight: [] };
  const better = (current: PersonalRecord | null, value: number, set: LoggedSet, session: ExerciseSession) =>
    value > 0 && (current === null || value > current.value)
      ? {
          value,
          weightKg: set.weightKg ?? 0,
          reps: set.reps ?? 0,
          activityId: session.activityId,
          startedAt: session.startedAt,
        }
      : current;
  const points = ordered.map((session): ProgressPoint => {
    const found = recordsOfSets(session.sets, bests);
    bests = found.bests;
    const working = session.sets.filter((set) => !set.warmup);
    const oneRepMaxes = working.map((set) => estimatedOneRepMaxKg(set) ?? 0);
    for (const set of working) {
      records.heaviest = better(
        records.heaviest,
        set.reps && set.reps > 0 ? (set.weightKg ?? 0) : 0,
        set,
        session,
      );
      records.oneRepMax = better(records.oneRepMax, estimatedOneRepMaxKg(set) ?? 0, set, session);
      records.setVolume = better(records.setVolume, setVolumeKg(set), set, session);
    }
    return {
      activityId: session.activityId,
      startedAt: session.startedAt,
      oneRepMaxKg: oneRepMaxes.some((value) => value > 0) ? Math.max(...oneRepMaxes) : null,
      volumeKg: working.reduce((sum, set) => sum + setVolumeKg(set), 0),
      records: found.records,
    };
  });
  return { points, records: { ...records, repsAtWeight: bests.repsFront } };
}

/**
 * The records each set of a workout beat, exercise by exercise in its order: against the person's
 * earlier workouts of each exercise (`earlier`, any order) and the workout's own sets before it.
 */
export function recordsOfWorkout(
  exercises: readonly Pick<LoggedExercise, 'exerciseId' | 'sets'>[],
  earlier: ReadonlyMap<string, readonly ExerciseSession[]>,
): RecordKind[][][] {
  const bestsOf = new Map<string, Bests>();
  return exercises.map(({ exerciseId, sets }) => {
    let bests = bestsOf.get(exerciseId);
    if (!bests) {
      const sessions = [...(earlier.get(exerciseId) ?? [])].sort((a, b) =>
        a.startedAt.localeCompare(b.startedAt),
      );
      bests = sessions.reduce((before, session) => recordsOfSets(session.sets, before).bests, NO_BESTS);
    }
    const found = recordsOfSets(sets, bests);
    bestsOf.set(exerciseId, found.bests);
    return found.records;
  });
}

/** One exercise as the exercise picker shows it (the answer rows of `searchExercises`). */
export interface ExerciseRow {
  id: string;
  /** In English for the catalogue's; as the person wrote it for their own. */
  name: string;
  /** The catalogue's names in the app's other languages. */
  names?: Partial<Record<Language, string>>;
  category: string;
  primaryMuscles: Muscle[];
  secondaryMuscles: Muscle[];
  equipment: string;
  measure: Measure;
  /** The person's own exercise, not the catalogue's. */
  custom: boolean;
}

export const PROGRESS_RANGES = ['1m', '3m', '6m', '1y', 'all'] as const;
export type ProgressRange = (typeof PROGRESS_RANGES)[number];

/** The answer of `exerciseProgress`. */
export interface ExerciseProgress {
  exercise: ExerciseRow;
  range: ProgressRange;
  /** The workouts of the range, oldest first. */
  points: ProgressPoint[];
  /** Of every workout, whatever the range. */
  records: ExerciseRecords;
}

/** The answer of `workoutRecords`: per exercise of the workout, per set, the records it beat. */
export interface WorkoutRecords {
  activityId: string;
  records: RecordKind[][][];
}

/** How many of a person's latest exercises the picker shows before anything is typed. */
export const RECENT_EXERCISES = 10;

/** The answer of `recentExercises`: the latest exercises, and the sets each had last time. */
export interface RecentExercises {
  /** The person's latest exercises, most recent first. */
  exercises: ExerciseRow[];
  /** By exercise id: its sets in the latest workout before the one being logged. */
  lastSets: Record<string, LoggedSet[]>;
  /** The asked-for exercises the person may use (a routine's, say), for their names and measures. */
  named: ExerciseRow[];
  /**
   * The person's latest strength workout before the one being logged, for "Repeat last workout" (its
   * exercises are among `named`, their sets in `lastSets`); absent when there is none, and in a copy
   * this device kept before it was answered.
   */
  lastWorkout?: LastWorkout;
}

/** The person's latest strength workout, to repeat: its length and its exercises with their sets. */
export interface LastWorkout {
  durationMin: number;
  exercises: LoggedExercise[];
}

/** One of the person's routines: a name and the exercises with their target sets. */
export interface RoutineRow {
  id: string;
  name: string;
  exercises: LoggedExercise[];
}

/** An exercise's name in `language` where the catalogue has one, else its own. */
export function exerciseNameIn(exercise: Pick<ExerciseRow, 'name' | 'names'>, language: Language): string {
  return exercise.names?.[language] || exercise.name;
}
