import { EXTRA_NUTRIENTS, extrasFor, mealKey, nutrientsFor } from '../../src/domain/nutrition';
import { validationError, type CloudObject, type ParseUser } from '../parse';
import { storedFood, type StoredFood } from '../store/foods';

type UsableFood = Omit<StoredFood, 'owner'>;

/** The food a meal names, if the meal's owner may use it: a catalogue food or one of their own. */
async function usableFood(food: CloudObject, owner: ParseUser | undefined): Promise<UsableFood> {
  const found = food.id ? await storedFood(food.id) : undefined;
  if (!found || (found.owner !== null && found.owner !== owner?.id)) {
    throw validationError('server.meal.unknownFood');
  }
  return found;
}

/**
 * A meal built from a food gets its name, energy, macros, fibre, sugars, saturated fat and salt
 * from the food and the grams, on the server, whatever the client sent: nobody can log 100 g of
 * butter as 10 kcal. What the food does not say is left unset (unknown, not zero).
 */
export async function completeMeal(object: CloudObject): Promise<void> {
  const food = object.get('food') as CloudObject | undefined;
  if (!food) return;
  const grams: unknown = object.get('grams');
  if (typeof grams !== 'number' || !(grams > 0)) {
    throw validationError('server.meal.grams');
  }
  const stored = await usableFood(food, object.get('user') as ParseUser | undefined);
  object.set({ name: stored.name, ...nutrientsFor(stored, grams) });
  const extras = extrasFor(stored, grams);
  for (const nutrient of EXTRA_NUTRIENTS) {
    const key = mealKey(nutrient);
    const value = extras[key];
    if (value === null) object.unset(key);
    else object.set(key, value);
  }
}
