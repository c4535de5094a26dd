import { addDays, localDay, startOfLocalDay } from '../../src/domain/calendarDays';
import { isMealType, MEAL_TYPES } from '../../src/domain/contract';
import { barcodeForms, barcodeQuery } from '../../src/domain/barcodes';
import type { Language } from '../../src/domain/languages';
import {
  dayExtras,
  dayTotals,
  EXTRA_NUTRIENTS,
  mealKey,
  HISTORY_SPANS,
  MAX_QUERY_LENGTH,
  MAX_SEARCH_RESULTS,
  rankFoods,
  searchWords,
  type FoodRow,
  type HistorySpan,
  type MealRow,
  type NutritionDay,
} from '../../src/domain/nutrition';
import { lookUpBarcode } from '../foodLookup';
import { languagesOf } from '../languages';
import { countsExercise, dailyGoalOf, settingsWithCurrentGoal } from './coaching';
import { dailyWeights, workoutDayTotals } from '../store/history';
import { energyByDay } from './intake';
import { readDay, readLanguageParam, readTimeZoneParam } from './requestContext';
import { numberOr, ownerAcl, Parse, type ParseUser, refusal, requireUser, validationError } from '../parse';
import { mealClass } from '../schema/meal';
import { queryOf, rowOf, type RowOf } from '../schema/rows';
import { foodsMatching, foodUses, foodWithBarcode, usableFoodRows } from '../store/foods';
import { recipesMatching } from './recipes';

type MealRowObject = RowOf<typeof mealClass>;
import { defineFunction, type CloudRequest } from './define';

const MAX_MEALS_PER_DAY = 200;
const SHORTLIST_SIZE = 8;
/** How far back recent and frequent foods are looked for. */
const SHORTLIST_DAYS = 90;
/** The most recently logged foods among which the frequent ones are chosen. */
const SHORTLIST_CANDIDATES = 200;

/** The zone days are counted in, and the caller's settings. */
async function zoneAndSettings(user: ParseUser, requested: unknown) {
  return settingsWithCurrentGoal(user, readTimeZoneParam(requested));
}

function toMealRow(meal: MealRowObject, foods: ReadonlyMap<string, FoodRow>): MealRow {
  const foodId = meal.get('food')?.id;
  return {
    id: meal.id ?? '',
    eatenAt: meal.get('eatenAt').toISOString(),
    mealType: meal.get('mealType'),
    name: meal.get('name'),
    grams: meal.get('grams') ?? null,
    caloriesKcal: meal.get('caloriesKcal'),
    proteinG: meal.get('proteinG') ?? 0,
    carbsG: meal.get('carbsG') ?? 0,
    fatG: meal.get('fatG') ?? 0,
    fibreG: meal.get('fibreG') ?? null,
    sugarsG: meal.get('sugarsG') ?? null,
    saturatedFatG: meal.get('saturatedFatG') ?? null,
    saltG: meal.get('saltG') ?? null,
    food: (foodId ? foods.get(foodId) : undefined) ?? null,
  };
}

/** The language foods are named in: the request's, else the person's chosen one, else English. */
async function languageFor(user: ParseUser, requested: unknown): Promise<Language> {
  return readLanguageParam(requested) ?? (await languagesOf([user.id ?? ''])).get(user.id ?? '') ?? 'en';
}

/**
 * Food search as the person types: every word of the query must begin a word of the food's name
 * (in any of the app's languages) or brand, accents and case aside ("creme fraiche" finds "Crème
 * fraîche", "hafer" finds "Haferflocken"); the catalogue and the person's own foods, their own and
 * lately logged first (rankFoods). A query of 8, 12, 13 or 14 digits is a barcode.
 */
