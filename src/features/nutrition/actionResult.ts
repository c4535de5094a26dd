import type { AdaptiveCalorieGoal } from '@/domain/expenditure';
import type { FoodRow } from '@/domain/nutrition';
import type { FoodFieldErrors, MealFieldErrors } from './form';

/** What the nutrition page's action answers to its windows. */
export interface NutritionActionResult {
  done?: boolean;
  fieldErrors?: MealFieldErrors;
  foodErrors?: FoodFieldErrors;
  formError?: string;
  /** A food the person just created, to pick at once. */
  createdFood?: FoodRow;
  copied?: number;
  /** The calorie goal after following the measured expenditure was turned on or off. */
  adaptiveGoal?: AdaptiveCalorieGoal;
}
