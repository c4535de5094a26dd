import { DEFAULT_MET_BY_CATEGORY, checkMuscles, type ExerciseCategory } from '../../src/domain/strength';
import { refuseProblem, type CloudObject } from '../parse';

/**
 * A person's own exercise: its muscles come from the one list, its MET defaults to its category's,
 * and it can never pose as a catalogue row. Catalogue rows (no owner) are written by the server.
 */
export function completeExercise(object: CloudObject): Promise<void> {
  if (!object.get('user')) return Promise.resolve();
  if (object.get('catalogueKey') !== undefined) object.unset('catalogueKey');
  const problem = checkMuscles(object.get('primaryMuscles'), object.get('secondaryMuscles'));
  if (problem) throw refuseProblem(problem);
  const category = object.get('category') as ExerciseCategory;
  if (object.get('met') === undefined && Object.hasOwn(DEFAULT_MET_BY_CATEGORY, category)) {
    object.set('met', DEFAULT_MET_BY_CATEGORY[category]);
  }
  return Promise.resolve();
}

/** The distinct exercise ids a workout's exercises name (the rest is the check's to refuse). */
export function exerciseIdsOf(exercises: unknown): string[] {
  if (!Array.isArray(exercises)) return [];
  const ids = exercises.map((exercise: unknown) => (exercise as { exerciseId?: unknown } | null)?.exerciseId);
  return [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
}
