import { localDay } from '../../src/domain/calendarDays';
import { isMealType, mealRules, MEAL_TYPES } from '../../src/domain/contract';
import { isIsoDate } from '../../src/domain/dates';
import { fieldProblem } from '../../src/domain/fieldRules';
import { isObjectId } from '../../src/domain/ids';
import {
  itemClientKey,
  savedMealItemsOf,
  sectionTimeOn,
  type SavedMealItem,
} from '../../src/domain/savedMeals';
import {
  ownerAcl,
  Parse,
  refusal,
  refuseProblem,
  requireUser,
  validationError,
  type ParseUser,
} from '../parse';
import { foodClass } from '../schema/food';
import { mealClass } from '../schema/meal';
import { queryOf, rowOf, setFields } from '../schema/rows';
import { savedMealClass } from '../schema/savedMeal';
import { defineFunction, type CloudRequest } from './define';
import { readClientKey, readDay, readTimeZoneParam, settingsOf, timeZoneOf } from './requestContext';

const MASTER = { useMasterKey: true } as const;

/**
 * The day to log on: a day written YYYY-MM-DD, or an instant (an ISO string or a Parse date) taken
 * as the day it falls on in the caller's zone.
 */
function readLogDay(value: unknown, timeZone: string): string {
  if (typeof value === 'string' && isIsoDate(value)) return readDay(value, 'date');
  const instant =
    value instanceof Date ? value : typeof value === 'string' && value.includes('T') ? new Date(value) : null;
  if (!instant || Number.isNaN(instant.getTime()))
    throw validationError('server.savedMeal.date', { field: 'date' });
  return readDay(localDay(instant, timeZone), 'date');
}

/** The ids among `ids` of foods `user` may still use: the catalogue's and their own. */
async function usableFoodIds(user: ParseUser, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = await queryOf(foodClass)
    .containedIn('objectId', [...new Set(ids)])
    .select('user')
    .limit(ids.length)
    .find(MASTER);
  return new Set(
    found
      .filter((food) => !food.get('user') || food.get('user')?.id === user.id)
      .map((food) => food.id ?? ''),
  );
}

/**
 * Logs every item of one of the caller's saved meals into a section of a day, each its own `Meal`
 * row, as copying does: a food item as its food and grams (the server works out the numbers), a
 * quick item with its numbers, and a food item whose food can no longer be used (deleted since)
 * with the name and numbers it had when saved. On today the rows are put at the present moment,
 * on another day at the section's usual time in the caller's zone.
 */
async function logSavedMeal(request: CloudRequest<'logSavedMeal'>): Promise<{ logged: number }> {
  const { user, userId } = requireUser(request.user);
  const { savedMealId, mealType, date, timeZone: requestedZone, clientKey } = request.params;
  const key = readClientKey(clientKey);
  if (!isObjectId(savedMealId)) throw validationError('server.savedMeal.id', { field: 'savedMealId' });
  if (!isMealType(mealType)) {
    throw validationError('server.params.oneOf', { field: 'mealType', values: MEAL_TYPES.join(', ') });
  }
  const timeZone = timeZoneOf(await settingsOf(user), readTimeZoneParam(requestedZone));
  const day = readLogDay(date, timeZone);
  const now = new Date();
  const loggedAt = day === localDay(now, timeZone) ? now : sectionTimeOn(day, mealType, timeZone);
  const tooFar = fieldProblem('date', mealRules.eatenAt, loggedAt, now);
  if (tooFar) throw refuseProblem(tooFar);

  const saved = await queryOf(savedMealClass)
    .equalTo('user', user)
    .equalTo('objectId', savedMealId)
    .first(MASTER);
  if (!saved) throw refusal(Parse.Error.OBJECT_NOT_FOUND, 'server.savedMeal.notFound');
  const items = savedMealItemsOf(saved.get('items'));
  const usable = await usableFoodIds(
    user,
    items.flatMap((item) => item.foodId ?? []),
  );
  const meals = items.map((item: SavedMealItem, index) => {
    const meal = rowOf(mealClass);
    // A millisecond apart, so the day lists them in the saved meal's order.
    const eatenAt = new Date(loggedAt.getTime() + index);
    if (item.foodId !== undefined && usable.has(item.foodId)) {
      // The food's numbers for the grams are filled in by Meal's beforeSave (cloud/classes/meal.ts).
      setFields(meal, { user, eatenAt, mealType, food: rowOf(foodClass, item.foodId), grams: item.grams });
    } else {
      const { name, caloriesKcal, proteinG, carbsG, fatG } = item;
      meal.set({ user, eatenAt, mealType, name, caloriesKcal, proteinG, carbsG, fatG });
    }
    if (key !== undefined) meal.set('clientKey', itemClientKey(key, index));
    meal.setACL(ownerAcl(userId));
    return meal;
  });
  // The master key saves the batch in one call; Meal's beforeSave still checks every row.
  await Parse.Object.saveAll(meals, MASTER);
  return { logged: meals.length };
}

export function registerSavedMealFunctions(): void {
  defineFunction('logSavedMeal', logSavedMeal);
}
