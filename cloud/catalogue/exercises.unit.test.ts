// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { EXERCISE_CATEGORIES, MEASURES, MUSCLES } from '../../src/domain/strength';
import { CATALOGUE_EXERCISES, EQUIPMENT } from './exercises';

const categories = new Set<string>(EXERCISE_CATEGORIES);
const measures = new Set<string>(MEASURES);
const muscles = new Set<string>(MUSCLES);
const equipment = new Set<string>(EQUIPMENT);

/** The values that occur more than once in a list. */
function repeated(values: readonly string[]): string[] {
  return values.filter((value, index) => values.indexOf(value) !== index);
}

describe('CATALOGUE_EXERCISES', () => {
  it('holds at least 160 exercises', () => {
    expect(CATALOGUE_EXERCISES.length).toBeGreaterThanOrEqual(160);
  });

  it('gives every exercise its own ex: key in lowercase kebab-case', () => {
    const keys = CATALOGUE_EXERCISES.map((exercise) => exercise.key);

    expect(repeated(keys)).toEqual([]);
    expect(keys.filter((key) => !/^ex:[a-z0-9]+(-[a-z0-9]+)*$/.test(key))).toEqual([]);
  });

  it('names every exercise once, ignoring case, in 1 to 80 trimmed characters', () => {
    const names = CATALOGUE_EXERCISES.map((exercise) => exercise.name);

    expect(repeated(names.map((name) => name.toLowerCase()))).toEqual([]);
    expect(names.filter((name) => name.trim() === '' || name.trim() !== name || name.length > 80)).toEqual(
      [],
    );
  });

  it('takes categories, measures, muscles and equipment only from their lists', () => {
    const outside = CATALOGUE_EXERCISES.filter(
      (exercise) =>
        !categories.has(exercise.category) ||
        !measures.has(exercise.measure) ||
        !equipment.has(exercise.equipment) ||
        [...exercise.primaryMuscles, ...exercise.secondaryMuscles].some((muscle) => !muscles.has(muscle)),
    ).map((exercise) => exercise.key);

    expect(outside).toEqual([]);
  });

  it('uses every category', () => {
    const used = new Set(CATALOGUE_EXERCISES.map((exercise) => exercise.category));

    expect(EXERCISE_CATEGORIES.filter((category) => !used.has(category))).toEqual([]);
  });

  it('works every muscle as a primary muscle of some exercise', () => {
    const worked = new Set(CATALOGUE_EXERCISES.flatMap((exercise) => exercise.primaryMuscles));

    expect(MUSCLES.filter((muscle) => !worked.has(muscle))).toEqual([]);
  });

  it('uses every piece of equipment it lists', () => {
    const used = new Set(CATALOGUE_EXERCISES.map((exercise) => exercise.equipment));

    expect(EQUIPMENT.filter((piece) => !used.has(piece))).toEqual([]);
  });

  it('names at least one primary muscle, each muscle once, none both primary and secondary', () => {
    const faulty = CATALOGUE_EXERCISES.filter(
      ({ primaryMuscles, secondaryMuscles }) =>
        primaryMuscles.length === 0 || repeated([...primaryMuscles, ...secondaryMuscles]).length > 0,
    ).map((exercise) => exercise.key);

    expect(faulty).toEqual([]);
  });

  it('gives every exercise a MET between 2 and 12', () => {
    const outside = CATALOGUE_EXERCISES.filter(({ met }) => !Number.isFinite(met) || met < 2 || met > 12).map(
      (exercise) => exercise.key,
    );

    expect(outside).toEqual([]);
  });
});

describe('repeated', () => {
  it('finds a value that occurs twice', () => {
    expect(repeated(['chest', 'abs', 'chest'])).toEqual(['chest']);
  });

  it('finds nothing when every value is distinct', () => {
    expect(repeated(['chest', 'abs'])).toEqual([]);
  });
});
