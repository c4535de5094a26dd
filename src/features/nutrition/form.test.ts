import { describe, expect, it } from 'vitest';
import { parseCalorieGoal, parseFoodForm, parseMealForm } from './form';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const now = new Date(2026, 10, 23, 12, 0);
const when = { mealType: 'breakfast', date: '2026-11-23', time: '08:15' };

/** The new-food form's serving rows, a label and grams each, as the form sends them. */
function withServings(data: FormData, rows: readonly (readonly [string, string])[]): FormData {
  for (const [label, grams] of rows) {
    data.append('servingsLabel', label);
    data.append('servingsGrams', grams);
  }
  return data;
}

const bread = {
  servingG: '60',
  servings: JSON.stringify([
    { label: '1 slice', grams: 30 },
    { label: '1 loaf', grams: 450 },
  ]),
};

describe('parseMealForm', () => {
  it("reads an amount in one of the food's servings as grams", () => {
    const parsed = parseMealForm(
      form({ ...when, foodId: 'f1', amount: '2', amountUnit: 'serving-0', ...bread }),
      now,
    );
    expect(parsed).toHaveProperty('input.grams', 60);
    const loaf = parseMealForm(
      form({ ...when, foodId: 'f1', amount: '0,5', amountUnit: 'serving-1', ...bread }),
      now,
    );
    expect(loaf).toHaveProperty('input.grams', 225);
    const grams = parseMealForm(
      form({ ...when, foodId: 'f1', amount: '47', amountUnit: 'g', ...bread }),
      now,
    );
    expect(grams).toHaveProperty('input.grams', 47);
  });

  it('refuses a unit the food does not have, and malformed servings beside it', () => {
    const unknown = (fields: Record<string, string>) =>
      parseMealForm(form({ ...when, foodId: 'f1', amount: '2', ...fields }), now);
    const refused = { fieldErrors: { amount: "Choose grams or one of the food's servings." } };
    expect(unknown({ amountUnit: 'serving-2', ...bread })).toEqual(refused);
    expect(unknown({ amountUnit: 'cup', ...bread })).toEqual(refused);
    expect(unknown({ amountUnit: 'serving', servings: bread.servings })).toEqual(refused);
    expect(unknown({ amountUnit: 'serving-0', servings: '[{"label":"1 slice","grams":-30}]' })).toEqual(
      refused,
    );
    expect(unknown({ amountUnit: 'serving-0', servings: '{not json' })).toEqual(refused);
  });

  it('refuses servings that come to more than 5000 g', () => {
    expect(
      parseMealForm(form({ ...when, foodId: 'f1', amount: '12', amountUnit: 'serving-1', ...bread }), now),
    ).toEqual({ fieldErrors: { amount: 'Enter an amount above 0 and up to 5000 g.' } });
  });

  it('reads an amount of a food in servings as grams', () => {
    const parsed = parseMealForm(
      form({ ...when, foodId: 'f1', amount: '1,5', amountUnit: 'serving', servingG: '170' }),
      now,
    );
    expect(parsed).toEqual({
      input: {
        kind: 'food',
        eatenAt: new Date(2026, 10, 23, 8, 15),
        mealType: 'breakfast',
        foodId: 'f1',
        grams: 255,
      },
    });
  });

  it('names the missing food, a bad amount and a bad section', () => {
    const parsed = parseMealForm(form({ ...when, mealType: 'brunch', amount: '-3', amountUnit: 'g' }), now);
    expect(parsed).toEqual({
      fieldErrors: {
        mealType: 'Choose breakfast, lunch, dinner or snacks.',
        food: 'Search for a food and pick one, or use quick add.',
        amount: 'Enter an amount above 0 and up to 5000 g.',
      },
    });
  });

  it('reads a quick add, with empty macros as zero and a default name', () => {
    const parsed = parseMealForm(form({ ...when, mode: 'quick', caloriesKcal: '420', carbsG: '55' }), now);
    expect(parsed).toEqual({
      input: {
        kind: 'quick',
        eatenAt: new Date(2026, 10, 23, 8, 15),
        mealType: 'breakfast',
        name: 'Quick add',
        caloriesKcal: 420,
        proteinG: 0,
        carbsG: 55,
        fatG: 0,
      },
    });
  });

  it('refuses a quick add without calories, over-large macros and a day too far ahead', () => {
    const parsed = parseMealForm(
      form({ ...when, date: '2026-11-30', mode: 'quick', caloriesKcal: '', fatG: '2000' }),
      now,
    );
    expect(parsed).toEqual({
      fieldErrors: {
        date: 'A meal cannot be more than a day from now.',
        caloriesKcal: 'Calories must be between 0 and 10 000 kcal.',
        fatG: 'Fat must be between 0 and 1000 g, or left empty.',
      },
    });
  });
});

