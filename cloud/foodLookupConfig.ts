/**
 * Whether and where barcodes the catalogue lacks are looked up (cloud/foodLookup.ts), as the
 * operator configured it (FOOD_LOOKUP). Free of Parse, so the server can provide it before Parse
 * starts.
 */
export interface FoodLookupOptions {
  url: string;
  contact: string;
}

let options: FoodLookupOptions | undefined;

/** Given by the server at start; without it no barcode is looked up anywhere. */
export function provideFoodLookup(configured: FoodLookupOptions | undefined): void {
  options = configured;
}

export const LOOKUPS_PER_MINUTE = 15;
/** The window of the limit, shared by the nodes of a cluster through PostgreSQL. */
export const LOOKUP_WINDOW_TABLE = 'fitstreak_food_lookup_window';

export function foodLookupOptions(): FoodLookupOptions | undefined {
  return options;
}
