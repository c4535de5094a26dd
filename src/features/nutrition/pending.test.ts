import { describe, expect, it } from 'vitest';
import {
  dayExtras,
  NO_NUTRIENTS,
  UNKNOWN_EXTRAS,
  type FoodRow,
  type MealRow,
  type NutritionDay,
} from '@/domain/nutrition';
import { localTarget, restDate, restPointer } from '@/lib/offline/changes';
import { pendingChange } from '@/test/pendingChange';
import { withWaitingMeals } from './pending';

const oats: FoodRow = {
  id: 'f1',
  name: 'Oats',
  brand: '',
  servingG: 40,
  servingLabel: 'bowl',
  custom: false,
  kcalPer100g: 380,
  proteinPer100g: 13,
  carbsPer100g: 60,
  fatPer100g: 7,
  fibrePer100g: 10,
  sugarsPer100g: 1,
  saturatedFatPer100g: 1.2,
  saltPer100g: null,
  servings: [],
  barcode: null,
  source: 'ifct',
  sourceId: 'A001',
};

const lunch: MealRow = {
  id: 'm1',
  eatenAt: '2026-11-23T12:00:00.000Z',
  mealType: 'lunch',
  name: 'Soup',
  grams: null,
  food: null,
  caloriesKcal: 200,
  proteinG: 10,
  carbsG: 20,
  fatG: 5,
  ...UNKNOWN_EXTRAS,
};

const day: NutritionDay = {
  date: '2026-11-23',
  today: '2026-11-23',
  timeZone: 'UTC',
  calorieGoal: 2000,
  calorieGoalSource: 'own',
  countsExercise: false,
  workoutsKcal: 0,
  meals: [lunch],
  sections: {
    breakfast: NO_NUTRIENTS,
    lunch: { caloriesKcal: 200, proteinG: 10, carbsG: 20, fatG: 5 },
    dinner: NO_NUTRIENTS,
    snack: NO_NUTRIENTS,
  },
  totals: { caloriesKcal: 200, proteinG: 10, carbsG: 20, fatG: 5 },
  extras: dayExtras([lunch]),
  history: [],
  recentFoods: [],
  frequentFoods: [],
};

describe('withWaitingMeals', () => {
  it('shows a food logged offline with the energy estimated here and counts it in the totals', () => {
    const breakfast = pendingChange({
      className: 'Meal',
      op: 'create',
      target: localTarget('b'),
      fields: {
        eatenAt: restDate(new Date('2026-11-23T08:00:00Z')),
        mealType: 'breakfast',
        food: restPointer('Food', 'f1'),
        grams: 80,
      },
      display: {
        name: 'Oats',
        caloriesKcal: 304,
        proteinG: 10.4,
        carbsG: 48,
        fatG: 5.6,
        fibreG: 8,
        food: JSON.stringify(oats),
      },
    });

    const shown = withWaitingMeals(day, [breakfast]);

    expect(shown.meals[0]).toMatchObject({
      name: 'Oats',
      grams: 80,
      caloriesKcal: 304,
      food: oats,
      sync: 'waiting',
    });
    expect(shown.sections.breakfast.caloriesKcal).toBe(304);
    expect(shown.totals.caloriesKcal).toBe(504);
    // The soup says nothing of fibre; the oats' estimate counts, and the soup is counted as unknown.
    expect(shown.extras.fibre).toEqual({ grams: 8, unknown: 1 });
    expect(shown.extras.salt).toEqual({ grams: 0, unknown: 2 });
  });

  it('applies a quick-add edit and takes a deleted meal out of the totals', () => {
    const edit = pendingChange({
      className: 'Meal',
      op: 'update',
      target: 'm1',
      fields: {
        eatenAt: restDate(new Date(lunch.eatenAt)),
        mealType: 'lunch',
        food: null,
        grams: null,
        name: 'Big soup',
        caloriesKcal: 350,
        proteinG: 12,
        carbsG: 30,
        fatG: 9,
      },
    });
    expect(withWaitingMeals(day, [edit]).meals[0]).toMatchObject({
      name: 'Big soup',
      caloriesKcal: 350,
      sync: 'waiting',
    });

    const deletion = pendingChange({ className: 'Meal', op: 'delete', target: 'm1' });
    const emptied = withWaitingMeals(day, [deletion]);
    expect(emptied.meals).toEqual([]);
    expect(emptied.totals).toEqual(NO_NUTRIENTS);
  });
});
