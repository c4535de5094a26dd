import { localTime, startOfLocalDay } from './calendarDays';
import { mealRules, type MealType } from './contract';
import { fieldError, fieldProblem, type FieldError, type FieldRule } from './fieldRules';
import { addNutrients, NO_NUTRIENTS, type MealRow, type Nutrients } from './nutrition';

/**
 * Saved meals: a named list of what a person often eats together, logged into any section of any
 * day in one step (`logSavedMeal`). Each item is a food and its grams, or a quick entry's numbers.
 */

export const MIN_SAVED_MEAL_ITEMS = 1;
export const MAX_SAVED_MEAL_ITEMS = 50;
export const MAX_SAVED_MEAL_ITEM_GRAMS = 5000;

/** The numbers a saved meal keeps for an item: what it logs when its food can no longer be used. */
export interface SavedItemNumbers extends Nutrients {
  name: string;
}

/**
 * An item of a saved meal as stored. A food item's name and numbers are the server's, worked out
 * from the food and the grams when the items are saved (whatever a client sent in them).
 */
export type SavedMealItem =
  | ({ foodId: string; grams: number } & SavedItemNumbers)
  | ({ foodId?: undefined; grams?: undefined } & SavedItemNumbers);

export interface SavedMealRow {
  id: string;
  name: string;
  items: SavedMealItem[];
  /** Set while the saved meal (or a change to it) waits on this device to be sent. */
  sync?: 'waiting' | 'refused';
}

/** A food item as a client sends it; the rest of its keys are the server's (see SavedMealItem). */
const FOOD_ITEM_KEYS = new Set(['foodId', 'grams', 'name', 'caloriesKcal', 'proteinG', 'carbsG', 'fatG']);
const QUICK_ITEM_KEYS = new Set(['name', 'caloriesKcal', 'proteinG', 'carbsG', 'fatG']);

/** The rules of a quick item's fields: those of a quick entry in the log. */
const QUICK_ITEM_RULES: Readonly<Record<string, FieldRule>> = {
  name: mealRules.name,
  caloriesKcal: mealRules.caloriesKcal,
  proteinG: mealRules.proteinG,
  carbsG: mealRules.carbsG,
  fatG: mealRules.fatG,
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks a saved meal's items: 1 to 50, each a usable food (`isUsableFood`: the catalogue's or
 * the owner's own) with grams above 0 up to 5000, or a quick entry within the log's limits; no other
 * keys. Returns the first problem, naming its field (`items[1].foodId`), or null.
 */
export function checkSavedMealItems(
  value: unknown,
  isUsableFood: (foodId: string) => boolean,
): FieldError | null {
  if (!Array.isArray(value)) return fieldError('items', 'nutrition.savedMeal.itemsNotList');
  if (value.length < MIN_SAVED_MEAL_ITEMS || value.length > MAX_SAVED_MEAL_ITEMS) {
    return fieldError('items', 'nutrition.savedMeal.itemCount', {
      min: MIN_SAVED_MEAL_ITEMS,
      max: MAX_SAVED_MEAL_ITEMS,
    });
  }
  for (const [index, item] of value.entries()) {
    const path = `items[${index}]`;
    if (!isRecord(item)) return fieldError(path, 'nutrition.savedMeal.notItem');
    const isFood = 'foodId' in item;
    const allowed = isFood ? FOOD_ITEM_KEYS : QUICK_ITEM_KEYS;
    const unknownKey = Object.keys(item).find((key) => !allowed.has(key));
    if (unknownKey) return fieldError(`${path}.${unknownKey}`, 'nutrition.savedMeal.notItemField');
    const problem = isFood ? foodItemProblem(path, item, isUsableFood) : quickItemProblem(path, item);
    if (problem) return problem;
  }
  return null;
}

function foodItemProblem(
  path: string,
  item: Record<string, unknown>,
  isUsableFood: (foodId: string) => boolean,
): FieldError | null {
  const { foodId, grams } = item;
  if (typeof foodId !== 'string' || !isUsableFood(foodId)) {
    return fieldError(`${path}.foodId`, 'nutrition.savedMeal.unknownFood');
  }
  const valid =
    typeof grams === 'number' && Number.isFinite(grams) && grams > 0 && grams <= MAX_SAVED_MEAL_ITEM_GRAMS;
  return valid
    ? null
    : fieldError(`${path}.grams`, 'nutrition.savedMeal.grams', { max: MAX_SAVED_MEAL_ITEM_GRAMS });
}

function quickItemProblem(path: string, item: Record<string, unknown>): FieldError | null {
  for (const [key, rule] of Object.entries(QUICK_ITEM_RULES)) {
    const problem = fieldProblem(`${path}.${key}`, rule, item[key]);
    if (problem) return problem;
  }
  return null;
}

/** The food ids a list of items names, for looking up which of them the owner may use. */
export function savedMealFoodIds(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => (isRecord(item) && typeof item.foodId === 'string' ? [item.foodId] : []));
}

