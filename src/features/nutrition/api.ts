import type { MealType } from '@/domain/contract';
import type { FoodRow, HistorySpan, NutritionDay } from '@/domain/nutrition';
import { getParse } from '@/lib/parse';
import { browserTimeZone } from '@/lib/timeZone';

export async function loadNutritionDay(query: { date?: string; days: HistorySpan }): Promise<NutritionDay> {
  const Parse = await getParse();
  return Parse.Cloud.run<(params: Record<string, unknown>) => NutritionDay>('nutritionDay', {
    ...query,
    timeZone: browserTimeZone(),
  });
}

export async function searchFoods(query: string): Promise<FoodRow[]> {
  const Parse = await getParse();
  return Parse.Cloud.run<(params: Record<string, unknown>) => FoodRow[]>('searchFoods', { query });
}

/** A meal entry as typed: from a food and an amount, or energy and macros without a food. */
export type MealInput = {
  eatenAt: Date;
  mealType: MealType;
} & (
  | { kind: 'food'; foodId: string; grams: number }
  | { kind: 'quick'; name: string; caloriesKcal: number; proteinG: number; carbsG: number; fatG: number }
);

/** Saves a meal entry; for a food, the server computes energy and macros from the grams. */
export async function saveMeal(input: MealInput, id?: string): Promise<void> {
  const Parse = await getParse();
  const meal = new Parse.Object('Meal');
  if (id) meal.id = id;
  meal.set({ eatenAt: input.eatenAt, mealType: input.mealType });
  if (input.kind === 'food') {
    const food = new Parse.Object('Food');
    food.id = input.foodId;
    // Name, energy and macros come from the food, on the server.
    meal.set({ food, grams: input.grams });
  } else {
    if (id) {
      meal.unset('food');
      meal.unset('grams');
    }
    meal.set({
      name: input.name,
      caloriesKcal: input.caloriesKcal,
      proteinG: input.proteinG,
      carbsG: input.carbsG,
      fatG: input.fatG,
    });
  }
  await meal.save();
}

export async function deleteMeal(id: string): Promise<void> {
  const Parse = await getParse();
  const meal = new Parse.Object('Meal');
  meal.id = id;
  await meal.destroy();
}

export async function copyMeals(query: {
  fromDate: string;
  toDate: string;
  mealType?: MealType;
}): Promise<{ copied: number }> {
  const Parse = await getParse();
  return Parse.Cloud.run<(params: Record<string, unknown>) => { copied: number }>('copyMeals', {
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
}

export async function createFood(input: FoodInput): Promise<FoodRow> {
  const Parse = await getParse();
  const food = new Parse.Object('Food');
  const { servingG, ...rest } = input;
  food.set(rest);
  if (servingG !== null) food.set('servingG', servingG);
  await food.save();
  return { ...input, id: food.id ?? '', custom: true };
}
