import type { SavedMealItem } from '../../src/domain/savedMeals';
import { holds, ownerPointer, signedInPermissions, type ClassDefinition } from './types';

export const savedMealClass = {
  className: 'SavedMeal',
  fields: {
    user: ownerPointer(),
    name: { type: 'String', required: true },
    /** Foods with grams and quick entries (src/domain/savedMeals.ts `SavedMealItem`). */
    items: { type: 'Array', required: true, ...holds<SavedMealItem[]>() },
    /** The creating client's key for the row (see clientKeyRule in src/domain/contract.ts); unique per person. */
    clientKey: { type: 'String' },
  },
  indexes: { savedMeal_user_name: { user: 1, name: 1 } },
  classLevelPermissions: signedInPermissions(),
  personal: {
    ownedBy: ['user'],
    onAccountDeletion: 'delete',
    exportedAs: 'savedMeals',
    refersTo: ['Food'],
  },
} as const satisfies ClassDefinition;
