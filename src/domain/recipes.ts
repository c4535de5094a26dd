import { fieldError, type FieldError } from './fieldRules';
import {
  EXTRA_NUTRIENTS,
  mealKey,
  NO_NUTRIENTS,
  per100gKey,
  UNKNOWN_EXTRAS,
  type ExtraNutrient,
  type ExtrasPer100g,
  type MealExtras,
  type Nutrients,
  type Per100g,
} from './nutrition';

/** The most ingredients one recipe may list. */
export const MAX_INGREDIENTS = 50;
/** The most grams of one ingredient. */
export const MAX_INGREDIENT_G = 5000;
/** The most servings logged at once (decimals allowed: 1.5). */
export const MAX_LOGGED_SERVINGS = 100;

/** One ingredient: a food (the catalogue's or the owner's own) and its grams. */
export interface Ingredient {
  foodId: string;
  grams: number;
}

const INGREDIENT_KEYS = new Set(['foodId', 'grams']);

/** Energy, macros and extras of an amount of a recipe; an extra is null unless every ingredient knows it. */
export interface RecipeNutrients extends Nutrients, MealExtras {
  grams: number;
}

/** No weight, no energy or macros, and extras unknown: where a recipe's sums start. */
export const NO_RECIPE_NUTRIENTS: RecipeNutrients = { grams: 0, ...NO_NUTRIENTS, ...UNKNOWN_EXTRAS };

/** What the server computes and stores on every save of a recipe. */
export interface RecipeNutrition {
  /** The ingredients' total weight, g. */
  totalWeightG: number;
  perServing: RecipeNutrients;
  per100g: RecipeNutrients;
}

/** A recipe as the nutrition page lists it, with its ingredients' names. */
export interface RecipeRow extends RecipeNutrition {
  id: string;
  name: string;
  servings: number;
  cookedWeightG: number | null;
  ingredients: (Ingredient & { name: string })[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks a recipe's ingredients: a list of 1–50 `{ foodId, grams }`, nothing else in each, grams
 * above 0 up to 5000, each food one the owner may use (`usable`). The first problem names its place,
 * e.g. `ingredients[2].foodId`.
 */
export function checkIngredients(value: unknown, usable: (foodId: string) => boolean): FieldError | null {
  if (!Array.isArray(value)) return fieldError('ingredients', 'domain.recipe.ingredientsNotList');
  if (value.length === 0 || value.length > MAX_INGREDIENTS) {
    return fieldError('ingredients', 'domain.recipe.ingredientCount', { max: MAX_INGREDIENTS });
  }
  for (const [index, ingredient] of value.entries()) {
    const path = `ingredients[${index}]`;
    if (!isRecord(ingredient)) return fieldError(path, 'domain.recipe.notIngredient');
    const unknownKey = Object.keys(ingredient).find((key) => !INGREDIENT_KEYS.has(key));
    if (unknownKey) return fieldError(`${path}.${unknownKey}`, 'domain.recipe.notIngredientField');
    const { foodId, grams } = ingredient;
    if (typeof foodId !== 'string' || !usable(foodId)) {
      return fieldError(`${path}.foodId`, 'domain.recipe.unknownFood');
    }
    if (typeof grams !== 'number' || !Number.isFinite(grams) || grams <= 0 || grams > MAX_INGREDIENT_G) {
      return fieldError(`${path}.grams`, 'domain.recipe.grams', { max: MAX_INGREDIENT_G });
    }
  }
  return null;
}

/** The food ids a recipe's ingredients name, whatever else they hold. */
export function ingredientFoodIds(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((ingredient) =>
    isRecord(ingredient) && typeof ingredient.foodId === 'string' ? [ingredient.foodId] : [],
  );
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const round2 = (value: number) => Math.round(value * 100) / 100;

/** `totals` scaled by `factor`: energy and macros to 0.1, extras and grams to 0.01. */
function scaled(totals: RecipeNutrients, factor: number): RecipeNutrients {
  const extras = { ...UNKNOWN_EXTRAS };
  for (const nutrient of EXTRA_NUTRIENTS) {
    const key = mealKey(nutrient);
    const value = totals[key];
    extras[key] = value === null ? null : round2(value * factor);
  }
  return {
    grams: round2(totals.grams * factor),
    caloriesKcal: round1(totals.caloriesKcal * factor),
    proteinG: round1(totals.proteinG * factor),
    carbsG: round1(totals.carbsG * factor),
    fatG: round1(totals.fatG * factor),
    ...extras,
  };
}

/**
 * A recipe's nutrition from its ingredients' foods: the sums over every ingredient (an extra only
 * when every ingredient's food knows it, else null: a partial sum would read as the whole), then
 * per serving (the dish's weight, cooked or not, over the servings) and per 100 g of the dish.
 */
export function recipeNutrition(
  ingredients: readonly Ingredient[],
  foodOf: (foodId: string) => (Per100g & ExtrasPer100g) | undefined,
  servings: number,
  cookedWeightG: number | null,
): RecipeNutrition {
  const totals: RecipeNutrients = { ...NO_RECIPE_NUTRIENTS };
  // Each extra's sum so far, null once an ingredient does not know it.
  const extras = new Map<ExtraNutrient, number | null>(EXTRA_NUTRIENTS.map((nutrient) => [nutrient, 0]));
  for (const { foodId, grams } of ingredients) {
    const food = foodOf(foodId);
    const factor = grams / 100;
    totals.grams += grams;
    if (!food) {
      for (const nutrient of EXTRA_NUTRIENTS) extras.set(nutrient, null);
      continue;
    }
    totals.caloriesKcal += food.kcalPer100g * factor;
    totals.proteinG += food.proteinPer100g * factor;
    totals.carbsG += food.carbsPer100g * factor;
    totals.fatG += food.fatPer100g * factor;
    for (const nutrient of EXTRA_NUTRIENTS) {
      const per100g = food[per100gKey(nutrient)];
      const sum = extras.get(nutrient) ?? null;
      extras.set(nutrient, per100g === null || sum === null ? null : sum + per100g * factor);
    }
  }
  for (const nutrient of EXTRA_NUTRIENTS) totals[mealKey(nutrient)] = extras.get(nutrient) ?? null;
  const dishWeightG = cookedWeightG ?? totals.grams;
  const perServing = scaled({ ...totals, grams: dishWeightG }, 1 / servings);
  const per100g = scaled({ ...totals, grams: dishWeightG }, 100 / dishWeightG);
  return { totalWeightG: round2(totals.grams), perServing, per100g };
}

/** What `servings` servings of a recipe come to, from its stored numbers per serving (logRecipe, offline too). */
export function recipePortion(perServing: RecipeNutrients, servings: number): RecipeNutrients {
  return scaled(perServing, servings);
}

/** Whether a number of servings to log is allowed: above 0, up to 100, decimals allowed. */
export function isLoggableServings(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= MAX_LOGGED_SERVINGS;
}
