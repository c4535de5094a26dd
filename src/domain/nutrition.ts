import { MEAL_TYPES, type MealType } from './contract';
import { fieldError, type FieldError } from './fieldRules';
import type { FoodSource } from './foodFacts';
import type { CalorieGoalSource, DailyCalorieGoal } from './goals';
import type { SyncState } from './sync';

/** Energy per gram of protein, carbohydrate and fat (Atwater factors). */
export const KCAL_PER_G = { protein: 4, carbs: 4, fat: 9 } as const;

/** A food's values per 100 g, as the catalogue and a person's own foods store them. */
export interface Per100g {
  kcalPer100g: number;
  proteinPer100g: number;
  carbsPer100g: number;
  fatPer100g: number;
}

export interface Nutrients {
  caloriesKcal: number;
  proteinG: number;
  carbsG: number;
  fatG: number;
}

export const NO_NUTRIENTS: Nutrients = { caloriesKcal: 0, proteinG: 0, carbsG: 0, fatG: 0 };

/** What a food may say beyond energy and macros: `<name>Per100g` on a food, `<name>G` on a meal. */
export const EXTRA_NUTRIENTS = ['fibre', 'sugars', 'saturatedFat', 'salt'] as const;
export type ExtraNutrient = (typeof EXTRA_NUTRIENTS)[number];

/** Grams of each extra nutrient in a food's 100 g, null where the food does not say. */
export type ExtrasPer100g = { [N in ExtraNutrient as `${N}Per100g`]: number | null };
/** Grams of each extra nutrient in a meal entry, null where its food did not say. */
export type MealExtras = { [N in ExtraNutrient as `${N}G`]: number | null };

export const per100gKey = (nutrient: ExtraNutrient) => `${nutrient}Per100g` as const;
export const mealKey = (nutrient: ExtraNutrient) => `${nutrient}G` as const;

export const UNKNOWN_EXTRAS: MealExtras = { fibreG: null, sugarsG: null, saturatedFatG: null, saltG: null };

/** A way to measure a food besides grams: "1 slice" of 30 g. */
export interface Serving {
  label: string;
  grams: number;
}

/** A food as search and the edit window show it. */
export interface FoodRow extends Per100g, ExtrasPer100g {
  id: string;
  /** In the language of the request where the food has a name in it, else its own. */
  name: string;
  brand: string;
  /** The pack's serving (or the catalogue's first portion). */
  servingG: number | null;
  servingLabel: string;
  /** Further servings: the catalogue's other portions, or the person's own on their own food. */
  servings: Serving[];
  /** The person's own food rather than the shared catalogue's. */
  custom: boolean;
  /** The normal form of its barcode (src/domain/barcodes.ts), if known. */
  barcode: string | null;
  /** Where its values come from, and its key there (for the credit the source's licence asks for). */
  source: FoodSource;
  sourceId: string | null;
  /**
   * Set on a search row that is one of the person's recipes (`id` is the recipe's): picking it logs
   * servings of the recipe (logRecipe); `servingG` is one serving's weight.
   */
  recipe?: { servings: number };
}

/** A logged meal entry as the nutrition page shows it. */
export interface MealRow extends Nutrients, MealExtras {
  id: string;
  eatenAt: string;
  mealType: MealType;
  name: string;
  grams: number | null;
  food: FoodRow | null;
  /** Set only for an entry changed on this device and not yet saved on the server. */
  sync?: SyncState;
}

export interface DayEnergy {
  date: string;
  caloriesKcal: number;
}

export const HISTORY_SPANS = [7, 30] as const;
export type HistorySpan = (typeof HISTORY_SPANS)[number];

