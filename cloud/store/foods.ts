import type { Per100g } from '../../src/domain/nutrition';
import { MASTER_PAGES, type ParseUser } from '../parse';
import { foodClass } from '../schema/food';
import { mealClass } from '../schema/meal';
import { queryOf } from '../schema/rows';
import { storeRead } from './read';

/**
 * Reads of foods and of how a person logs them, each answering the same through SQL and through
 * Parse queries (cloud/store/foods.int.test.ts).
 */

/** What a stored food gives a meal, and its owner's id (null for the catalogue's). */
export interface StoredFood extends Per100g {
  name: string;
  owner: string | null;
}

/** One food by its id, read on every meal saved with a food. */
export const storedFood = storeRead({
  async bySql(sql, foodId: string): Promise<StoredFood | undefined> {
    // One row by its key, read without a Parse query (a whole internal request).
    const { rows } = await sql.query<StoredFood>(
      `SELECT name, "kcalPer100g", "proteinPer100g", "carbsPer100g", "fatPer100g", "user" AS owner
         FROM "Food" WHERE "objectId" = $1`,
      [foodId],
    );
    return rows[0];
  },
  async byQueries(foodId: string): Promise<StoredFood | undefined> {
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
  },
});

/** A food the person logged since a moment: how often, and when last. */
export interface FoodUse {
  food: string;
  uses: number;
  last: Date;
}

/** Each food the person logged since `since`, the most recently logged first, at most `limit`. */
export const foodUses = storeRead({
  async bySql(sql, user: ParseUser, since: Date, limit: number): Promise<FoodUse[]> {
    const { rows } = await sql.query<FoodUse>(
      `SELECT food, count(*)::int AS uses, max("eatenAt") AS last
         FROM "Meal" WHERE "user" = $1 AND food IS NOT NULL AND "eatenAt" >= $2
        GROUP BY food ORDER BY last DESC, food COLLATE "C" LIMIT $3`,
      [user.id, since, limit],
    );
    return rows;
  },
  async byQueries(user: ParseUser, since: Date, limit: number): Promise<FoodUse[]> {
    const meals = await queryOf(mealClass)
      .equalTo('user', user)
      .exists('food')
      .greaterThanOrEqualTo('eatenAt', since)
      .select('food', 'eatenAt')
      .findAll(MASTER_PAGES);
    const uses = new Map<string, FoodUse>();
    for (const meal of meals) {
      const food = meal.get('food')?.id ?? '';
      const eatenAt = meal.get('eatenAt');
      const use = uses.get(food) ?? { food, uses: 0, last: eatenAt };
      use.uses += 1;
      if (eatenAt > use.last) use.last = eatenAt;
      uses.set(food, use);
    }
    return [...uses.values()]
      .sort((a, b) => b.last.getTime() - a.last.getTime() || (a.food < b.food ? -1 : a.food > b.food ? 1 : 0))
      .slice(0, limit);
  },
});
