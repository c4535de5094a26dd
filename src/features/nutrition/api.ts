import type { MealType } from '@/domain/contract';
import type { AdaptiveCalorieGoal, ExpenditureWithGoal } from '@/domain/expenditure';
import {
  extrasFor,
  nutrientsFor,
  type FoodRow,
  type HistorySpan,
  type NutritionDay,
  type Serving,
} from '@/domain/nutrition';
import { recipePortion, type Ingredient, type RecipeRow } from '@/domain/recipes';
import {
  isLocalTarget,
  newChangeId,
  restDate,
  restPointer,
  type PendingChange,
  type RestFields,
} from '@/lib/offline/changes';
import { queueChange, saveOrQueue, type SaveOutcome } from '@/lib/offline/outbox';
import {
  itemClientKey,
  MEAL_TYPE_TIMES,
  savedMealItemsOf,
  type SavedMealItem,
  type SavedMealRow,
} from '@/domain/savedMeals';
import { currentLanguage, t } from '@/i18n';
import { getParse } from '@/lib/parse';
import { browserTimeZone } from '@/lib/timeZone';
import { callCloud } from '@/lib/cloud';
import { barcodeForms } from '@/domain/barcodes';
import { ErrorCode } from '@/domain/errors';
import { hasCode, isNetworkFailure } from '@/lib/errors';

export async function loadNutritionDay(query: { date?: string; days: HistorySpan }): Promise<NutritionDay> {
  return callCloud('nutritionDay', {
    ...query,
    timeZone: browserTimeZone(),
  });
}

/** What the person burns a day, measured from their log and trend weight (and the formula's). */
export async function loadEnergyExpenditure(): Promise<ExpenditureWithGoal> {
  return callCloud('energyExpenditure', {
    timeZone: browserTimeZone(),
  });
}

/** Lets the daily calorie goal follow the measured expenditure, or stop following it. */
export async function adaptCalorieGoal(on: boolean): Promise<AdaptiveCalorieGoal> {
  return callCloud('adaptCalorieGoal', {
    on,
    timeZone: browserTimeZone(),
  });
}

/** Foods matching a search; with `recipes`, the person's own recipes too (rows whose `recipe` is set). */
export async function searchFoods(query: string, { recipes = false } = {}): Promise<FoodRow[]> {
  return callCloud('searchFoods', { query, language: currentLanguage(), ...(recipes ? { recipes } : {}) });
}

/** What a scanned or typed barcode finds: a food, no food (a new one may be made), or no network. */
export type BarcodeLookup =
  | { kind: 'found'; food: FoodRow }
  | { kind: 'unknown'; code: string }
  | { kind: 'needsConnection'; code: string };

/**
 * The food with a barcode: the server's answer, or without a network one of the foods this device
 * already has (`onDevice`: the page's last-loaded recent, frequent and logged foods).
 */
export async function findFoodByBarcode(code: string, onDevice: readonly FoodRow[]): Promise<BarcodeLookup> {
  const forms = barcodeForms(code);
  const fromDevice = (): BarcodeLookup => {
    const food = onDevice.find(
      (candidate) => candidate.barcode !== null && forms.includes(candidate.barcode),
    );
    return food ? { kind: 'found', food } : { kind: 'needsConnection', code };
  };
  if (!navigator.onLine) return fromDevice();
  try {
    return { kind: 'found', food: await callCloud('foodByBarcode', { code, language: currentLanguage() }) };
  } catch (error) {
    if (hasCode(error, ErrorCode.OBJECT_NOT_FOUND)) return { kind: 'unknown', code };
    if (isNetworkFailure(error)) return fromDevice();
    throw error;
  }
}

/** A meal entry as typed: from a food and an amount, or energy and macros without a food. */
export type MealInput = {
  eatenAt: Date;
  mealType: MealType;
} & (
  | { kind: 'food'; foodId: string; grams: number }
  | { kind: 'quick'; name: string; caloriesKcal: number; proteinG: number; carbsG: number; fatG: number }
);

function mealFields(input: MealInput): RestFields {
  const when = { eatenAt: restDate(input.eatenAt), mealType: input.mealType };
  if (input.kind === 'food') {
    return { ...when, food: restPointer('Food', input.foodId), grams: input.grams };
  }
  return {
    ...when,
    food: null,
    grams: null,
    name: input.name,
    caloriesKcal: input.caloriesKcal,
    proteinG: input.proteinG,
    carbsG: input.carbsG,
    fatG: input.fatG,
  };
}

/** What the list shows for a meal waiting on this device: for a food, its values for the amount. */
function mealDisplay(input: MealInput, food: FoodRow | null): PendingChange['display'] {
  if (input.kind === 'quick') return {};
  if (!food)
    return { name: t('nutrition.meal.unknownFood'), caloriesKcal: 0, proteinG: 0, carbsG: 0, fatG: 0 };
  return {
    name: food.name,
    ...nutrientsFor(food, input.grams),
    ...extrasFor(food, input.grams),
    food: JSON.stringify(food),
  };
}

