import { describe, expect, it } from 'vitest';
import { checkIngredients, isLoggableServings, recipeNutrition, recipePortion } from './recipes';

const food = (values: number[], extras: (number | null)[]) => ({
  kcalPer100g: values[0] ?? 0,
  proteinPer100g: values[1] ?? 0,
  carbsPer100g: values[2] ?? 0,
  fatPer100g: values[3] ?? 0,
  fibrePer100g: extras[0] ?? null,
  sugarsPer100g: extras[1] ?? null,
  saturatedFatPer100g: extras[2] ?? null,
  saltPer100g: extras[3] ?? null,
});

const FOODS = new Map([
  ['oats', food([380, 13, 60, 7], [10, 1, 1.2, 0.02])],
  ['milk', food([64, 3.4, 4.8, 3.6], [0, 4.8, 2.3, 0.1])],
  ['banana', food([89, 1.1, 22.8, 0.3], [2.6, 12.2, 0.1, null])],
  ['honey', food([304, 0.3, 82.4, 0], [0.2, 82.1, 0, 0])],
]);

// 80 g oats, 300 g milk, 120 g banana, 20 g honey: 520 g. By hand, the sums are
// 304 + 192 + 106.8 + 60.8 = 663.6 kcal; protein 10.4 + 10.2 + 1.32 + 0.06 = 21.98 g;
// carbs 48 + 14.4 + 27.36 + 16.48 = 106.24 g; fat 5.6 + 10.8 + 0.36 + 0 = 16.76 g;
// fibre 8 + 0 + 3.12 + 0.04 = 11.16 g; sugars 0.8 + 14.4 + 14.64 + 16.42 = 46.26 g;
// saturated fat 0.96 + 6.9 + 0.12 + 0 = 7.98 g; salt unknown (the banana does not say).
const PORRIDGE = [
  { foodId: 'oats', grams: 80 },
  { foodId: 'milk', grams: 300 },
  { foodId: 'banana', grams: 120 },
  { foodId: 'honey', grams: 20 },
];

describe('recipeNutrition', () => {
  it('sums the ingredients and divides by the servings and by the weight of the dish', () => {
    const nutrition = recipeNutrition(PORRIDGE, (id) => FOODS.get(id), 2, null);
    expect(nutrition.totalWeightG).toBe(520);
    expect(nutrition.perServing).toEqual({
      grams: 260,
      caloriesKcal: 331.8,
      proteinG: 11,
      carbsG: 53.1,
      fatG: 8.4,
      fibreG: 5.58,
      sugarsG: 23.13,
      saturatedFatG: 3.99,
      saltG: null,
    });
    // Over 520 g: 663.6 / 5.2 = 127.6 kcal, 21.98 / 5.2 = 4.23 g, …
    expect(nutrition.per100g).toEqual({
      grams: 100,
      caloriesKcal: 127.6,
      proteinG: 4.2,
      carbsG: 20.4,
      fatG: 3.2,
      fibreG: 2.15,
      sugarsG: 8.9,
      saturatedFatG: 1.53,
      saltG: null,
    });
  });

  it('takes per 100 g over the cooked weight when there is one', () => {
    const nutrition = recipeNutrition(PORRIDGE, (id) => FOODS.get(id), 4, 500);
    expect(nutrition.totalWeightG).toBe(520);
    expect(nutrition.perServing.grams).toBe(125);
    expect(nutrition.perServing.caloriesKcal).toBe(165.9);
    // 663.6 / 5 = 132.72 kcal, 21.98 / 5 = 4.396 g, 106.24 / 5 = 21.248 g, 16.76 / 5 = 3.352 g.
    expect(nutrition.per100g).toEqual({
      grams: 100,
      caloriesKcal: 132.7,
      proteinG: 4.4,
      carbsG: 21.2,
      fatG: 3.4,
      fibreG: 2.23,
      sugarsG: 9.25,
      saturatedFatG: 1.6,
      saltG: null,
    });
  });

  it('knows an extra when every ingredient knows it', () => {
    const nutrition = recipeNutrition(
      [
        { foodId: 'oats', grams: 50 },
        { foodId: 'honey', grams: 10 },
      ],
      (id) => FOODS.get(id),
      1,
      null,
    );
    // Salt: 0.01 + 0 g.
    expect(nutrition.perServing.saltG).toBe(0.01);
  });
});

describe('recipePortion', () => {
  it('scales the numbers of one serving to the servings eaten', () => {
    const { perServing } = recipeNutrition(PORRIDGE, (id) => FOODS.get(id), 2, null);
    expect(recipePortion(perServing, 1.5)).toEqual({
      grams: 390,
      caloriesKcal: 497.7,
      proteinG: 16.5,
      carbsG: 79.7,
      fatG: 12.6,
      fibreG: 8.37,
      sugarsG: 34.7,
      saturatedFatG: 5.99,
      saltG: null,
    });
  });
});

describe('checkIngredients', () => {
  const usable = (id: string) => FOODS.has(id);

  it('accepts foods the owner may use with their grams', () => {
    expect(checkIngredients(PORRIDGE, usable)).toBeNull();
  });

  it('names the first ingredient at fault and its field', () => {
    expect(checkIngredients('oats', usable)?.field).toBe('ingredients');
    expect(checkIngredients([], usable)?.field).toBe('ingredients');
    expect(checkIngredients(Array(51).fill({ foodId: 'oats', grams: 1 }), usable)?.field).toBe('ingredients');
    expect(checkIngredients([...PORRIDGE, 'oats'], usable)?.field).toBe('ingredients[4]');
    expect(checkIngredients([{ foodId: 'oats', grams: 1, note: 'x' }], usable)?.field).toBe(
      'ingredients[0].note',
    );
    expect(checkIngredients([...PORRIDGE.slice(0, 2), { foodId: 'theirs', grams: 5 }], usable)?.field).toBe(
      'ingredients[2].foodId',
    );
    for (const grams of [0, -1, 5000.5, Number.NaN, '10']) {
      expect(checkIngredients([{ foodId: 'oats', grams }], usable)?.field).toBe('ingredients[0].grams');
    }
    expect(checkIngredients([{ foodId: 'oats', grams: 5000 }], usable)).toBeNull();
  });
});

describe('isLoggableServings', () => {
  it('allows more than 0 up to 100 servings, decimals too', () => {
    expect([0.5, 1.5, 100].every(isLoggableServings)).toBe(true);
    expect([0, -1, 100.5, Number.NaN, '1'].some(isLoggableServings)).toBe(false);
  });
});
