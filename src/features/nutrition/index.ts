export {
  adaptCalorieGoal,
  copyMeals,
  createFood,
  deleteMeal,
  deleteRecipe,
  loadNutritionDay,
  loadRecipes,
  loadSavedMeals,
  logRecipe,
  saveMeal,
  saveRecipe,
  updateFood,
} from './api';
export type { NutritionActionResult } from './actionResult';
export { CalorieGoalWindow } from './components/CalorieGoalWindow';
export { CopyMealsWindow } from './components/CopyMealsWindow';
export { DailyTotals } from './components/DailyTotals';
export { ExpenditureCard } from './components/ExpenditureCard';
export { MealSections } from './components/MealSections';
export { NutritionEditWindow } from './components/NutritionEditWindow';
export { SavedMealsCard } from './components/SavedMealsCard';
export { SavedMealWindow, type SavedMealSubject } from './components/SavedMealWindow';
export { SAVED_MEAL_INTENTS } from './savedMealActions';
export { withWaitingSavedMeals } from './savedMealsPending';
export { RecipesCard } from './components/RecipesCard';
export { RecipeWindow } from './components/RecipeWindow';
export { SaveRecipeWindow } from './components/SaveRecipeWindow';
export { parseRecipeForm, parseRecipeLogForm, RECIPE_FIELD_NAMES } from './recipeForm';
export { withWaitingRecipes, type ShownRecipe } from './recipePending';
export {
  FOOD_FIELD_NAMES,
  MEAL_FIELD_NAMES,
  parseCalorieGoal,
  parseFoodForm,
  parseMealForm,
  readShownFood,
} from './form';
export { withWaitingMeals } from './pending';
