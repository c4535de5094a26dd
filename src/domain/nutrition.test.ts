import { describe, expect, it } from 'vitest';
import {
  amountInGrams,
  calorieBalance,
  dayExtras,
  dayTotals,
  energyMismatch,
  extrasFor,
  macroShares,
  matchesWords,
  nutrientsFor,
  rankFoods,
  searchWords,
} from './nutrition';

const butter = { kcalPer100g: 717, proteinPer100g: 0.9, carbsPer100g: 0.1, fatPer100g: 81.1 };

describe('nutrientsFor', () => {
  it('scales the values per 100 g to the amount eaten', () => {
    expect(nutrientsFor(butter, 10)).toEqual({ caloriesKcal: 71.7, proteinG: 0.1, carbsG: 0, fatG: 8.1 });
    expect(nutrientsFor(butter, 250)).toEqual({
      caloriesKcal: 1792.5,
      proteinG: 2.3,
      carbsG: 0.3,
      fatG: 202.8,
    });
    expect(nutrientsFor(butter, 0).caloriesKcal).toBe(0);
  });
});

describe('amountInGrams', () => {
  it('turns servings into grams and keeps grams as they are', () => {
    expect(amountInGrams(1, 'serving', 182)).toBe(182);
    expect(amountInGrams(1.5, 'serving', 118)).toBe(177);
    expect(amountInGrams(40, 'g', 182)).toBe(40);
  });

  it('has no answer for servings of a food without one', () => {
    expect(amountInGrams(2, 'serving', null)).toBeNull();
  });
});

describe('dayTotals', () => {
  it('adds each section and the whole day', () => {
    const { sections, totals } = dayTotals([
      { mealType: 'breakfast', caloriesKcal: 300, proteinG: 20, carbsG: 30, fatG: 10 },
      { mealType: 'breakfast', caloriesKcal: 95.5, proteinG: 0.5, carbsG: 25.1, fatG: 0.3 },
      { mealType: 'dinner', caloriesKcal: 600, proteinG: 40, carbsG: 50, fatG: 25 },
    ]);
    expect(sections.breakfast).toEqual({ caloriesKcal: 395.5, proteinG: 20.5, carbsG: 55.1, fatG: 10.3 });
    expect(sections.lunch).toEqual({ caloriesKcal: 0, proteinG: 0, carbsG: 0, fatG: 0 });
    expect(sections.dinner.caloriesKcal).toBe(600);
    expect(totals).toEqual({ caloriesKcal: 995.5, proteinG: 60.5, carbsG: 105.1, fatG: 35.3 });
  });
});

describe('extras', () => {
  it('scales what a food says of fibre, sugars, saturated fat and salt, and keeps what it does not say unknown', () => {
    const food = { fibrePer100g: 10, sugarsPer100g: 1.25, saturatedFatPer100g: 0, saltPer100g: null };
    expect(extrasFor(food, 40)).toEqual({ fibreG: 4, sugarsG: 0.5, saturatedFatG: 0, saltG: null });
  });

  it('sums the entries that know a nutrient and counts those that do not', () => {
    const known = { fibreG: 4, sugarsG: 0.5, saturatedFatG: 0, saltG: null };
    const quick = { fibreG: null, sugarsG: null, saturatedFatG: null, saltG: null };
    const more = { fibreG: 1.25, sugarsG: 2, saturatedFatG: null, saltG: 0.3 };
    expect(dayExtras([known, quick, more])).toEqual({
      fibre: { grams: 5.25, unknown: 1 },
      sugars: { grams: 2.5, unknown: 1 },
      saturatedFat: { grams: 0, unknown: 2 },
      salt: { grams: 0.3, unknown: 2 },
    });
  });
});

describe('macroShares', () => {
  it("gives each macro's share of the energy by 4/4/9", () => {
    // 100 g protein = 400 kcal, 100 g carbs = 400 kcal, 22.2 g fat ≈ 200 kcal.
    expect(macroShares({ caloriesKcal: 1000, proteinG: 100, carbsG: 100, fatG: 22.2 })).toEqual({
      protein: 40,
      carbs: 40,
      fat: 20,
    });
  });

  it('has no shares for a day without macros', () => {
    expect(macroShares({ caloriesKcal: 500, proteinG: 0, carbsG: 0, fatG: 0 })).toBeNull();
  });
});

