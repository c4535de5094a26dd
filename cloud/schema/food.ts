import type { FoodSource } from '../../src/domain/foodFacts';
import type { Language } from '../../src/domain/languages';
import type { Serving } from '../../src/domain/nutrition';
import { holds, signedInPermissions, type ClassDefinition } from './types';

export const foodClass = {
  className: 'Food',
  fields: {
    name: { type: 'String', required: true },
    brand: { type: 'String' },
    kcalPer100g: { type: 'Number', required: true },
    proteinPer100g: { type: 'Number', required: true },
    carbsPer100g: { type: 'Number', required: true },
    fatPer100g: { type: 'Number', required: true },
    fibrePer100g: { type: 'Number' },
    sugarsPer100g: { type: 'Number' },
    saturatedFatPer100g: { type: 'Number' },
    saltPer100g: { type: 'Number' },
    servingG: { type: 'Number' },
    servingLabel: { type: 'String' },
    /** Further servings (src/domain/nutrition.ts `Serving`): the catalogue's portions, a person's own. */
    servings: { type: 'Array', ...holds<Serving[]>() },
    /** Digits in their normal form (src/domain/barcodes.ts): a UPC-A as its EAN-13. */
    barcode: { type: 'String' },
    /** The name in each of the app's languages the source gives; `name` is the food's own. */
    names: { type: 'Object', ...holds<Partial<Record<Language, string>>>() },
    // Empty for the shared catalogue (written by the server only), set for a person's own food.
    user: { type: 'Pointer', targetClass: '_User' },
    /** Where the values come from: a shipped table, an imported database, or the person. */
    source: { type: 'String', ...holds<FoodSource>() },
    // Catalogue rows only: the stable key imports and the seeding match on (`ifct:A001`,
    // `usda:<slug>`, `off:<code>`, unique), the source's own id, when the source last changed the
    // product, the reference the values come from, and whether a pruning import hid it (a meal
    // still points to it).
    catalogueKey: { type: 'String' },
    sourceId: { type: 'String' },
    sourceModifiedAt: { type: 'Date' },
    reference: { type: 'String' },
    hidden: { type: 'Boolean' },
  },
  indexes: { food_user_name: { user: 1, name: 1 } },
  classLevelPermissions: signedInPermissions(),
  personal: { ownedBy: ['user'], onAccountDeletion: 'delete', exportedAs: 'foods' },
} as const satisfies ClassDefinition;
