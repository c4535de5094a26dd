import { isMealType, mealRules, MEAL_TYPES } from '../../src/domain/contract';
import { fieldProblem } from '../../src/domain/fieldRules';
import { matchesWords, type FoodRow } from '../../src/domain/nutrition';
import {
  isLoggableServings,
  MAX_LOGGED_SERVINGS,
  NO_RECIPE_NUTRIENTS,
  recipePortion,
  type Ingredient,
  type RecipeRow,
} from '../../src/domain/recipes';
import { usableFoodRows } from '../store/foods';
import {
  ownerAcl,
  Parse,
  refusal,
  refuseProblem,
  requireUser,
  validationError,
  type ParseUser,
} from '../parse';
import { mealClass } from '../schema/meal';
import { recipeClass } from '../schema/recipe';
import { queryOf, rowOf, type RowOf } from '../schema/rows';
import { defineFunction, type CloudRequest } from './define';
import { readClientKey, readLanguageParam } from './requestContext';

type RecipeObject = RowOf<typeof recipeClass>;

/** The most recipes a person's list and search look through. */
const MAX_RECIPES = 500;

/** The person's recipes, read with the master key (cloud code acts for its owner), by name. */
function recipesOf(user: ParseUser): Promise<RecipeObject[]> {
  return queryOf(recipeClass)
    .equalTo('user', user)
    .ascending('name')
    .limit(MAX_RECIPES)
    .find({ useMasterKey: true });
}

function toRecipeRow(recipe: RecipeObject, foods: ReadonlyMap<string, FoodRow>): RecipeRow {
  const ingredients: Ingredient[] = recipe.get('ingredients');
  return {
    id: recipe.id ?? '',
    name: recipe.get('name'),
    servings: recipe.get('servings'),
    cookedWeightG: recipe.get('cookedWeightG') ?? null,
    ingredients: ingredients.map(({ foodId, grams }) => ({
      foodId,
      grams,
      name: foods.get(foodId)?.name ?? '',
    })),
    totalWeightG: recipe.get('totalWeightG') ?? 0,
    perServing: recipe.get('perServing') ?? NO_RECIPE_NUTRIENTS,
    per100g: recipe.get('per100g') ?? NO_RECIPE_NUTRIENTS,
  };
}

/** The caller's recipes by name, with their ingredients' names in the request's language. */
async function listRecipes(request: CloudRequest<'listRecipes'>): Promise<RecipeRow[]> {
  const { user, userId } = requireUser(request.user);
  const language = readLanguageParam(request.params.language);
  const recipes = await recipesOf(user);
  const foodIds = recipes.flatMap((recipe) =>
    recipe.get('ingredients').map((ingredient) => ingredient.foodId),
  );
  const foods = await usableFoodRows(userId, foodIds, language);
  return recipes.map((recipe) => toRecipeRow(recipe, foods));
}

/**
 * The person's recipes whose name begins words as a food search does (src/domain/nutrition.ts
 * `matchesWords`), as search rows that say they are recipes: per 100 g of the dish, a serving of
 * the dish's weight over its servings. Never another person's: the query names the caller.
 */
export async function recipesMatching(user: ParseUser, words: readonly string[]): Promise<FoodRow[]> {
  const recipes = await recipesOf(user);
  return recipes
    .filter((recipe) => matchesWords(recipe.get('name'), words))
    .map((recipe) => {
      const per100g = recipe.get('per100g') ?? NO_RECIPE_NUTRIENTS;
      const perServing = recipe.get('perServing') ?? NO_RECIPE_NUTRIENTS;
      return {
        id: recipe.id ?? '',
        name: recipe.get('name'),
        brand: '',
        kcalPer100g: per100g.caloriesKcal,
        proteinPer100g: per100g.proteinG,
        carbsPer100g: per100g.carbsG,
        fatPer100g: per100g.fatG,
        fibrePer100g: per100g.fibreG,
        sugarsPer100g: per100g.sugarsG,
        saturatedFatPer100g: per100g.saturatedFatG,
        saltPer100g: per100g.saltG,
        servingG: perServing.grams,
        servingLabel: '',
        servings: [],
        custom: true,
        barcode: null,
        source: 'user',
        sourceId: null,
        recipe: { servings: recipe.get('servings') },
      } satisfies FoodRow;
    });
}

/** A moment sent as an ISO string or a Parse date (which arrives as a Date). */
function readMoment(value: unknown): Date {
  const moment = typeof value === 'string' && value.trim() !== '' ? new Date(value) : value;
  const problem = fieldProblem('eatenAt', mealRules.eatenAt, moment);
  if (problem) throw refuseProblem(problem);
  return moment as Date;
}

/**
 * Logs `servings` servings of one of the caller's recipes as one meal whose numbers are copied from
 * the recipe (its name, the portion's weight, energy, macros and extras): editing or deleting the
 * recipe later leaves the meal as it is. Another person's recipe is not found (101).
 */
async function logRecipe(request: CloudRequest<'logRecipe'>): Promise<{ mealId: string }> {
  const { user, userId } = requireUser(request.user);
  const { recipeId, servings, mealType, eatenAt, clientKey } = request.params;
  if (!isLoggableServings(servings)) {
    throw validationError('server.recipe.servings', { field: 'servings', max: MAX_LOGGED_SERVINGS });
  }
  if (!isMealType(mealType)) {
    throw validationError('server.params.oneOf', { field: 'mealType', values: MEAL_TYPES.join(', ') });
  }
  const moment = readMoment(eatenAt);
  const key = readClientKey(clientKey);
  const recipe =
    typeof recipeId === 'string' && /^[A-Za-z0-9]{1,32}$/.test(recipeId)
      ? await queryOf(recipeClass)
          .equalTo('user', user)
          .get(recipeId, { useMasterKey: true })
          .catch(() => undefined)
      : undefined;
  if (!recipe) throw refusal(Parse.Error.OBJECT_NOT_FOUND, 'server.recipe.notFound', { field: 'recipeId' });
  const { grams, fibreG, sugarsG, saturatedFatG, saltG, ...energy } = recipePortion(
    recipe.get('perServing') ?? NO_RECIPE_NUTRIENTS,
    servings,
  );
  const meal = rowOf(mealClass);
  meal.set({ user, eatenAt: moment, mealType, name: recipe.get('name'), grams, ...energy });
  // An extra the recipe does not know stays unset on the meal (unknown, not zero).
  const extras = { fibreG, sugarsG, saturatedFatG, saltG };
  for (const key of Object.keys(extras) as (keyof typeof extras)[]) {
    const value = extras[key];
    if (value !== null) meal.set(key, value);
  }
  if (key !== undefined) meal.set('clientKey', key);
  meal.setACL(ownerAcl(userId));
  // The master key saves for the caller; Meal's beforeSave still checks the row (mealType, limits).
  await meal.save(null, { useMasterKey: true });
  return { mealId: meal.id ?? '' };
}

export function registerRecipeFunctions(): void {
  defineFunction('listRecipes', listRecipes);
  defineFunction('logRecipe', logRecipe);
}
