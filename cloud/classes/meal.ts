import { nutrientsFor } from '../../src/domain/nutrition';
import { numberOr, Parse, validationError, type CloudObject, type ParseUser } from '../parse';

/** The food a meal names, if the meal's owner may use it: a catalogue food or one of their own. */
async function usableFood(food: CloudObject, owner: ParseUser | undefined): Promise<CloudObject> {
  const found = await new Parse.Query('Food')
    .get(food.id ?? '', { useMasterKey: true })
    .catch(() => undefined);
  const foodOwner = found?.get('user') as ParseUser | undefined;
  if (!found || (foodOwner && foodOwner.id !== owner?.id)) {
    throw validationError('food does not name a food in the catalogue or among your own foods.');
  }
  return found;
}

/**
 * A meal built from a food gets its name, energy and macros from the food and the grams, on the
 * server, whatever the client sent: nobody can log 100 g of butter as 10 kcal.
 */
export async function completeMeal(object: CloudObject): Promise<void> {
  const food = object.get('food') as CloudObject | undefined;
  if (!food) return;
  const grams: unknown = object.get('grams');
  if (typeof grams !== 'number' || !(grams > 0)) {
    throw validationError('grams must be more than 0 when a food is chosen.');
  }
  const stored = await usableFood(food, object.get('user') as ParseUser | undefined);
  const per100g = {
    kcalPer100g: numberOr(stored.get('kcalPer100g'), 0),
    proteinPer100g: numberOr(stored.get('proteinPer100g'), 0),
    carbsPer100g: numberOr(stored.get('carbsPer100g'), 0),
    fatPer100g: numberOr(stored.get('fatPer100g'), 0),
  };
  object.set({ name: String(stored.get('name')), ...nutrientsFor(per100g, grams) });
}
