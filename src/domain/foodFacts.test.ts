import { describe, expect, it } from 'vitest';
import { attributionOf, energyFromMacros, implausibility } from './foodFacts';

const oats = { kcalPer100g: 372, proteinPer100g: 13.5, carbsPer100g: 58.7, fatPer100g: 7, fibrePer100g: 10 };

describe('implausibility', () => {
  it('passes real labels: oats, butter, a diet cola, water, a beer by its alcohol', () => {
    expect(implausibility(oats)).toBeNull();
    expect(
      implausibility({ kcalPer100g: 717, proteinPer100g: 0.9, carbsPer100g: 0.1, fatPer100g: 81 }),
    ).toBeNull();
    expect(
      implausibility({ kcalPer100g: 0.4, proteinPer100g: 0, carbsPer100g: 0, fatPer100g: 0 }),
    ).toBeNull();
    expect(implausibility({ kcalPer100g: 0, proteinPer100g: 0, carbsPer100g: 0, fatPer100g: 0 })).toBeNull();
    const beer = { kcalPer100g: 43, proteinPer100g: 0.5, carbsPer100g: 3.6, fatPer100g: 0 };
    expect(implausibility(beer)).toBe('energy-mismatch');
    expect(implausibility({ ...beer, alcoholPer100g: 3.9 })).toBeNull();
  });

  it('names the first rule a product breaks', () => {
    expect(implausibility({ ...oats, carbsPer100g: 101 })).toBe('macro-over-100');
    expect(implausibility({ ...oats, saltPer100g: 250 })).toBe('macro-over-100');
    expect(implausibility({ ...oats, saturatedFatPer100g: 8 })).toBe('saturated-fat-over-fat');
    expect(implausibility({ ...oats, sugarsPer100g: 60 })).toBe('sugars-over-carbohydrates');
    expect(implausibility({ kcalPer100g: 500, proteinPer100g: 40, carbsPer100g: 40, fatPer100g: 30 })).toBe(
      'macros-over-105',
    );
    expect(implausibility({ kcalPer100g: 950, proteinPer100g: 0, carbsPer100g: 0, fatPer100g: 100 })).toBe(
      'energy-over-900',
    );
  });

  it('refuses energy more than 30 % + 5 kcal away from the macros, as with kJ typed as kcal', () => {
    const computed = energyFromMacros(oats);
    expect(computed).toBeCloseTo(372, 0);
    const yogurt = { kcalPer100g: 61, proteinPer100g: 3.5, carbsPer100g: 4.7, fatPer100g: 3.3 };
    expect(implausibility(yogurt)).toBeNull();
    expect(implausibility({ ...yogurt, kcalPer100g: 255 })).toBe('energy-mismatch');
    expect(implausibility({ ...oats, kcalPer100g: Math.floor(computed * 1.3 + 5) })).toBeNull();
    expect(implausibility({ ...oats, kcalPer100g: Math.ceil(computed * 1.3 + 5) + 1 })).toBe(
      'energy-mismatch',
    );
    expect(implausibility({ ...oats, kcalPer100g: Math.floor(computed * 0.7 - 5) - 1 })).toBe(
      'energy-mismatch',
    );
  });
});

describe('attributionOf', () => {
  it('credits Open Food Facts contributors under the ODbL with the product page', () => {
    expect(attributionOf('off', '3017620422003')).toEqual({
      credit: '© Open Food Facts contributors',
      licence: 'ODbL 1.0',
      url: 'https://world.openfoodfacts.org/product/3017620422003',
    });
  });

  it('names USDA with a link for imported rows, the IFCT for its rows, nobody for a person’s own', () => {
    expect(attributionOf('usda', '2345678')?.url).toBe(
      'https://fdc.nal.usda.gov/food-details/2345678/nutrients',
    );
    expect(attributionOf('usda', 'greek-yogurt-plain-nonfat')?.url).toBeUndefined();
    expect(attributionOf('ifct', 'A001')?.credit).toContain('Indian Food Composition Tables');
    expect(attributionOf('user', 'x')).toBeNull();
  });
});