/**
 * Saves a meal entry, or keeps it on this device to be sent when there is a network; for a food,
 * the server computes energy and macros from the grams (`food` only labels a waiting entry).
 */
export async function saveMeal(
  input: MealInput,
  id?: string,
  food: FoodRow | null = null,
): Promise<SaveOutcome> {
  const write = {
    className: 'Meal',
    op: id ? 'update' : 'create',
    target: id,
    fields: mealFields(input),
    display: mealDisplay(input, food),
  } as const;
  return saveOrQueue(write);
}

export async function deleteMeal(id: string): Promise<SaveOutcome> {
  return saveOrQueue({ className: 'Meal', op: 'delete', target: id });
}

export async function copyMeals(query: {
  fromDate: string;
  toDate: string;
  mealType?: MealType;
}): Promise<{ copied: number }> {
  return callCloud('copyMeals', {
    ...query,
    timeZone: browserTimeZone(),
  });
}

/** A person's own food, values per 100 g. */
export interface FoodInput {
  name: string;
  brand: string;
  kcalPer100g: number;
  proteinPer100g: number;
  carbsPer100g: number;
  fatPer100g: number;
  servingG: number | null;
  servingLabel: string;
  /** The pack's barcode, when the food is made for a code nothing was known for. */
  barcode: string | null;
  /** Further servings ("1 slice", 30 g), checked by `checkServings` (src/domain/servings.ts). */
  servings: Serving[];
}

/** Saves new values of one of the person's own foods; meals logged with it keep their numbers. */
export async function updateFood(food: FoodRow, input: FoodInput): Promise<FoodRow> {
  const Parse = await getParse();
  const stored = new Parse.Object('Food');
  stored.id = food.id;
  const { servingG, ...rest } = input;
  stored.set(rest);
  if (servingG !== null) stored.set('servingG', servingG);
  else stored.unset('servingG');
  await stored.save();
  return { ...food, ...input };
}

export async function createFood(input: FoodInput): Promise<FoodRow> {
  const Parse = await getParse();
  const food = new Parse.Object('Food');
  const { servingG, barcode, ...rest } = input;
  food.set(rest);
  if (servingG !== null) food.set('servingG', servingG);
  if (barcode !== null) food.set('barcode', barcode);
  await food.save();
  // The server keeps the code in its normal form (cloud/classes/food.ts); the row shows that one.
  const stored: unknown = food.get('barcode');
  return {
    ...input,
    fibrePer100g: null,
    sugarsPer100g: null,
    saturatedFatPer100g: null,
    saltPer100g: null,
    barcode: typeof stored === 'string' ? stored : barcode,
    id: food.id ?? '',
    custom: true,
    source: 'user',
    sourceId: null,
  };
}

/** The person's recipes by name, with their ingredients' names in the language shown. */
export async function loadRecipes(): Promise<RecipeRow[]> {
  return callCloud('listRecipes', { language: currentLanguage() });
}

/** A recipe as typed; the server computes its nutrition from the ingredients. */
export interface RecipeInput {
  name: string;
  servings: number;
  cookedWeightG: number | null;
  ingredients: Ingredient[];
}

/** Saves a recipe, or keeps it on this device to be sent when there is a network. */
export async function saveRecipe(
  input: RecipeInput,
  id?: string,
  ingredientNames: Readonly<Record<string, string>> = {},
): Promise<SaveOutcome> {
  return saveOrQueue({
    className: 'Recipe',
    op: id ? 'update' : 'create',
    target: id,
    fields: { ...input, ingredients: input.ingredients.map(({ foodId, grams }) => ({ foodId, grams })) },
    // What the list shows while the recipe waits: its ingredients' names as they were picked.
    display: { name: input.name, ingredientNames: JSON.stringify(ingredientNames) },
  });
}

export async function deleteRecipe(id: string): Promise<SaveOutcome> {
  return saveOrQueue({ className: 'Recipe', op: 'delete', target: id });
}

/** Servings of a recipe to log into a section at a moment. */
export interface RecipeLogInput {
  recipe: RecipeRow;
  servings: number;
  mealType: MealType;
  eatenAt: Date;
}

/**
 * Logs servings of a recipe: online through `logRecipe`, which copies the recipe's numbers as the
 * server has them; without a network, as a meal entry with the numbers computed here from the
 * recipe as last loaded (a meal without a food keeps the numbers it is sent), queued like any other.
 */
export async function logRecipe(input: RecipeLogInput): Promise<SaveOutcome> {
  const { recipe, servings, mealType, eatenAt } = input;
  const { grams, ...numbers } = recipePortion(recipe.perServing, servings);
  // One key on both paths: a call whose answer was lost, then queued, is recognised, not logged twice.
  return saveOrQueue(
    {
      className: 'Meal',
      op: 'create',
      fields: { eatenAt: restDate(eatenAt), mealType, name: recipe.name, grams, ...numbers },
      display: {},
    },
    async (clientKey) => {
      await callCloud('logRecipe', {
        recipeId: recipe.id,
        servings,
        mealType,
        eatenAt: eatenAt.toISOString(),
        clientKey,
      });
    },
  );
}

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
