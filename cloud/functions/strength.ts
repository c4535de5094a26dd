import { matchesWords, rankFoods, searchWords } from '../../src/domain/nutrition';
import { MUSCLES, type Measure, type Muscle } from '../../src/domain/strength';
import { sqlClient } from '../database';
import {
  Parse,
  requireUser,
  validationError,
  type CloudObject,
  type FunctionRequest,
  type ParseUser,
} from '../parse';
import { MAX_QUERY_LENGTH, MAX_SEARCH_RESULTS } from './nutrition';

/** One exercise as the exercise picker shows it. */
export interface ExerciseRow {
  id: string;
  name: string;
  category: string;
  primaryMuscles: Muscle[];
  secondaryMuscles: Muscle[];
  equipment: string;
  measure: Measure;
  /** The person's own exercise, not the catalogue's. */
  custom: boolean;
}

const MAX_EQUIPMENT_LENGTH = 40;

function toExerciseRow(exercise: CloudObject): ExerciseRow {
  return {
    id: exercise.id ?? '',
    name: String(exercise.get('name')),
    category: String(exercise.get('category')),
    primaryMuscles: (exercise.get('primaryMuscles') as Muscle[] | undefined) ?? [],
    secondaryMuscles: (exercise.get('secondaryMuscles') as Muscle[] | undefined) ?? [],
    equipment: String(exercise.get('equipment') ?? ''),
    measure: exercise.get('measure') as Measure,
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
    new Parse.Query('Exercise').doesNotExist('user'),
    new Parse.Query('Exercise').equalTo('user', user),
  ).findAll({ useMasterKey: true, batchSize: 1000 });
  return visible.map(toExerciseRow);
}

function readSearch(params: Record<string, unknown>) {
  const { query = '', muscle, equipment, limit = 20 } = params;
  if (typeof query !== 'string' || [...query].length > MAX_QUERY_LENGTH) {
    throw validationError(`query must be text of at most ${MAX_QUERY_LENGTH} characters.`);
  }
  if (muscle !== undefined && !(MUSCLES as readonly unknown[]).includes(muscle)) {
    throw validationError(`muscle must be one of: ${MUSCLES.join(', ')}.`);
  }
  if (
    equipment !== undefined &&
    (typeof equipment !== 'string' || [...equipment].length > MAX_EQUIPMENT_LENGTH)
  ) {
    throw validationError(`equipment must be text of at most ${MAX_EQUIPMENT_LENGTH} characters.`);
  }
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_RESULTS) {
    throw validationError(`limit must be a whole number from 1 to ${MAX_SEARCH_RESULTS}.`);
  }
  return { query, muscle: muscle as Muscle | undefined, equipment: equipment, limit };
}

/**
 * Exercise search for the picker: every word of the query must begin a word of the name, and the
 * exercise must work `muscle` (primary or secondary) and need `equipment` when they are given; the
 * catalogue and the person's own exercises. With no words, the filters alone choose, by name.
 */
async function searchExercises(request: FunctionRequest): Promise<ExerciseRow[]> {
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

export function registerStrengthFunctions(): void {
  Parse.Cloud.define('searchExercises', searchExercises);
}
