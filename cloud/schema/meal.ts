import type { MealType } from '../../src/domain/contract';
import { holds, ownerPointer, signedInPermissions, type ClassDefinition } from './types';

export const mealClass = {
  className: 'Meal',
  fields: {
    user: ownerPointer(),
    eatenAt: { type: 'Date', required: true },
    mealType: { type: 'String', required: true, ...holds<MealType>() },
    name: { type: 'String', required: true },
    food: { type: 'Pointer', targetClass: 'Food' },
    grams: { type: 'Number' },
    caloriesKcal: { type: 'Number', required: true },
    proteinG: { type: 'Number' },
    carbsG: { type: 'Number' },
    fatG: { type: 'Number' },
    fibreG: { type: 'Number' },
    sugarsG: { type: 'Number' },
    saturatedFatG: { type: 'Number' },
    saltG: { type: 'Number' },
    /** The creating client's key for the row (see clientKeyRule in src/domain/contract.ts); unique per person. */
    clientKey: { type: 'String' },
  },
  indexes: { meal_user_eatenAt: { user: 1, eatenAt: -1 } },
  classLevelPermissions: signedInPermissions(),
  personal: { ownedBy: ['user'], onAccountDeletion: 'delete', exportedAs: 'meals' },
} as const satisfies ClassDefinition;
