import { foodRuleError, type CatalogueFood, type SkippedFood } from './catalogueFood';
import { convertIfctCsv } from './ifct';
import { preparedCatalogue, PREPARED_FOODS, type PreparedFood } from './prepared';

export interface BuiltCatalogue {
  foods: CatalogueFood[];
  skipped: SkippedFood[];
}

/** The whole catalogue: IFCT rows in table order, then the prepared foods; what fails the contract is left out. */
export function buildCatalogue(
  ifctCsv: string,
  prepared: readonly PreparedFood[] = PREPARED_FOODS,
): BuiltCatalogue {
  const ifct = convertIfctCsv(ifctCsv);
  const foods: CatalogueFood[] = [...ifct.foods];
  const skipped: SkippedFood[] = [...ifct.skipped];
  for (const food of preparedCatalogue(prepared)) {
    const ruleError = foodRuleError(food);
    if (ruleError) skipped.push({ key: food.key, name: food.name, reason: ruleError });
    else foods.push(food);
  }
  const seen = new Set<string>();
  for (const { key } of foods) {
    if (seen.has(key)) throw new Error(`The catalogue has the key ${key} twice.`);
    seen.add(key);
  }
  return { foods, skipped };
}

/** foods.json as the build script writes it: one row per food, two-space indent, final newline. */
export function catalogueJson(foods: readonly CatalogueFood[]): string {
  return `${JSON.stringify(foods, null, 2)}\n`;
}
