import { signedInPermissions, type ClassDefinition } from './types';

export const foodClass = {
  className: 'Food',
  fields: {
    name: { type: 'String', required: true },
    brand: { type: 'String' },
    kcalPer100g: { type: 'Number', required: true },
    proteinPer100g: { type: 'Number', required: true },
    carbsPer100g: { type: 'Number', required: true },
    fatPer100g: { type: 'Number', required: true },
    servingG: { type: 'Number' },
    servingLabel: { type: 'String' },
    // Empty for the shared catalogue (written by the server only), set for a person's own food.
    user: { type: 'Pointer', targetClass: '_User' },
    // Catalogue rows only: the stable key the seeding matches on (`ifct:A001`, `usda:<slug>`) and the
    // reference the values come from.
    catalogueKey: { type: 'String' },
    source: { type: 'String' },
  },
  indexes: { food_user_name: { user: 1, name: 1 }, food_catalogue_key: { catalogueKey: 1 } },
  classLevelPermissions: signedInPermissions(),
  personal: { ownedBy: ['user'], onAccountDeletion: 'delete', exportedAs: 'foods' },
} as const satisfies ClassDefinition;