async function searchFoods(request: CloudRequest<'searchFoods'>): Promise<FoodRow[]> {
  const { user } = requireUser(request.user);
  const { query, limit = 20, language: requestedLanguage, recipes = false } = request.params;
  if (typeof query !== 'string' || [...query].length > MAX_QUERY_LENGTH) {
    throw validationError('server.params.textMax', { field: 'query', max: MAX_QUERY_LENGTH });
  }
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_RESULTS) {
    throw validationError('server.params.wholeNumberTo', { field: 'limit', max: MAX_SEARCH_RESULTS });
  }
  if (typeof recipes !== 'boolean') throw validationError('server.params.trueOrFalse', { field: 'recipes' });
  const language = await languageFor(user, requestedLanguage);
  const code = barcodeQuery(query);
  if (code !== null) {
    const found = await foodForCode(user, code, language);
    return found && found !== 'busy' ? [found] : [];
  }
  const words = searchWords(query);
  if (words.length === 0) return [];
  const [foods, uses, ownRecipes] = await Promise.all([
    foodsMatching(user, words, language),
    foodUses(user, new Date(Date.now() - SHORTLIST_DAYS * 86_400_000), SHORTLIST_CANDIDATES),
    recipes ? recipesMatching(user, words) : [],
  ]);
  const found = [...ownRecipes, ...foods];
  const recent = new Set(uses.map((use) => use.food));
  const ranked = rankFoods(
    query,
    found.map((food) => ({ ...food, recent: recent.has(food.id) })),
  );
  const seen = new Set<string>();
  return ranked
    .filter((food) => !seen.has(food.id) && seen.add(food.id))
    .slice(0, limit)
    .map(({ recent: _recent, ...food }) => food);
}

/** The food with a barcode (EAN-13, UPC-A or EAN-8; both forms of a UPC-A tried), the person's own first. */
async function foodByBarcode(request: CloudRequest<'foodByBarcode'>): Promise<FoodRow> {
  const { user } = requireUser(request.user);
  const { code, language: requestedLanguage } = request.params;
  const forms = typeof code === 'string' ? barcodeForms(code) : [];
  if (forms.length === 0 || typeof code !== 'string' || barcodeQuery(code) === null) {
    throw validationError('server.nutrition.barcode', { field: 'code' });
  }
  const language = await languageFor(user, requestedLanguage);
  const found = await foodForCode(user, code, language);
  if (found === 'busy') {
    throw refusal(Parse.Error.REQUEST_LIMIT_EXCEEDED, 'server.nutrition.lookupBusy', { code: code.trim() });
  }
  if (!found)
    throw refusal(Parse.Error.OBJECT_NOT_FOUND, 'server.nutrition.unknownBarcode', { code: code.trim() });
  return found;
}

/**
 * The food with a code (any stored form), the person's own first; a code the catalogue lacks is
 * looked up where the operator allows it (cloud/foodLookup.ts), `busy` when lookups are paused.
 */
async function foodForCode(
  user: ParseUser,
  code: string,
  language: Language,
): Promise<FoodRow | 'busy' | undefined> {
  const forms = barcodeForms(code);
  const found = await foodWithBarcode(user, forms, language);
  const [normal] = forms;
  if (found || normal === undefined) return found;
  const outcome = await lookUpBarcode(normal);
  if (outcome === 'busy') return 'busy';
  return outcome === 'stored' ? foodWithBarcode(user, forms, language) : undefined;
}

/** The foods the person logged last, and those they log most, over the last 90 days. */
async function shortlists(user: ParseUser): Promise<{ recent: FoodRow[]; frequent: FoodRow[] }> {
  const rows = await foodUses(user, new Date(Date.now() - SHORTLIST_DAYS * 86_400_000), SHORTLIST_CANDIDATES);
  const recentIds = rows.slice(0, SHORTLIST_SIZE).map((row) => row.food);
  const frequentIds = [...rows]
    .sort((a, b) => b.uses - a.uses || b.last.getTime() - a.last.getTime())
    .slice(0, SHORTLIST_SIZE)
    .map((row) => row.food);
  const foods = await usableFoodRows(user.id, [...recentIds, ...frequentIds]);
  const pick = (ids: string[]) => ids.flatMap((id) => foods.get(id) ?? []);
  return { recent: pick(recentIds), frequent: pick(frequentIds) };
}

async function mealsOfDay(user: ParseUser, date: string, timeZone: string): Promise<MealRowObject[]> {
  return queryOf(mealClass)
    .equalTo('user', user)
    .greaterThanOrEqualTo('eatenAt', startOfLocalDay(date, timeZone))
    .lessThan('eatenAt', startOfLocalDay(addDays(date, 1), timeZone))
    .ascending('eatenAt')
    .addAscending('createdAt')
    .limit(MAX_MEALS_PER_DAY)
    .find({ useMasterKey: true });
}

/**
 * The nutrition page in one answer: the day's meals with their foods, section and day totals,
 * the calorie goal, energy per day for the last 7 or 30 days, and the recent and frequent foods.
 */