describe('parseFoodForm', () => {
  const granola = {
    name: 'Granola',
    kcalPer100g: '450',
    proteinPer100g: '10',
    carbsPer100g: '60',
    fatPer100g: '18',
  };

  it('reads a food per 100 g and names its serving', () => {
    expect(parseFoodForm(form({ ...granola, servingG: '45' }))).toEqual({
      input: {
        name: 'Granola',
        brand: '',
        kcalPer100g: 450,
        proteinPer100g: 10,
        carbsPer100g: 60,
        fatPer100g: 18,
        servingG: 45,
        servingLabel: '1 serving (45 g)',
        barcode: null,
        servings: [],
      },
    });
  });

  it('converts values per serving as the pack prints them to per 100 g, and keeps the barcode', () => {
    const perServing = { ...granola, kcalPer100g: '135', proteinPer100g: '3', carbsPer100g: '18' };
    expect(
      parseFoodForm(
        form({
          ...perServing,
          fatPer100g: '5.4',
          valuesPer: 'serving',
          servingG: '30',
          barcode: '4006381333931',
        }),
      ),
    ).toEqual({
      input: {
        name: 'Granola',
        brand: '',
        kcalPer100g: 450,
        proteinPer100g: 10,
        carbsPer100g: 60,
        fatPer100g: 18,
        servingG: 30,
        servingLabel: '1 serving (30 g)',
        barcode: '4006381333931',
        servings: [],
      },
    });
  });

  it('asks for the serving weight when values are per serving, and refuses a barcode that is no code', () => {
    expect(parseFoodForm(form({ ...granola, valuesPer: 'serving' }))).toEqual({
      fieldErrors: { servingG: 'Values per serving need the serving’s weight in grams.' },
    });
    expect(parseFoodForm(form({ ...granola, barcode: '12ab' }))).toEqual({
      fieldErrors: { barcode: 'A barcode is 8 to 14 digits.' },
    });
  });

  it('reads its servings row by row, trimmed, leaving out empty rows', () => {
    const data = withServings(form(granola), [
      ['  1 bowl ', '45'],
      ['', ''],
      ['1 handful', '12,5'],
    ]);
    expect(parseFoodForm(data)).toHaveProperty('input.servings', [
      { label: '1 bowl', grams: 45 },
      { label: '1 handful', grams: 12.5 },
    ]);
  });

  it('names the first serving row that is wrong', () => {
    const cases: [string, string][][] = [
      [
        ['1 bowl', '45'],
        ['1 cup', '0'],
      ],
      [
        ['1 bowl', '45'],
        ['1 BOWL', '40'],
      ],
      [
        ['1 bowl', '45'],
        ['', '30'],
      ],
      [
        ['1 bowl', '45'],
        ['1 cup', ''],
      ],
    ];
    for (const rows of cases) {
      expect(parseFoodForm(withServings(form(granola), rows))).toEqual({
        fieldErrors: {
          servings:
            'Serving 2 needs a name of up to 40 characters, not used by another serving, and a weight above 0 and up to 5000 g.',
        },
      });
    }
    const eleven = Array.from({ length: 11 }, (_, index): [string, string] => [`${index} g`, '10']);
    expect(parseFoodForm(withServings(form(granola), eleven))).toEqual({
      fieldErrors: { servings: 'A food can have at most 10 servings.' },
    });
  });

  it('names each field out of range', () => {
    expect(parseFoodForm(form({ ...granola, name: '', fatPer100g: '120', servingG: '0' }))).toEqual({
      fieldErrors: {
        name: 'Name the food (up to 120 characters).',
        fatPer100g: 'Fat must be between 0 and 100 g per 100 g.',
        servingG: 'A serving must be between 1 and 5000 g, or left empty.',
      },
    });
  });

  it('refuses energy that the macros do not explain, saying what they give', () => {
    expect(parseFoodForm(form({ ...granola, kcalPer100g: '45' }))).toEqual({
      fieldErrors: {
        kcalPer100g:
          'The energy does not match the macros: by 4/4/9 they give 442 kcal per 100 g. Check the label.',
      },
    });
  });
});

describe('parseCalorieGoal', () => {
  it('accepts a whole number from 1000 to 6000 and refuses others', () => {
    expect(parseCalorieGoal(form({ dailyCalorieGoal: '1800' }))).toEqual({ dailyCalorieGoal: 1800 });
    expect(parseCalorieGoal(form({ dailyCalorieGoal: '900' }))).toHaveProperty(
      'fieldErrors.dailyCalorieGoal',
    );
    expect(parseCalorieGoal(form({ dailyCalorieGoal: '1800.5' }))).toHaveProperty(
      'fieldErrors.dailyCalorieGoal',
    );
  });
});
