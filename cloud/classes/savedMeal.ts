import { nutrientsFor } from '../../src/domain/nutrition';
import { checkSavedMealItems, savedMealFoodIds } from '../../src/domain/savedMeals';
import { refuseProblem, type CloudObject, type ParseUser } from '../parse';
import { usableFoodRows } from '../store/foods';

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
  const owner = object.get('user') as ParseUser | undefined;
  const foods = await usableFoodRows(owner?.id, savedMealFoodIds(items));
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