/** A saved meal's energy and macros: the sum of its items' numbers as saved. */
export function savedMealTotals(items: readonly SavedMealItem[]): Nutrients {
  return items.reduce<Nutrients>((sum, item) => addNutrients(sum, item), NO_NUTRIENTS);
}

/**
 * A day's section as items of a saved meal: entries with a food as that food and its grams, the
 * others as their numbers. Each keeps its name and numbers as logged (the server works out a food
 * item's again when it saves it).
 */
export function itemsFromMeals(meals: readonly MealRow[]): SavedMealItem[] {
  return meals.slice(0, MAX_SAVED_MEAL_ITEMS).map((meal) => {
    const numbers: SavedItemNumbers = {
      name: meal.name,
      caloriesKcal: meal.caloriesKcal,
      proteinG: meal.proteinG,
      carbsG: meal.carbsG,
      fatG: meal.fatG,
    };
    return meal.food && meal.grams !== null && meal.grams > 0
      ? { foodId: meal.food.id, grams: meal.grams, ...numbers }
      : numbers;
  });
}

/** A stored list of items as far as it holds items (rows are checked when saved). */
export function savedMealItemsOf(value: unknown): SavedMealItem[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): SavedMealItem[] => {
    if (!isRecord(item) || typeof item.name !== 'string' || typeof item.caloriesKcal !== 'number') return [];
    const number = (key: string) => (typeof item[key] === 'number' ? item[key] : 0);
    const numbers: SavedItemNumbers = {
      name: item.name,
      caloriesKcal: item.caloriesKcal,
      proteinG: number('proteinG'),
      carbsG: number('carbsG'),
      fatG: number('fatG'),
    };
    return typeof item.foodId === 'string' && typeof item.grams === 'number'
      ? [{ foodId: item.foodId, grams: item.grams, ...numbers }]
      : [numbers];
  });
}

/** When a section's meals are put on a day other than today (local time, "HH:MM"). */
export const MEAL_TYPE_TIMES: Readonly<Record<MealType, string>> = {
  breakfast: '08:00',
  lunch: '12:30',
  dinner: '19:00',
  snack: '16:00',
};

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The instant a section's meals are put on `day` in `timeZone`: its usual time on the local clock
 * (a day that changes to or from summer time is corrected for the hour it gains or loses).
 */
export function sectionTimeOn(day: string, mealType: MealType, timeZone: string): Date {
  const wanted = minutesOf(MEAL_TYPE_TIMES[mealType]);
  const guess = new Date(startOfLocalDay(day, timeZone).getTime() + wanted * 60_000);
  const shown = minutesOf(localTime(guess, timeZone));
  return new Date(guess.getTime() + (wanted - shown) * 60_000);
}

/**
 * The clientKey of item `index` of a saved meal logged under `key` (a UUID): the key with its last
 * eight hex digits counted on by the index. The server keys the meals it writes this way and the
 * device keys its waiting meals the same way, so a call whose answer was lost and then queued is
 * recognised by key instead of logged twice.
 */
export function itemClientKey(key: string, index: number): string {
  const last = Number.parseInt(key.slice(-8), 16);
  const counted = ((last + index) >>> 0).toString(16).padStart(8, '0');
  return `${key.slice(0, -8)}${counted}`;
}
