import { caloriesFromMetKcal, DEFAULT_BODY_WEIGHT_KG, estimateCaloriesKcal } from '../../src/domain/activity';
import { ACTIVITY_TYPES, type ActivityType } from '../../src/domain/contract';
import { defaultVisibility } from '../../src/domain/sharing';
import { effortLoad } from '../../src/domain/trainingLoad';
import { checkExercises, workoutMet, type LoggedExercise } from '../../src/domain/strength';
import { latestWeightKg } from '../latestWeights';
import { MASTER, refuseProblem, validationError, type CloudObject, type ParseUser } from '../parse';
import { queryOf } from '../schema/rows';
import { settingsClass } from '../schema/settings';
import { exerciseIdsOf } from './exercise';
import { usableExercises, type UsableExercise } from '../store/strength';
import { latestWeight } from '../store/history';

/** The person's latest logged weight (remembered by the node until it changes), or the stated default. */
async function bodyWeightKg(owner: ParseUser | undefined): Promise<number> {
  if (!owner?.id) return DEFAULT_BODY_WEIGHT_KG;
  return (await latestWeightKg(owner.id, () => latestWeight(owner))) ?? DEFAULT_BODY_WEIGHT_KG;
}

function isActivityType(value: unknown): value is ActivityType {
  return typeof value === 'string' && (ACTIVITY_TYPES as readonly string[]).includes(value);
}

/**
 * A strength workout's exercises, when they change: each must be one the person may use, with sets
 * that fit what it records. Answers how to find the workout's MET from them, for the estimate.
 */
async function checkWorkoutExercises(object: CloudObject): Promise<() => Promise<number | undefined>> {
  const exercises: unknown = object.get('exercises');
  const logged = Array.isArray(exercises) && exercises.length > 0;
  if (logged && object.get('type') !== 'strength') {
    throw validationError('server.activity.exercisesNeedStrength');
  }
  let usable: Map<string, UsableExercise> | undefined;
  const lookUp = async () =>
    (usable ??= await usableExercises(exerciseIdsOf(exercises), object.get('user') as ParseUser | undefined));
  if (object.dirty('exercises') && exercises !== undefined && exercises !== null) {
    const found = await lookUp();
    const problem = checkExercises(exercises, (id) => found.get(id)?.measure);
    if (problem) throw refuseProblem(problem);
  }
  return async () => {
    if (!logged) return undefined;
    const found = await lookUp();
    return workoutMet(exercises as LoggedExercise[], (id) => found.get(id)?.met);
  };
}

/**
 * Calories typed by the person are kept as typed. Otherwise the server estimates them (from a
 * strength workout's exercises when it has some), and estimates again when the type, the duration
 * or the exercises change, so an estimate never goes stale.
 * Runs after the contract's checks, so type and duration are known to be valid.
 */
export async function estimateActivityCalories(object: CloudObject, original: CloudObject | undefined) {
  const exercisesMet = await checkWorkoutExercises(object);
  const calories: unknown = object.get('caloriesKcal');
  const typedNow = object.dirty('caloriesKcal') && typeof calories === 'number';
  if (typedNow) {
    object.set('caloriesEstimated', false);
    return;
  }
  const typedBefore = original !== undefined && original.get('caloriesEstimated') !== true;
  const hasCalories = typeof calories === 'number';
  const inputsChanged = object.dirty('type') || object.dirty('durationMin') || object.dirty('exercises');
  if (hasCalories && (typedBefore || !inputsChanged)) {
    // Keep what is there, and never let a client flip the flag on its own.
    if (object.dirty('caloriesEstimated')) object.set('caloriesEstimated', !typedBefore);
    return;
  }
  const type: unknown = object.get('type');
  const durationMin: unknown = object.get('durationMin');
  if (!isActivityType(type) || typeof durationMin !== 'number') return;
  const owner = object.get('user') as ParseUser | undefined;
  const weightKg = await bodyWeightKg(owner);
  const met = await exercisesMet();
  object.set(
    'caloriesKcal',
    met === undefined
      ? estimateCaloriesKcal(type, durationMin, weightKg)
      : caloriesFromMetKcal(met, durationMin, weightKg),
  );
  object.set('caloriesEstimated', true);
}

/**
 * A new workout saved without a visibility (by the person or by an import) gets its owner's default
 * (src/domain/sharing.ts `defaultVisibility`), so nobody's workout is shown before they chose.
 */
export async function completeVisibility(object: CloudObject, original: CloudObject | undefined) {
  // One given is checked against the contract after this, as any field.
  if (original || (object.get('visibility') ?? null) !== null) return;
  const owner = object.get('user') as ParseUser | undefined;
  const settings = owner?.id ? await queryOf(settingsClass).equalTo('user', owner).first(MASTER) : undefined;
  object.set('visibility', defaultVisibility(settings?.attributes));
}

/**
 * A workout's training load from its effort (Foster's session RPE on TRIMP's scale), when it has no
 * heart-rate load: the server sets that one from the track (cloud/functions/imports.ts) and keeps it
 * whatever the effort says. Runs again when the effort or the duration change; the contract checks
 * both after this, so a refused effort stores nothing.
 */
export async function completeLoad(object: CloudObject, original: CloudObject | undefined) {
  if (object.get('loadSource') === 'heartRate') return;
  if (original && !object.dirty('effort') && !object.dirty('durationMin')) return;
  const effort: unknown = object.get('effort');
  const durationMin: unknown = object.get('durationMin');
  if (
    typeof effort !== 'number' ||
    typeof durationMin !== 'number' ||
    !Number.isFinite(effort * durationMin)
  ) {
    // A trigger's unset is not stored: null is how a load goes.
    if (original?.get('trainingLoad') !== undefined || object.get('trainingLoad') !== undefined) {
      object.set('trainingLoad', null);
      object.set('loadSource', null);
    }
    return;
  }
  const owner = object.get('user') as ParseUser | undefined;
  const settings = owner?.id ? await queryOf(settingsClass).equalTo('user', owner).first(MASTER) : undefined;
  const sex: unknown = settings?.get('sex');
  object.set(
    'trainingLoad',
    effortLoad(effort, durationMin, sex === 'male' || sex === 'female' || sex === 'other' ? sex : undefined),
  );
  object.set('loadSource', 'effort');
}

/** What the server fills in on a workout: its visibility when new, its calories and its load. */
export async function completeActivity(object: CloudObject, original: CloudObject | undefined) {
  await completeVisibility(object, original);
  await estimateActivityCalories(object, original);
  await completeLoad(object, original);
}
