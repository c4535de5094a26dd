import { recipeRules } from '@/domain/contract';
import { checkField } from '@/domain/fieldRules';
import { checkIngredients, isLoggableServings, MAX_INGREDIENTS, type RecipeRow } from '@/domain/recipes';
import { t, type MessageId } from '@/i18n';
import type { FormFieldNames } from '@/lib/errors';
import { formText, readNumber } from '@/lib/formValues';
import type { RecipeInput, RecipeLogInput } from './api';
import { readMealWhen, type MealFieldErrors } from './form';

/** A recipe form's fields: its own, and each ingredient's grams (`ingredients[2].grams`). */
export type RecipeFieldErrors = Readonly<Partial<Record<string, string>>>;

/** An ingredient as the recipe windows hold it: the food's name beside its id and grams. */
export interface ShownIngredient {
  foodId: string;
  grams: number;
  name: string;
}

/** Each ingredient's grams field, where its refusals (grams, or a food not allowed) are shown. */
const INGREDIENT_FIELDS: FormFieldNames<string> = Object.fromEntries(
  Array.from({ length: MAX_INGREDIENTS }, (_, index) => {
    const at = { field: `ingredients[${index}].grams`, label: 'nutrition.recipe.ingredients' } as const;
    return [
      [`ingredients[${index}].grams`, at],
      [`ingredients[${index}].foodId`, at],
    ] as const;
  }).flat(),
);

/** The recipe windows' fields by the names the server's rules give them, for its refusals. */
export const RECIPE_FIELD_NAMES: FormFieldNames<string> = {
  name: { field: 'name', label: 'nutrition.recipe.name' },
  servings: { field: 'servings', label: 'nutrition.recipe.servingsMade' },
  cookedWeightG: { field: 'cookedWeightG', label: 'nutrition.recipe.cookedWeight' },
  ingredients: { field: 'ingredients', label: 'nutrition.recipe.ingredients' },
  ...INGREDIENT_FIELDS,
};

/** The ingredients a recipe window sends as JSON in its `ingredients` field. */
export function readIngredients(form: FormData): ShownIngredient[] | null {
  try {
    const value: unknown = JSON.parse(formText(form, 'ingredients') || '[]');
    if (!Array.isArray(value)) return null;
    return value.flatMap((item: unknown) => {
      if (typeof item !== 'object' || item === null) return [];
      const { foodId, grams, name } = item as Record<string, unknown>;
      return typeof foodId === 'string'
        ? [
            {
              foodId,
              grams: typeof grams === 'number' ? grams : Number.NaN,
              name: typeof name === 'string' ? name : '',
            },
          ]
        : [];
    });
  } catch {
    return null;
  }
}

const FIELD_WORDS: Readonly<Record<'name' | 'servings' | 'cookedWeightG', MessageId>> = {
  name: 'nutrition.recipe.nameError',
  servings: 'nutrition.recipe.servingsMadeError',
  cookedWeightG: 'nutrition.recipe.cookedWeightError',
};

/** Reads a recipe window: name, servings it makes, optional cooked weight, and the ingredients. */
export function parseRecipeForm(
  form: FormData,
): { input: RecipeInput; names: Record<string, string> } | { fieldErrors: RecipeFieldErrors } {
  const errors: Record<string, string> = {};
  const cookedText = formText(form, 'cookedWeightG');
  const ingredients = readIngredients(form) ?? [];
  const input: RecipeInput = {
    name: formText(form, 'name'),
    servings: readNumber(formText(form, 'servings')),
    cookedWeightG: cookedText === '' ? null : readNumber(cookedText),
    ingredients: ingredients.map(({ foodId, grams }) => ({ foodId, grams })),
  };
  for (const field of Object.keys(FIELD_WORDS) as (keyof typeof FIELD_WORDS)[]) {
    if (checkField(field, recipeRules[field], input[field])) errors[field] = t(FIELD_WORDS[field]);
  }
  // The foods were picked from search: the server checks whose they are.
  const problem = checkIngredients(input.ingredients, () => true);
  if (problem) {
    errors[problem.field.endsWith('.grams') ? problem.field : 'ingredients'] = problem.field.endsWith(
      '.grams',
    )
      ? t('nutrition.recipe.gramsError')
      : t('nutrition.recipe.countError');
  }
  if (Object.keys(errors).length > 0) return { fieldErrors: errors };
  return { input, names: Object.fromEntries(ingredients.map(({ foodId, name }) => [foodId, name])) };
}

/**
 * The recipe the add window showed, sent beside its id: without a network the meal is logged with
 * the numbers computed here from it (src/features/nutrition/api.ts `logRecipe`).
 */
export function readShownRecipe(form: FormData): RecipeRow | null {
  try {
    const value: unknown = JSON.parse(formText(form, 'shownRecipe') || 'null');
    if (typeof value !== 'object' || value === null) return null;
    const recipe = value as Partial<Record<keyof RecipeRow, unknown>>;
    const perServing = recipe.perServing as Record<string, unknown> | undefined;
    if (typeof recipe.id !== 'string' || typeof recipe.name !== 'string') return null;
    if (typeof perServing?.caloriesKcal !== 'number' || typeof perServing.grams !== 'number') return null;
    return value as RecipeRow;
  } catch {
    return null;
  }
}

/** Reads the add window's Recipes tab: servings of a recipe, the section, the date and the time. */
export function parseRecipeLogForm(
  form: FormData,
  now: Date = new Date(),
): { input: RecipeLogInput } | { fieldErrors: MealFieldErrors } {
  const errors: MealFieldErrors = {};
  const { mealType, eatenAt } = readMealWhen(form, errors, now);
  const recipe = readShownRecipe(form);
  if (!recipe) errors.food = t('nutrition.form.food');
  const servings = readNumber(formText(form, 'servings'));
  if (!isLoggableServings(servings)) errors.amount = t('nutrition.recipe.servingsError');
  if (Object.keys(errors).length > 0 || !eatenAt || !mealType || !recipe) {
    return { fieldErrors: errors };
  }
  return { input: { recipe, servings, mealType, eatenAt } };
}
