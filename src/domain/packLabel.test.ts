import { describe, expect, it } from 'vitest';
import { per100gFromServing } from './packLabel';

describe('per100gFromServing', () => {
  it('scales a serving to 100 g, energy to the whole kcal and grams to one decimal', () => {
    // A 30 g biscuit serving: 125 kcal, 2.5 g protein, 18 g carbs, 4.9 g fat.
    expect(per100gFromServing({ kcal: 125, proteinG: 2.5, carbsG: 18, fatG: 4.9 }, 30)).toEqual({
      kcalPer100g: 417,
      proteinPer100g: 8.3,
      carbsPer100g: 60,
      fatPer100g: 16.3,
    });
  });

  it('keeps values as they are for a serving of 100 g and scales down a larger one', () => {
    const label = { kcal: 64, proteinG: 3.4, carbsG: 4.8, fatG: 3.6 };
    expect(per100gFromServing(label, 100)).toEqual({
      kcalPer100g: 64,
      proteinPer100g: 3.4,
      carbsPer100g: 4.8,
      fatPer100g: 3.6,
    });
    expect(per100gFromServing({ kcal: 150, proteinG: 8.2, carbsG: 12, fatG: 8 }, 250)).toEqual({
      kcalPer100g: 60,
      proteinPer100g: 3.3,
      carbsPer100g: 4.8,
      fatPer100g: 3.2,
    });
  });

  it('gives nothing for a serving that weighs nothing or is not a number', () => {
    const label = { kcal: 100, proteinG: 1, carbsG: 1, fatG: 1 };
    for (const servingG of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(per100gFromServing(label, servingG), String(servingG)).toBeNull();
    }
  });
});
