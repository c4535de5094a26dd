import { nutrientsFor } from '../../src/domain/nutrition';
import { checkSavedMealItems, savedMealFoodIds } from '../../src/domain/savedMeals';
import { refuseProblem, type CloudObject, type ParseUser } from '../parse';
import { storedFood, type StoredFood } from '../store/foods';

/** The foods among `ids` that `owner` may use: the catalogue's and their own. */
async function usableFoods(
  ids: readonly string[],
  owner: ParseUser | undefined,
): Promise<Map<string, StoredFood>> {
  const unique = [...new Set(ids)];
  const found = await Promise.all(unique.map(async (id) => [id, await storedFood(id)] as const));
  const usable = new Map<string, StoredFood>();
  for (const [id, food] of found) {
    if (food && (food.owner === null || food.owner === owner?.id)) usable.set(id, food);
  }
  return usable;
}

/**
 * A saved meal's items, checked when they change; each food item gets its name and numbers from
 * the food and the grams, on the server (what a client sent in them is replaced). They are what
 * the item logs if its food is later deleted.
 */
export async function completeSavedMeal(
  object: CloudObject,
  original: CloudObject | undefined,
): Promise<void> {
  if (original && !object.dirty('items')) return;
  const items: unknown = object.get('items');
  const foods = await usableFoods(savedMealFoodIds(items), object.get('user') as ParseUser | undefined);
  const problem = checkSavedMealItems(items, (id) => foods.has(id));
  if (problem) throw refuseProblem(problem);
  if (!Array.isArray(items)) return;
  object.set(
    'items',
    items.map((item: Record<string, unknown>) => {
      const food = typeof item.foodId === 'string' ? foods.get(item.foodId) : undefined;
      if (!food || typeof item.grams !== 'number') return item;
      return { foodId: item.foodId, grams: item.grams, name: food.name, ...nutrientsFor(food, item.grams) };
    }),
  );
}
