import { checkExercises } from '../../src/domain/strength';
import { refuseProblem, validationError, type CloudObject, type ParseUser } from '../parse';
import { exerciseIdsOf } from './exercise';
import { usableExercises } from '../store/strength';

/** A routine's exercises and target sets, checked like a workout's when they change. */
export async function completeRoutine(object: CloudObject): Promise<void> {
  if (!object.dirty('exercises')) return;
  const exercises: unknown = object.get('exercises');
  const usable = await usableExercises(exerciseIdsOf(exercises), object.get('user') as ParseUser | undefined);
  const problem = checkExercises(exercises, (id) => usable.get(id)?.measure);
  if (problem) throw refuseProblem(problem);
  if (Array.isArray(exercises) && exercises.length === 0) {
    throw validationError('server.routine.noExercises');
  }
}
