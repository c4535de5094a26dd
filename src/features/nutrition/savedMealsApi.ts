import type { MealType } from '@/domain/contract';
import {
  itemClientKey,
  MEAL_TYPE_TIMES,
  savedMealItemsOf,
  type SavedMealItem,
  type SavedMealRow,
} from '@/domain/savedMeals';
import { callCloud } from '@/lib/cloud';
import { ErrorCode } from '@/domain/errors';
import { hasCode, isNetworkFailure } from '@/lib/errors';
import { isLocalTarget, newChangeId, restDate, restPointer, type RestFields } from '@/lib/offline/changes';
import { queueChange, saveOrQueue, type SaveOutcome } from '@/lib/offline/outbox';
import { getParse } from '@/lib/parse';
import { browserTimeZone } from '@/lib/timeZone';

/** More than anyone keeps; the list is read whole with the nutrition page. */
const MAX_SAVED_MEALS = 200;

/** The person's saved meals, by name. */
export async function loadSavedMeals(): Promise<SavedMealRow[]> {
  const Parse = await getParse();
  const found = await new Parse.Query('SavedMeal').ascending('name').limit(MAX_SAVED_MEALS).find();
  return found.map((row) => ({
    id: row.id ?? '',
    name: String(row.get('name') ?? ''),
    items: savedMealItemsOf(row.get('items')),
  }));
}

/**
 * Saves a new saved meal (with its items) or a new name for one, or keeps the write on this device
 * until there is a network. The server works out each food item's name and numbers again.
 */
export async function saveSavedMeal(
  input: { name: string; items?: readonly SavedMealItem[] },
  id?: string,
): Promise<SaveOutcome> {
  const fields: RestFields = { name: input.name };
  if (input.items) fields.items = input.items.map((item) => ({ ...item }));
  return saveOrQueue({
    className: 'SavedMeal',
    op: id ? 'update' : 'create',
    target: id,
    fields,
    display: { name: input.name },
  });
}

export async function deleteSavedMeal(id: string): Promise<SaveOutcome> {
  return saveOrQueue({ className: 'SavedMeal', op: 'delete', target: id });
}

/** When the items go on `day`: now on today, else the section's usual time on this device's clock. */
function loggedAt(day: string, today: string, mealType: MealType): Date {
  return day === today ? new Date() : new Date(`${day}T${MEAL_TYPE_TIMES[mealType]}:00`);
}

/**
 * Without the server, one waiting meal per item, from the saved meal as this device last loaded
 * it: a food item as its food and grams (shown with the numbers it was saved with until the server
 * works them out), a quick item with its numbers.
 */
async function queueItems(
  savedMeal: SavedMealRow,
  mealType: MealType,
  at: Date,
  key: string,
): Promise<number> {
  for (const [index, item] of savedMeal.items.entries()) {
    const eatenAt = restDate(new Date(at.getTime() + index));
    const { name, caloriesKcal, proteinG, carbsG, fatG } = item;
    const numbers = { name, caloriesKcal, proteinG, carbsG, fatG };
    await queueChange({
      className: 'Meal',
      op: 'create',
      fields:
        item.foodId === undefined
          ? { eatenAt, mealType, food: null, grams: null, ...numbers }
          : { eatenAt, mealType, food: restPointer('Food', item.foodId), grams: item.grams },
      display: item.foodId === undefined ? {} : numbers,
      id: itemClientKey(key, index),
    });
  }
  return savedMeal.items.length;
}

/**
 * Logs every item of a saved meal into a section of a day in one step: online through
 * `logSavedMeal`, without a network (or for a saved meal still waiting on this device) as one
 * waiting meal per item.
 */
export async function logSavedMeal(
  savedMeal: SavedMealRow,
  mealType: MealType,
  day: string,
  today: string,
): Promise<{ logged: number; outcome: SaveOutcome }> {
  // One key on both paths: a call whose answer was lost, then queued, is recognised, not logged twice.
  const key = newChangeId();
  if (navigator.onLine && !isLocalTarget(savedMeal.id)) {
    try {
      const { logged } = await callCloud('logSavedMeal', {
        savedMealId: savedMeal.id,
        mealType,
        date: day,
        timeZone: browserTimeZone(),
        clientKey: key,
      });
      return { logged, outcome: 'saved' };
    } catch (error) {
      // The SDK retried after a lost answer and the server recognised the request: it is logged.
      if (hasCode(error, ErrorCode.DUPLICATE_REQUEST)) {
        return { logged: savedMeal.items.length, outcome: 'saved' };
      }
      if (!isNetworkFailure(error)) throw error;
    }
  }
  const at = loggedAt(day, today, mealType);
  return { logged: await queueItems(savedMeal, mealType, at, key), outcome: 'queued' };
}
