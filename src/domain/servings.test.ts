import { describe, expect, it } from 'vitest';
import { amountInChoice, checkServings, gramsInUnit, isServingUnit, servingChoices } from './servings';

const fieldOf = (value: unknown) => checkServings(value)?.field ?? null;

describe('checkServings', () => {
  it('accepts no servings, an empty list and up to ten servings', () => {
    expect(checkServings(undefined)).toBeNull();
    expect(checkServings([])).toBeNull();
    const ten = Array.from({ length: 10 }, (_, index) => ({
      label: `${index + 1} slices`,
      grams: 30 * (index + 1),
    }));
    expect(checkServings(ten)).toBeNull();
    expect(checkServings([{ label: ' 1 cup ', grams: 0.5 }])).toBeNull();
  });

  it('refuses what is not a list, or more than ten', () => {
    expect(fieldOf('1 slice')).toBe('servings');
    expect(fieldOf({ label: 'slice', grams: 30 })).toBe('servings');
    const eleven = Array.from({ length: 11 }, (_, index) => ({ label: `s${index}`, grams: 1 }));
    expect(fieldOf(eleven)).toBe('servings');
  });

  it('names the serving and the field it refuses', () => {
    const slice = { label: '1 slice', grams: 30 };
    expect(fieldOf([slice, 'cup'])).toBe('servings[1]');
    expect(fieldOf([slice, { label: 'cup', grams: 0 }])).toBe('servings[1].grams');
    expect(fieldOf([slice, { label: 'cup', grams: -5 }])).toBe('servings[1].grams');
    expect(fieldOf([slice, { label: 'cup', grams: 5001 }])).toBe('servings[1].grams');
    expect(fieldOf([slice, { label: 'cup', grams: '240' }])).toBe('servings[1].grams');
    expect(fieldOf([slice, { label: 'cup', grams: Number.NaN }])).toBe('servings[1].grams');
    expect(fieldOf([{ label: '   ', grams: 30 }])).toBe('servings[0].label');
    expect(fieldOf([{ label: 'x'.repeat(41), grams: 30 }])).toBe('servings[0].label');
    expect(fieldOf([{ label: 7, grams: 30 }])).toBe('servings[0].label');
    expect(fieldOf([{ label: 'a\u0000b', grams: 30 }])).toBe('servings[0].label');
    expect(fieldOf([{ grams: 30 }])).toBe('servings[0].label');
    expect(fieldOf([{ label: 'cup', grams: 240, kcal: 90 }])).toBe('servings[0].kcal');
  });

  it('refuses a label twice, in any case', () => {
    expect(
      fieldOf([
        { label: '1 Slice', grams: 30 },
        { label: ' 1 slice', grams: 25 },
      ]),
    ).toBe('servings[1].label');
  });

  it('says what is wrong in a sentence naming the field', () => {
    expect(checkServings([{ label: 'cup', grams: 0 }])?.message).toBe(
      'servings[0].grams must be more than 0 and at most 5000 g.',
    );
  });
});

const bread = {
  servingG: 60,
  servingLabel: '2 slices (60 g)',
  servings: [
    { label: '1 slice', grams: 30 },
    { label: '1 loaf', grams: 450 },
  ],
};

describe('servingChoices', () => {
  it('offers the pack serving first, then every further serving', () => {
    expect(servingChoices(bread)).toEqual([
      { unit: 'serving', serving: { label: '2 slices (60 g)', grams: 60 } },
      { unit: 'serving-0', serving: { label: '1 slice', grams: 30 } },
      { unit: 'serving-1', serving: { label: '1 loaf', grams: 450 } },
    ]);
  });

  it('leaves out a serving that only repeats the pack serving, keeping the others in their places', () => {
    const apple = {
      servingG: 182,
      servingLabel: '1 medium (182 g)',
      servings: [
        { label: '1 medium', grams: 182 },
        { label: '1 cup, sliced', grams: 109 },
      ],
    };
    expect(servingChoices(apple).map((choice) => choice.unit)).toEqual(['serving', 'serving-1']);
  });

  it('offers the further servings of a food without a pack serving', () => {
    const cheese = { servingG: null, servingLabel: '', servings: [{ label: 'slice', grams: 30 }] };
    expect(servingChoices(cheese)).toEqual([{ unit: 'serving-0', serving: { label: 'slice', grams: 30 } }]);
  });
});

describe('gramsInUnit', () => {
  const choices = servingChoices(bread);

  it('turns servings into grams and keeps grams as they are', () => {
    expect(gramsInUnit(2, 'serving-0', choices)).toBe(60);
    expect(gramsInUnit(1.5, 'serving', choices)).toBe(90);
    expect(gramsInUnit(0.25, 'serving-1', choices)).toBe(112.5);
    expect(gramsInUnit(1 / 3, 'serving-0', choices)).toBe(10);
    expect(gramsInUnit(45, 'g', choices)).toBe(45);
  });

  it('has no answer for a unit the food does not have', () => {
    expect(gramsInUnit(2, 'serving-5', choices)).toBeNull();
    expect(gramsInUnit(2, 'cup', choices)).toBeNull();
    expect(gramsInUnit(2, 'serving', servingChoices({ ...bread, servingG: null }))).toBeNull();
  });
});

describe('isServingUnit', () => {
  it('knows the units a form may send', () => {
    expect(['serving', 'serving-0', 'serving-9'].every(isServingUnit)).toBe(true);
    expect(['serving-10', 'serving-', 'serving-x', 'slice', ''].some(isServingUnit)).toBe(false);
  });
});

describe('amountInChoice', () => {
  const choices = servingChoices(bread);

  it('shows an amount in the first serving it is whole quarters of', () => {
    expect(amountInChoice(60, choices)).toEqual({ unit: 'serving', amount: 1 });
    expect(amountInChoice(30, choices)).toEqual({ unit: 'serving', amount: 0.5 });
    expect(amountInChoice(45, choices)).toEqual({ unit: 'serving', amount: 0.75 });
    expect(amountInChoice(112.5, choices)).toEqual({ unit: 'serving-0', amount: 3.75 });
    const noPack = servingChoices({ ...bread, servingG: null });
    expect(amountInChoice(60, noPack)).toEqual({ unit: 'serving-0', amount: 2 });
  });

  it('shows grams where no serving divides the amount', () => {
    expect(amountInChoice(47, choices)).toEqual({ unit: 'g', amount: 47 });
    expect(amountInChoice(47, [])).toEqual({ unit: 'g', amount: 47 });
  });
});
