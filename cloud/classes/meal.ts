import { nutrientsFor, type Per100g } from '../../src/domain/nutrition';
import { sqlClient } from '../database';
import { validationError, type CloudObject, type ParseUser } from '../parse';
import { foodClass } from '../schema/food';
import { queryOf } from '../schema/rows';

interface UsableFood extends Per100g {
  name: string;
}

/** What a stored food gives a meal, its owner's id (none for the catalogue) beside. */
async function storedFood(foodId: string): Promise<(UsableFood & { owner: string | null }) | undefined> {
  const sql = sqlClient();
  if (sql) {
    // One row by its key, read without a Parse query (a whole internal request) on every save.
    const { rows } = await sql.query<UsableFood & { owner: string | null }>(
      `SELECT name, "kcalPer100g", "proteinPer100g", "carbsPer100g", "fatPer100g", "user" AS owner
         FROM "Food" WHERE "objectId" = $1`,
      [foodId],
    );
    return rows[0];
  }
  const found = await queryOf(foodClass)
    .get(foodId, { useMasterKey: true })
    .catch(() => undefined);
  if (!found) return undefined;
  return {
    name: found.get('name'),
    kcalPer100g: found.get('kcalPer100g'),
    proteinPer100g: found.get('proteinPer100g'),
    carbsPer100g: found.get('carbsPer100g'),
    fatPer100g: found.get('fatPer100g'),
    owner: found.get('user')?.id ?? null,
  };
}

/** The food a meal names, if the meal's owner may use it: a catalogue food or one of their own. */
async function usableFood(food: CloudObject, owner: ParseUser | undefined): Promise<UsableFood> {
  const found = food.id ? await storedFood(food.id) : undefined;
  if (!found || (found.owner !== null && found.owner !== owner?.id)) {
    throw validationError('server.meal.unknownFood');
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
    throw validationError('server.meal.grams');
  }
  const stored = await usableFood(food, object.get('user') as ParseUser | undefined);
  object.set({ name: stored.name, ...nutrientsFor(stored, grams) });
}
