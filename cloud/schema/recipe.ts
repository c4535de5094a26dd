import type { Ingredient, RecipeNutrients } from '../../src/domain/recipes';
import { holds, ownerPointer, signedInPermissions, type ClassDefinition } from './types';

export const recipeClass = {
  className: 'Recipe',
  fields: {
    user: ownerPointer(),
    name: { type: 'String', required: true },
    /** The foods and their grams (src/domain/recipes.ts `checkIngredients`). */
    ingredients: { type: 'Array', required: true, ...holds<Ingredient[]>() },
    servings: { type: 'Number', required: true },
    cookedWeightG: { type: 'Number' },
    // Computed by the server from the ingredients on every save (cloud/classes/recipe.ts).
    totalWeightG: { type: 'Number' },
    perServing: { type: 'Object', ...holds<RecipeNutrients>() },
    per100g: { type: 'Object', ...holds<RecipeNutrients>() },
    /** The creating client's key for the row (see clientKeyRule in src/domain/contract.ts); unique per person. */
    clientKey: { type: 'String' },
  },
  indexes: { recipe_user_name: { user: 1, name: 1 } },
  classLevelPermissions: signedInPermissions(),
  personal: {
    ownedBy: ['user'],
    onAccountDeletion: 'delete',
    exportedAs: 'recipes',
    refersTo: ['Food'],
  },
} as const satisfies ClassDefinition;
