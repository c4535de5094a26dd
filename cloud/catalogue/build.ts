import { implausibility } from '../../src/domain/foodFacts';
import { foodRuleError, type CatalogueFood, type CatalogueNames, type SkippedFood } from './catalogueFood';
import { everydayCatalogue, type EverydayFood } from './everyday';
import { convertIfctCsv } from './ifct';
import { preparedCatalogue, PREPARED_FOODS, type PreparedFood } from './prepared';

export interface BuiltCatalogue {
  foods: CatalogueFood[];
  skipped: SkippedFood[];
}

export interface CatalogueSources {
  /** The IFCT package's index.csv. */
  ifctCsv: string;
  prepared?: readonly PreparedFood[];
  /** everydayFoods.json, parsed. */
  everyday: readonly EverydayFood[];
  /** foodNames.json: the German, French and Spanish names of the IFCT and prepared rows, by key. */
  names: Readonly<Record<string, CatalogueNames>>;
}

/**
 * The whole catalogue: IFCT rows in table order, the prepared foods, then the everyday foods,
 * each with its names in the app's languages; what fails the contract or the plausibility rules
 * an import applies (src/domain/foodFacts.ts) is left out with the reason.
 */
export function buildCatalogue({
  ifctCsv,
  prepared = PREPARED_FOODS,
  everyday,
  names,
}: CatalogueSources): BuiltCatalogue {
  const ifct = convertIfctCsv(ifctCsv);
  const alcohol = new Map(prepared.map((food) => [`usda:${food.slug}`, food.per100g.alcohol ?? 0]));
  const candidates = [
    ...ifct.foods,
    ...preparedCatalogue(prepared),
    ...everydayCatalogue(everyday).map(({ alcoholPer100g, ...food }) => {
      alcohol.set(food.key, alcoholPer100g);
      return food;
    }),
  ];
  const foods: CatalogueFood[] = [];
  const skipped: SkippedFood[] = [...ifct.skipped];
  for (const candidate of candidates) {
    const food = { ...candidate, names: { ...names[candidate.key], ...candidate.names } };
    const problem =
      foodRuleError(food) ?? implausibility({ ...food, alcoholPer100g: alcohol.get(food.key) ?? 0 });
    if (problem) skipped.push({ key: food.key, name: food.name, reason: problem });
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