/** Everything the nutrition page needs for one day, in one answer. */
export interface NutritionDay {
  date: string;
  today: string;
  timeZone: string;
  /** The one daily goal (src/domain/goals.ts `dailyCalorieGoal`), and where it comes from. */
  calorieGoal: number | null;
  calorieGoalSource: CalorieGoalSource | null;
  /** The person adds their workouts to what they may eat. */
  countsExercise: boolean;
  /** Energy of the day's workouts. */
  workoutsKcal: number;
  meals: MealRow[];
  sections: Record<MealType, Nutrients>;
  totals: Nutrients;
  /** The day's fibre, sugars, saturated fat and salt, where its entries know them. */
  extras: DayExtras;
  history: DayEnergy[];
  recentFoods: FoodRow[];
  frequentFoods: FoodRow[];
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Energy and macros of `grams` of a food, kcal and grams to one decimal. */
export function nutrientsFor(food: Per100g, grams: number): Nutrients {
  const factor = grams / 100;
  return {
    caloriesKcal: round1(food.kcalPer100g * factor),
    proteinG: round1(food.proteinPer100g * factor),
    carbsG: round1(food.carbsPer100g * factor),
    fatG: round1(food.fatPer100g * factor),
  };
}

export function addNutrients(a: Nutrients, b: Nutrients): Nutrients {
  return {
    caloriesKcal: round1(a.caloriesKcal + b.caloriesKcal),
    proteinG: round1(a.proteinG + b.proteinG),
    carbsG: round1(a.carbsG + b.carbsG),
    fatG: round1(a.fatG + b.fatG),
  };
}

/** Totals of each section and of the day. */
export function dayTotals(meals: readonly (Nutrients & { mealType: MealType })[]): {
  sections: Record<MealType, Nutrients>;
  totals: Nutrients;
} {
  const sections = Object.fromEntries(MEAL_TYPES.map((type) => [type, NO_NUTRIENTS])) as Record<
    MealType,
    Nutrients
  >;
  let totals = NO_NUTRIENTS;
  for (const meal of meals) {
    sections[meal.mealType] = addNutrients(sections[meal.mealType], meal);
    totals = addNutrients(totals, meal);
  }
  return { sections, totals };
}

/** The grams of an extra nutrient the day's entries know, and how many entries do not say. */
export interface ExtraTotal {
  grams: number;
  unknown: number;
}
export type DayExtras = Record<ExtraNutrient, ExtraTotal>;

/** Fibre, sugars, saturated fat and salt of `grams` of a food, each null where the food does not say. */
export function extrasFor(food: ExtrasPer100g, grams: number): MealExtras {
  const extras = { ...UNKNOWN_EXTRAS };
  for (const nutrient of EXTRA_NUTRIENTS) {
    const per100g = food[per100gKey(nutrient)];
    if (per100g !== null) extras[mealKey(nutrient)] = Math.round(per100g * grams) / 100;
  }
  return extras;
}

/** Sums of each extra nutrient over the entries that know it, with a count of those that do not. */
export function dayExtras(meals: readonly MealExtras[]): DayExtras {
  const totals = Object.fromEntries(
    EXTRA_NUTRIENTS.map((nutrient) => [nutrient, { grams: 0, unknown: 0 }]),
  ) as DayExtras;
  for (const meal of meals) {
    for (const nutrient of EXTRA_NUTRIENTS) {
      const grams = meal[mealKey(nutrient)];
      const total = totals[nutrient];
      if (grams === null) total.unknown += 1;
      else total.grams = Math.round((total.grams + grams) * 100) / 100;
    }
  }
  return totals;
}

/** Energy the macros carry by 4/4/9. */
export function macroEnergyKcal(proteinG: number, carbsG: number, fatG: number): number {
  return proteinG * KCAL_PER_G.protein + carbsG * KCAL_PER_G.carbs + fatG * KCAL_PER_G.fat;
}

export interface MacroShares {
  protein: number;
  carbs: number;
  fat: number;
}

/** Each macro's share of the energy the macros carry, in whole percent; null without macros. */
export function macroShares(nutrients: Nutrients): MacroShares | null {
  const protein = nutrients.proteinG * KCAL_PER_G.protein;
  const carbs = nutrients.carbsG * KCAL_PER_G.carbs;
  const fat = nutrients.fatG * KCAL_PER_G.fat;
  const total = protein + carbs + fat;
  if (total <= 0) return null;
  return {
    protein: Math.round((protein / total) * 100),
    carbs: Math.round((carbs / total) * 100),
    fat: Math.round((fat / total) * 100),
  };
}

/**
 * Whether a food's stated energy roughly agrees with its macros: within 20 % or 20 kcal per
 * 100 g, whichever is larger, which leaves room for fibre and rounding on a label but not for a typo.
 */
export function energyMismatch(food: Per100g): FieldError | null {
  const fromMacros = macroEnergyKcal(food.proteinPer100g, food.carbsPer100g, food.fatPer100g);
  const tolerance = Math.max(20, 0.2 * Math.max(food.kcalPer100g, fromMacros));
  if (Math.abs(food.kcalPer100g - fromMacros) <= tolerance) return null;
  return fieldError('kcalPer100g', 'domain.nutrition.energyMismatch', {
    kcal: food.kcalPer100g,
    fromMacros: Math.round(fromMacros),
  });
}

export interface CalorieBalance {
  eatenKcal: number;
  goalKcal: number;
  /** Where the goal comes from: the person's own, the measured burn, or the formula. */
  source: CalorieGoalSource;
  /** Energy of the day's workouts added to what may be eaten; zero when the person does not count them. */
  exerciseKcal: number;
  /** Whether the person counts their workouts (else their activity level allows for them). */
  countsExercise: boolean;
  /** goal − food + exercise: left to eat today; zero when over. */
  remainingKcal: number;
  /** Eaten beyond goal + exercise; zero when not over. */
  overKcal: number;
  /** Eaten as a share of goal + exercise, 0–1 (capped for a bar). */
  share: number;
}

/**
 * The day's one calorie equation, the same on every page: goal − food + exercise = remaining,
 * where exercise counts only when the person chose to count it.
 */
export function calorieBalance(
  eatenKcal: number,
  goal: DailyCalorieGoal,
  workoutsKcal = 0,
  countsExercise = false,
): CalorieBalance {
  const exerciseKcal = countsExercise ? Math.round(workoutsKcal) : 0;
  const allowance = goal.kcal + exerciseKcal;
  const difference = allowance - eatenKcal;
  return {
    eatenKcal,
    goalKcal: goal.kcal,
    source: goal.source,
    exerciseKcal,
    countsExercise,
    remainingKcal: Math.max(0, Math.round(difference)),
    overKcal: Math.max(0, Math.round(-difference)),
    share: allowance > 0 ? Math.min(1, eatenKcal / allowance) : 0,
  };
}

/** Grams for an amount typed in grams or in servings of the food. */
export function amountInGrams(amount: number, unit: 'g' | 'serving', servingG: number | null): number | null {
  if (unit === 'g') return amount;
  return servingG ? round1(amount * servingG) : null;
}

/** Without accents and in lower case, as the search compares text: "Crème" is "creme". */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase('en');
}