async function nutritionDay(request: CloudRequest<'nutritionDay'>): Promise<NutritionDay> {
  const { user } = requireUser(request.user);
  const { date: requestedDate, days = 7, timeZone: requestedZone } = request.params;
  if (!HISTORY_SPANS.includes(days as HistorySpan)) {
    throw validationError('server.params.oneOf', { field: 'days', values: HISTORY_SPANS.join(', ') });
  }
  if (requestedDate !== undefined) readDay(requestedDate, 'date');
  const { timeZone, settings } = await zoneAndSettings(user, requestedZone);
  const now = new Date();
  const today = localDay(now, timeZone);
  const date = typeof requestedDate === 'string' ? requestedDate : today;

  const [meals, history, lists, workoutDays, weights] = await Promise.all([
    mealsOfDay(user, date, timeZone),
    energyByDay(user, addDays(date, -((days as number) - 1)), date, timeZone),
    shortlists(user),
    workoutDayTotals(user, timeZone, {
      from: startOfLocalDay(date, timeZone),
      to: startOfLocalDay(addDays(date, 1), timeZone),
    }),
    dailyWeights(user, timeZone),
  ]);
  // The same goal as the start page's: the trend weight as of today, not of the day shown.
  const goal = dailyGoalOf(settings, weights, now.getUTCFullYear());
  const foodIds = meals.flatMap((meal) => meal.get('food')?.id ?? []);
  const foods = await usableFoodRows(user.id, foodIds);
  const rows = meals.map((meal) => toMealRow(meal, foods));
  return {
    date,
    today,
    timeZone,
    calorieGoal: goal?.kcal ?? null,
    calorieGoalSource: goal?.source ?? null,
    countsExercise: countsExercise(settings),
    workoutsKcal: Math.round(workoutDays.find((day) => day.date === date)?.kcal ?? 0),
    meals: rows,
    ...dayTotals(rows),
    extras: dayExtras(rows),
    history,
    recentFoods: lists.recent,
    frequentFoods: lists.frequent,
  };
}

/**
 * Copies one section of a day (or the whole day) to another day, each entry at the same local
 * time of day. Entries whose food is gone are copied with their stored values.
 */
async function copyMeals(request: CloudRequest<'copyMeals'>): Promise<{ copied: number }> {
  const { user, userId } = requireUser(request.user);
  const { fromDate, toDate, mealType, timeZone: requestedZone } = request.params;
  const from = readDay(fromDate, 'fromDate');
  const to = readDay(toDate, 'toDate');
  if (from === to) throw validationError('server.nutrition.sameDay');
  if (mealType !== undefined && !isMealType(mealType)) {
    throw validationError('server.params.oneOf', { field: 'mealType', values: MEAL_TYPES.join(', ') });
  }
  const { timeZone } = await zoneAndSettings(user, requestedZone);
  const meals = (await mealsOfDay(user, from, timeZone)).filter(
    (meal) => mealType === undefined || meal.get('mealType') === mealType,
  );
  if (meals.length === 0) return { copied: 0 };
  const shift = startOfLocalDay(to, timeZone).getTime() - startOfLocalDay(from, timeZone).getTime();
  const foods = await usableFoodRows(
    user.id,
    meals.flatMap((meal) => meal.get('food')?.id ?? []),
  );
  const copies = meals.map((meal) => {
    const copy = rowOf(mealClass);
    const food = meal.get('food');
    copy.set({
      user,
      eatenAt: new Date(meal.get('eatenAt').getTime() + shift),
      mealType: meal.get('mealType'),
      name: meal.get('name'),
      caloriesKcal: meal.get('caloriesKcal'),
      proteinG: meal.get('proteinG') ?? 0,
      carbsG: meal.get('carbsG') ?? 0,
      fatG: meal.get('fatG') ?? 0,
    });
    for (const nutrient of EXTRA_NUTRIENTS) {
      const value = numberOr(meal.get(mealKey(nutrient)), null);
      if (value !== null) copy.set(mealKey(nutrient), value);
    }
    const grams = numberOr(meal.get('grams'), null);
    if (grams !== null) copy.set('grams', grams);
    if (food?.id && foods.has(food.id)) copy.set('food', food);
    copy.setACL(ownerAcl(userId));
    return copy;
  });
  // The master key saves the batch in one call; Meal's beforeSave still checks every row.
  await Parse.Object.saveAll(copies, { useMasterKey: true });
  return { copied: copies.length };
}

export function registerNutritionFunctions(): void {
  defineFunction('searchFoods', searchFoods);
  defineFunction('foodByBarcode', foodByBarcode);
  defineFunction('nutritionDay', nutritionDay);
  defineFunction('copyMeals', copyMeals);
}
