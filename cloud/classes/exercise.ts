import {
  DEFAULT_MET_BY_CATEGORY,
  checkMuscles,
  type ExerciseCategory,
  type Measure,
} from '../../src/domain/strength';
import { sqlClient } from '../database';
import { Parse, refuseProblem, type CloudObject, type ParseUser } from '../parse';
import { exerciseClass } from '../schema/exercise';
import { queryOf } from '../schema/rows';

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

export interface UsableExercise {
  measure: Measure;
  met: number;
}

/** The exercises among `ids` the person may log: the catalogue's and their own. */
export async function usableExercises(
  ids: readonly string[],
  owner: ParseUser | undefined,
): Promise<Map<string, UsableExercise>> {
  if (ids.length === 0) return new Map();
  const sql = sqlClient();
  if (sql) {
    const { rows } = await sql.query<UsableExercise & { id: string }>(
      `SELECT "objectId" AS id, measure, met FROM "Exercise"
        WHERE "objectId" = ANY($1::text[]) AND ("user" IS NULL OR "user" = $2)`,
      [ids, owner?.id ?? ''],
    );
    return new Map(rows.map(({ id, measure, met }) => [id, { measure, met }]));
  }
  const catalogue = queryOf(exerciseClass).doesNotExist('user');
  const visible = owner
    ? Parse.Query.or(catalogue, queryOf(exerciseClass).equalTo('user', owner))
    : catalogue;
  const found = await visible.containedIn('objectId', [...ids]).findAll({ useMasterKey: true });
  return new Map(
    found.map((exercise) => [
      exercise.id ?? '',
      { measure: exercise.get('measure'), met: exercise.get('met') },
    ]),
  );
}

/** The distinct exercise ids a workout's exercises name (the rest is the check's to refuse). */
export function exerciseIdsOf(exercises: unknown): string[] {
  if (!Array.isArray(exercises)) return [];
  const ids = exercises.map((exercise: unknown) => (exercise as { exerciseId?: unknown } | null)?.exerciseId);
  return [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
}
