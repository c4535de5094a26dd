import type { AdaptiveCalorieGoal } from '@/domain/expenditure';
import type { FoodRow } from '@/domain/nutrition';
import type { Refused } from '@/lib/routeActions';
import type { FoodFieldErrors, MealFieldErrors } from './form';
import type { RecipeFieldErrors } from './recipeForm';

/** A meal, a calorie goal, a new food or a recipe refused: a food's and a recipe's fields have their own sentences. */
export interface NutritionRefused extends Refused<MealFieldErrors> {
  readonly foodErrors?: FoodFieldErrors;
  /** A saved meal's name refused, by the browser's check or the server. */
  readonly savedMealErrors?: { readonly name?: string };
  readonly recipeErrors?: RecipeFieldErrors;
}

/** What the nutrition page's action answers to its windows. */
export type NutritionActionResult =
  /** A meal saved or deleted, or the calorie goal saved. */
  | { kind: 'done' }
  | { kind: 'copied'; count: number }
  /** A saved meal's items logged into a section (or waiting on this device to be). */
  | { kind: 'savedMealLogged'; count: number }
  /** The calorie goal after following the measured expenditure was turned on or off. */
  | { kind: 'adaptiveGoal'; goal: AdaptiveCalorieGoal }
  /** A food the person just created, to pick at once. */
  | { kind: 'foodCreated'; food: FoodRow }
  | NutritionRefused;
