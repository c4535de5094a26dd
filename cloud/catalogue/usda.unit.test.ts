import { describe, expect, it } from 'vitest';
import { checkServings } from '../../src/domain/servings';
import { readUsdaFood, servingsOfPortions, type UsdaFoodRow } from './usda';

const cheddar: UsdaFoodRow = {
  fdcId: 170899,
  dataType: 'sr_legacy_food',
  description: 'Cheese, cheddar',
  modified: '2019-04-01',
  nutrients: { energy: 403, protein: 22.9, fat: 33.3, carbohydrate: 3.37, sodium: 653 },
  brandName: null,
  brandOwner: null,
  gtinUpc: null,
  servingSize: null,
  servingSizeUnit: null,
  householdServing: null,
  portions: [
    { grams: 132, label: '1 cup, diced' },
    { grams: 113, label: '1 cup, shredded' },
    { grams: 28.35, label: '1 oz' },
  ],
};

describe('readUsdaFood', () => {
  it('keeps every portion as a serving, the first also as the serving', () => {
    const read = readUsdaFood(cheddar, ['en']);
    expect(read).toMatchObject({
      food: {
        servingG: 132,
        servingLabel: '1 cup, diced (132 g)',
        servings: [
          { label: '1 cup, diced', grams: 132 },
          { label: '1 cup, shredded', grams: 113 },
          { label: '1 oz', grams: 28.4 },
        ],
      },
    });
  });

  it('keeps a branded food’s household serving and no servings where it has no portions', () => {
    const branded = {
      ...cheddar,
      dataType: 'branded_food',
      servingSize: 28,
      servingSizeUnit: 'g',
      householdServing: '1 oz',
      portions: [],
    };
    expect(readUsdaFood(branded, ['en'])).toMatchObject({
      food: { servingG: 28, servingLabel: '1 oz (28 g)', servings: [] },
    });
  });
});

describe('servingsOfPortions', () => {
  it('keeps ten at most, in order, of the portions the contract takes', () => {
    const portions = [
      { grams: 0, label: '1 pinch' },
      { grams: 5001, label: '1 wheel' },
      { grams: 30, label: null },
      { grams: null, label: '1 slice' },
      { grams: 17.3, label: '1 cubic inch' },
      { grams: 20, label: '1 CUBIC INCH' },
      { grams: 244, label: '1 cup, melted, of the kind used for sauces and fondues' },
      ...Array.from({ length: 12 }, (_, index) => ({ grams: 10 + index, label: `${index + 1} cubes` })),
    ];
    const servings = servingsOfPortions(portions);
    expect(servings).toHaveLength(10);
    expect(servings.slice(0, 3)).toEqual([
      { label: '1 cubic inch', grams: 17.3 },
      { label: '1 cup, melted, of the kind used for', grams: 244 },
      { label: '1 cubes', grams: 10 },
    ]);
    expect(checkServings(servings)).toBeNull();
  });
});
