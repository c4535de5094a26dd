import { describe, expect, it } from 'vitest';
import type { RecipeRow } from '@/domain/recipes';
import { localTarget } from '@/lib/offline/changes';
import { pendingChange } from '@/test/pendingChange';
import { parseRecipeForm, parseRecipeLogForm } from './recipeForm';
import { isLoggable, withWaitingRecipes } from './recipePending';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const perServing = {
  grams: 260,
  caloriesKcal: 331.8,
  proteinG: 11,
  carbsG: 53.1,
  fatG: 8.4,
  fibreG: 5.58,
  sugarsG: 23.13,
  saturatedFatG: 3.99,
  saltG: null,
};

const porridge: RecipeRow = {
  id: 'r1',
  name: 'Porridge',
  servings: 2,
  cookedWeightG: null,
  ingredients: [
    { foodId: 'oats', grams: 80, name: 'Oats' },
    { foodId: 'milk', grams: 300, name: 'Milk' },
  ],
  totalWeightG: 520,
  perServing,
  per100g: { ...perServing, grams: 100 },
};

describe('parseRecipeForm', () => {
  it('reads a recipe with its ingredients and their names', () => {
    const parsed = parseRecipeForm(
      form({
        name: 'Porridge',
        servings: '2',
        cookedWeightG: '',
        ingredients: JSON.stringify(porridge.ingredients),
      }),
    );
    expect(parsed).toEqual({
      input: {
        name: 'Porridge',
        servings: 2,
        cookedWeightG: null,
        ingredients: [
          { foodId: 'oats', grams: 80 },
          { foodId: 'milk', grams: 300 },
        ],
      },
      names: { oats: 'Oats', milk: 'Milk' },
    });
  });

  it('puts each problem at its field, an ingredient’s grams at its row', () => {
    const parsed = parseRecipeForm(
      form({
        name: '',
        servings: '1.5',
        cookedWeightG: '0',
        ingredients: JSON.stringify([porridge.ingredients[0], { foodId: 'milk', grams: 0, name: 'Milk' }]),
      }),
    );
    expect('fieldErrors' in parsed && Object.keys(parsed.fieldErrors).sort()).toEqual([
      'cookedWeightG',
      'ingredients[1].grams',
      'name',
      'servings',
    ]);
    const empty = parseRecipeForm(form({ name: 'Nothing', servings: '1', ingredients: '[]' }));
    expect('fieldErrors' in empty && Object.keys(empty.fieldErrors)).toEqual(['ingredients']);
  });
});

describe('parseRecipeLogForm', () => {
  const now = new Date(2026, 10, 23, 12, 0);
  const when = {
    mealType: 'lunch',
    date: '2026-11-23',
    time: '12:30',
    shownRecipe: JSON.stringify(porridge),
  };

  it('reads servings of the recipe shown, decimals with a comma too', () => {
    expect(parseRecipeLogForm(form({ ...when, servings: '1,5' }), now)).toEqual({
      input: { recipe: porridge, servings: 1.5, mealType: 'lunch', eatenAt: new Date(2026, 10, 23, 12, 30) },
    });
  });

  it('refuses no servings or more than 100, and a recipe it was not shown', () => {
    for (const servings of ['0', '100.5', '']) {
      expect(parseRecipeLogForm(form({ ...when, servings }), now)).toEqual({
        fieldErrors: { amount: expect.any(String) as string },
      });
    }
    const unshown = parseRecipeLogForm(form({ ...when, shownRecipe: '{}', servings: '1' }), now);
    expect('fieldErrors' in unshown && Object.keys(unshown.fieldErrors)).toEqual(['food']);
  });
});

describe('withWaitingRecipes', () => {
  it('shows a change waiting on this device with the saved numbers, and leaves out a deletion', () => {
    const changes = [
      pendingChange({ className: 'Recipe', op: 'update', target: 'r1', fields: { name: 'Thick porridge' } }),
      pendingChange({
        className: 'Recipe',
        op: 'create',
        target: localTarget('new'),
        fields: { name: 'Soup', servings: 4, ingredients: [{ foodId: 'leek', grams: 300 }] },
        display: { name: 'Soup', ingredientNames: JSON.stringify({ leek: 'Leek' }) },
      }),
      pendingChange({ className: 'Recipe', op: 'delete', target: 'r2' }),
    ];
    const shown = withWaitingRecipes([porridge, { ...porridge, id: 'r2' }], changes);
    expect(shown.map((recipe) => [recipe.name, recipe.sync, recipe.perServing.caloriesKcal])).toEqual([
      ['Thick porridge', 'waiting', 331.8],
      ['Soup', 'waiting', 0],
    ]);
    expect(shown[1]?.ingredients).toEqual([{ foodId: 'leek', grams: 300, name: 'Leek' }]);
    expect(shown.some(isLoggable)).toBe(false);
    expect(withWaitingRecipes([porridge], []).every(isLoggable)).toBe(true);
  });
});