describe('energyMismatch', () => {
  it('accepts energy that agrees with the macros within the tolerance', () => {
    expect(energyMismatch(butter)).toBeNull();
    // Greek yogurt, nonfat: 59 kcal against 4·10.2 + 4·3.6 + 9·0.4 = 58.8.
    expect(
      energyMismatch({ kcalPer100g: 59, proteinPer100g: 10.2, carbsPer100g: 3.6, fatPer100g: 0.4 }),
    ).toBeNull();
  });

  it('refuses energy far from the macros and says what they give', () => {
    expect(energyMismatch({ ...butter, kcalPer100g: 10 })).toMatchObject({
      field: 'kcalPer100g',
      messageId: 'domain.nutrition.energyMismatch',
      message:
        'kcalPer100g (10) does not match the macros: 4 kcal per g of protein and carbs and 9 per g of fat give 734 kcal per 100 g.',
    });
    expect(
      energyMismatch({ kcalPer100g: 400, proteinPer100g: 0, carbsPer100g: 0, fatPer100g: 0 }),
    ).not.toBeNull();
  });
});

describe('calorieBalance', () => {
  it('says what is left under the goal', () => {
    const balance = calorieBalance(1500.4, { kcal: 2000, source: 'own' });
    expect(balance).toMatchObject({ eatenKcal: 1500.4, goalKcal: 2000, remainingKcal: 500, overKcal: 0 });
    expect(balance.share).toBeCloseTo(0.7502, 6);
  });

  it('says how far over the goal and fills the bar', () => {
    const balance = calorieBalance(2350, { kcal: 2000, source: 'own' });
    expect(balance.overKcal).toBe(350);
    expect(balance.remainingKcal).toBe(0);
    expect(balance.share).toBe(1);
  });

  it('adds counted exercise to the goal: goal − food + exercise', () => {
    const balance = calorieBalance(2350, { kcal: 2000, source: 'adaptive' }, 500.4, true);
    expect(balance).toMatchObject({ exerciseKcal: 500, remainingKcal: 150, overKcal: 0, source: 'adaptive' });
    expect(balance.share).toBeCloseTo(2350 / 2500, 6);
  });

  it('leaves exercise out when the person does not count it', () => {
    const balance = calorieBalance(2350, { kcal: 2000, source: 'own' }, 500, false);
    expect(balance).toMatchObject({ exerciseKcal: 0, countsExercise: false, overKcal: 350 });
  });
});

describe('food search', () => {
  it('matches words by their beginnings in any order', () => {
    expect(searchWords('  Greek  yog! ')).toEqual(['greek', 'yog']);
    expect(matchesWords('Yogurt, Greek, plain, nonfat', searchWords('greek yog'))).toBe(true);
    expect(matchesWords('Yogurt, plain, whole milk', searchWords('greek yog'))).toBe(false);
    expect(matchesWords('Bajra (Pearl millet)', searchWords('pearl'))).toBe(true);
    expect(matchesWords('Apple, raw', searchWords('ple'))).toBe(false);
  });

  it('ranks own foods first, then names that start with the search, then shorter names', () => {
    const foods = [
      { name: 'Yogurt, Greek, plain, whole milk', custom: false },
      { name: 'Greek yogurt, honey', custom: true },
      { name: 'Greek yogurt', custom: false },
      { name: 'Bread, Greek style yogurt loaf', custom: false },
    ];
    expect(rankFoods('greek yog', foods).map((food) => food.name)).toEqual([
      'Greek yogurt, honey',
      'Greek yogurt',
      'Yogurt, Greek, plain, whole milk',
      'Bread, Greek style yogurt loaf',
    ]);
  });

  it('ignores accents and case, and ranks lately logged foods, exact names and brands up', () => {
    expect(matchesWords('Crème fraîche', searchWords('creme fraiche'))).toBe(true);
    expect(matchesWords('Haferflocken', searchWords('HAFER'))).toBe(true);
    expect(matchesWords('Creme fraiche', searchWords('crème'))).toBe(true);
    const foods = [
      { name: 'Milk chocolate', custom: false, brand: 'Alpenhof' },
      { name: 'Milk, whole', custom: false },
      { name: 'Milk', custom: false },
      { name: 'Oat drink', custom: false, brand: 'Milkyway' },
      { name: 'Coconut milk', custom: false, recent: true },
    ];
    expect(rankFoods('Milk', foods).map((food) => food.name)).toEqual([
      'Coconut milk',
      'Milk',
      'Milk, whole',
      'Milk chocolate',
      'Oat drink',
    ]);
  });
});
