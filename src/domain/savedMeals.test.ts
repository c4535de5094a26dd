import { describe, expect, it } from 'vitest';
import type { MealRow } from './nutrition';
import {
  checkSavedMealItems,
  itemClientKey,
  itemsFromMeals,
  savedMealFoodIds,
  savedMealItemsOf,
  savedMealTotals,
  sectionTimeOn,
} from './savedMeals';

const usable = (id: string) => id === 'oats' || id === 'milk';
const oats = { foodId: 'oats', grams: 60 };
const toast = { name: 'Toast', caloriesKcal: 180, proteinG: 6 };

describe('checkSavedMealItems', () => {
  it('accepts foods with grams and quick entries', () => {
    expect(checkSavedMealItems([oats, { foodId: 'milk', grams: 5000 }, toast], usable)).toBeNull();
  });

  it('accepts the numbers the server wrote beside a food', () => {
    expect(checkSavedMealItems([{ ...oats, name: 'Oats', caloriesKcal: 228, fatG: 4 }], usable)).toBeNull();
  });

  it.each([
    ['items', 'not a list'],
    ['items', []],
    ['items', Array.from({ length: 51 }, () => toast)],
    ['items[0]', ['oats']],
    ['items[1].foodId', [oats, { foodId: 'someone-elses', grams: 10 }]],
    ['items[0].grams', [{ foodId: 'oats', grams: 0 }]],
    ['items[0].grams', [{ foodId: 'oats', grams: 5001 }]],
    ['items[0].grams', [{ foodId: 'oats' }]],
    ['items[0].colour', [{ ...oats, colour: 'red' }]],
    ['items[0].foodId', [{ ...toast, foodId: 7 }]],
    ['items[0].grams', [{ ...toast, grams: 10 }]],
    ['items[0].name', [{ caloriesKcal: 100 }]],
    ['items[0].name', [{ name: 'x'.repeat(121), caloriesKcal: 100 }]],
    ['items[0].caloriesKcal', [{ name: 'Toast', caloriesKcal: 10_001 }]],
    ['items[0].proteinG', [{ ...toast, proteinG: -1 }]],
  ])('names %s when it is wrong', (field, items) => {
    expect(checkSavedMealItems(items, usable)?.field).toBe(field);
  });
});

describe('savedMealFoodIds', () => {
  it('lists the food ids of the items that name one', () => {
    expect(savedMealFoodIds([oats, toast, { foodId: 3 }, null])).toEqual(['oats']);
  });
});

describe('itemsFromMeals', () => {
  const meal = (fields: Partial<MealRow>): MealRow => ({
    id: 'm',
    eatenAt: '2026-03-01T08:00:00.000Z',
    mealType: 'breakfast',
    name: 'Porridge',
    grams: null,
    caloriesKcal: 300,
    proteinG: 10,
    carbsG: 50,
    fatG: 6,
    fibreG: null,
    sugarsG: null,
    saturatedFatG: null,
    saltG: null,
    food: null,
    ...fields,
  });

  it('keeps food entries as food and grams, and quick entries as their numbers', () => {
    const food = { id: 'oats' } as MealRow['food'];
    const items = itemsFromMeals([meal({ grams: 80, food }), meal({ name: 'Coffee', caloriesKcal: 5 })]);
    expect(items).toEqual([
      { foodId: 'oats', grams: 80, name: 'Porridge', caloriesKcal: 300, proteinG: 10, carbsG: 50, fatG: 6 },
      { name: 'Coffee', caloriesKcal: 5, proteinG: 10, carbsG: 50, fatG: 6 },
    ]);
    expect(savedMealTotals(items)).toEqual({ caloriesKcal: 305, proteinG: 20, carbsG: 100, fatG: 12 });
    expect(checkSavedMealItems(items, usable)).toBeNull();
  });
});

describe('savedMealItemsOf', () => {
  it('reads stored items, leaving out what is not one', () => {
    expect(
      savedMealItemsOf([{ ...oats, name: 'Oats', caloriesKcal: 228 }, { name: 'Toast' }, toast]),
    ).toEqual([
      { foodId: 'oats', grams: 60, name: 'Oats', caloriesKcal: 228, proteinG: 0, carbsG: 0, fatG: 0 },
      { name: 'Toast', caloriesKcal: 180, proteinG: 6, carbsG: 0, fatG: 0 },
    ]);
  });
});

describe('sectionTimeOn', () => {
  it('puts a section at its usual local time in the zone', () => {
    expect(sectionTimeOn('2026-03-01', 'breakfast', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-01T07:00:00.000Z',
    );
    expect(sectionTimeOn('2026-03-01', 'dinner', 'America/New_York').toISOString()).toBe(
      '2026-03-02T00:00:00.000Z',
    );
  });

  it('keeps the local time on a day that changes to summer time', () => {
    expect(sectionTimeOn('2026-03-29', 'breakfast', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T06:00:00.000Z',
    );
  });
});

describe('itemClientKey', () => {
  it('counts the key’s last eight hex digits on by the item’s index, wrapping, and keeps the rest', () => {
    const key = '2f1c4d3e-8a9b-4c7d-9e0f-1a2b3c4dfffe';
    expect(itemClientKey(key, 0)).toBe(key);
    expect(itemClientKey(key, 1)).toBe('2f1c4d3e-8a9b-4c7d-9e0f-1a2b3c4dffff');
    expect(itemClientKey(key, 2)).toBe('2f1c4d3e-8a9b-4c7d-9e0f-1a2b3c4e0000');
    expect(itemClientKey('00000000-0000-4000-8000-0000ffffffff', 1)).toBe(
      '00000000-0000-4000-8000-000000000000',
    );
  });
});
