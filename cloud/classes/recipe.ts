import { recipeRules } from '../../src/domain/contract';
import { fieldProblem } from '../../src/domain/fieldRules';
import {
  checkIngredients,
  ingredientFoodIds,
  recipeNutrition,
  type Ingredient,
} from '../../src/domain/recipes';
import { refuseProblem, type CloudObject, type ParseUser } from '../parse';
import { usableFoodRows } from '../store/foods';

/**
 * A recipe's ingredients must be foods its owner may use (another person's private food is refused
 * at its place, `ingredients[2].foodId`); on every save the server computes the nutrition per
 * serving and per 100 g from them (src/domain/recipes.ts), whatever the client sent.
 */
export async function completeRecipe(object: CloudObject): Promise<void> {
  for (const field of ['servings', 'cookedWeightG'] as const) {
    const problem = fieldProblem(field, recipeRules[field], object.get(field));
    if (problem) throw refuseProblem(problem);
  }
  const ingredients: unknown = object.get('ingredients');
  const owner = object.get('user') as ParseUser | undefined;
  const foods = await usableFoodRows(owner?.id, ingredientFoodIds(ingredients));
  const problem = checkIngredients(ingredients, (id) => foods.has(id));
  if (problem) throw refuseProblem(problem);
  const cookedWeightG: unknown = object.get('cookedWeightG');
  const nutrition = recipeNutrition(
    ingredients as Ingredient[],
    (id) => foods.get(id),
    object.get('servings') as number,
    typeof cookedWeightG === 'number' ? cookedWeightG : null,
  );
  object.set(nutrition);
}
