import type { Ingredient, RecipeNutrients, RecipeRow } from '@/domain/recipes';
import type { SyncState } from '@/domain/sync';
import {
  applyWaiting,
  isRestList,
  numberOf,
  pendingView,
  stringOf,
  type PendingChange,
  type PendingEntry,
} from '@/lib/offline/changes';

/** A recipe as the page shows it: with `sync` while a change of it waits on this device. */
export interface ShownRecipe extends RecipeRow {
  sync?: SyncState;
}

function ingredientsOf(entry: PendingEntry, saved: RecipeRow | undefined): RecipeRow['ingredients'] | null {
  const value = entry.fields.ingredients;
  if (value === undefined) return saved?.ingredients ?? null;
  if (value === null || !isRestList(value)) return null;
  const names = new Map(saved?.ingredients.map((ingredient) => [ingredient.foodId, ingredient.name]));
  const shown = typeof entry.display.ingredientNames === 'string' ? entry.display.ingredientNames : '{}';
  const typed = JSON.parse(shown) as Record<string, string>;
  return (value as Ingredient[]).map(({ foodId, grams }) => ({
    foodId,
    grams,
    name: typed[foodId] ?? names.get(foodId) ?? '',
  }));
}

const EMPTY: RecipeNutrients = {
  grams: 0,
  caloriesKcal: 0,
  proteinG: 0,
  carbsG: 0,
  fatG: 0,
  fibreG: null,
  sugarsG: null,
  saturatedFatG: null,
  saltG: null,
};

function rowOf(entry: PendingEntry, saved: RecipeRow | undefined): ShownRecipe | null {
  const ingredients = ingredientsOf(entry, saved);
  const servings = numberOf(entry.fields.servings) ?? saved?.servings;
  if (!ingredients || servings === undefined) return null;
  const cookedWeightG =
    entry.fields.cookedWeightG === undefined
      ? (saved?.cookedWeightG ?? null)
      : numberOf(entry.fields.cookedWeightG);
  // Until the server computes them again, the numbers are the saved ones (none for a new recipe).
  const perServing = saved?.perServing ?? EMPTY;
  return {
    id: entry.id,
    name: stringOf(entry.fields.name) || saved?.name || '',
    servings,
    cookedWeightG,
    ingredients,
    totalWeightG: saved?.totalWeightG ?? 0,
    perServing,
    per100g: saved?.per100g ?? perServing,
    sync: entry.refusal ? 'refused' : 'waiting',
  };
}

/** The person's recipes with this device's waiting changes applied and marked. */
export function withWaitingRecipes(
  recipes: readonly RecipeRow[],
  changes: readonly PendingChange[],
): readonly ShownRecipe[] {
  return applyWaiting<ShownRecipe>(recipes, pendingView(changes, 'Recipe'), rowOf);
}

/** Whether a recipe's numbers are the server's: saved, and not changed on this device since. */
export const isLoggable = (recipe: ShownRecipe) => recipe.sync === undefined;
