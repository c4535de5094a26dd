import type { AdaptiveCalorieGoal } from '@/domain/expenditure';
import type { FoodRow } from '@/domain/nutrition';
import type { Refused } from '@/lib/routeActions';
import type { FoodFieldErrors, MealFieldErrors } from './form';
import type { RecipeFieldErrors } from './recipeForm';

/** A meal, a calorie goal, a new food or a recipe refused: a food's and a recipe's fields have their own sentences. */
export interface NutritionRefused extends Refused<MealFieldErrors> {
  readonly foodErrors?: FoodFieldErrors;
  readonly recipeErrors?: RecipeFieldErrors;
}

/** What the nutrition page's action answers to its windows. */
export type NutritionActionResult =
  /** A meal saved or deleted, or the calorie goal saved. */
  | { kind: 'done' }
  | { kind: 'copied'; count: number }
  /** The calorie goal after following the measured expenditure was turned on or off. */
  | { kind: 'adaptiveGoal'; goal: AdaptiveCalorieGoal }
  /** A food the person just created, to pick at once. */
  | { kind: 'foodCreated'; food: FoodRow }
  | NutritionRefused;