function splitAll(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** The longest search of the catalogues (foods, exercises) a person may type. */
export const MAX_QUERY_LENGTH = 60;
/** The most rows one search of the catalogues answers. */
export const MAX_SEARCH_RESULTS = 25;

/** Lower-case words of a search, split on anything but letters and digits (at most 6). */
export function searchWords(query: string): string[] {
  return splitAll(query).slice(0, 6);
}

/** True when every word of the search starts a word of the text: "greek yog" finds "Yogurt, Greek". */
export function matchesWords(text: string, words: readonly string[]): boolean {
  const textWords = splitAll(text);
  return words.every((word) => textWords.some((candidate) => candidate.startsWith(word)));
}

/** What the ranking of a search looks at in a found row. */
export interface Rankable {
  name: string;
  /** The person's own (food or exercise) rather than the catalogue's. */
  custom: boolean;
  brand?: string;
  /** Logged by the person lately. */
  recent?: boolean;
}

/**
 * Orders search results: the person's own and lately logged first; then a name equal to the search,
 * a name that starts with it, one whose first word the search's first word (or any of its words)
 * begins, a brand the search names; then shorter, plainer names. Accents and case do not count.
 */
export function rankFoods<T extends Rankable>(query: string, foods: readonly T[]): T[] {
  const words = searchWords(query);
  const phrase = words.join(' ');
  const score = (food: T) => {
    const nameWords = splitAll(food.name);
    const name = nameWords.join(' ');
    const [firstNameWord = ''] = nameWords;
    const brandWords = food.brand ? splitAll(food.brand) : [];
    return (
      (food.custom || food.recent ? 64 : 0) +
      (name === phrase ? 32 : 0) +
      (name.startsWith(phrase) ? 16 : 0) +
      (words[0] !== undefined && firstNameWord.startsWith(words[0]) ? 8 : 0) +
      (words.some((word) => firstNameWord.startsWith(word)) ? 4 : 0) +
      (words.some((word) => brandWords.some((brandWord) => brandWord.startsWith(word))) ? 2 : 0)
    );
  };
  // Each row scored once: folding a name is the costly part, and a sort compares rows many times.
  return foods
    .map((food) => ({ food, score: score(food) }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.food.name.length - b.food.name.length ||
        a.food.name.localeCompare(b.food.name),
    )
    .map(({ food }) => food);
}
