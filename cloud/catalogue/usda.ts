import { normalBarcode } from '../../src/domain/barcodes';
import { implausibility } from '../../src/domain/foodFacts';
import type { Language } from '../../src/domain/languages';
import type { Serving } from '../../src/domain/nutrition';
import { MAX_SERVING_GRAMS, MAX_SERVINGS, SERVING_LABEL_LENGTH } from '../../src/domain/servings';
import { roundGrams } from './catalogueFood';
import {
  amount,
  NAME_MAX,
  roundedFacts,
  SERVING_G_MAX,
  SERVING_LABEL_MAX,
  textUpTo,
  type ReadProduct,
} from './importedFood';

/**
 * Foods of USDA FoodData Central as its CSV download gives them, once `food.csv`,
 * `food_nutrient.csv`, `branded_food.csv` and `food_portion.csv` are joined by `fdc_id`
 * (server/foods/usdaExport.ts joins them in PostgreSQL). Nutrients by id, per 100 g: energy 1008
 * (kcal), else 2048 (Atwater specific factors), else 2047 (general factors); protein 1003; fat
 * 1004; carbohydrate by difference 1005; fibre 1079; total sugars 2000; saturated fat 1258; sodium
 * 1093 in mg (salt is 2.5 times it); alcohol 1018.
 */
export const USDA_NUTRIENTS = {
  energy: 1008,
  energySpecific: 2048,
  energyGeneral: 2047,
  protein: 1003,
  fat: 1004,
  carbohydrate: 1005,
  fibre: 1079,
  sugars: 2000,
  saturatedFat: 1258,
  sodium: 1093,
  alcohol: 1018,
} as const;

/** The data types the catalogue takes, as food.csv names them (and as the JSON downloads do). */
export const USDA_DATA_TYPES = [
  'foundation_food',
  'sr_legacy_food',
  'survey_fndds_food',
  'branded_food',
  'Foundation',
  'SR Legacy',
  'Survey (FNDDS)',
  'Branded',
] as const;

/** One food with its nutrients, brand and portions, as the join answers it. */
export interface UsdaFoodRow {
  fdcId: number;
  dataType: string;
  description: string;
  /** `publication_date` of food.csv, or `modified_date` of branded_food.csv. */
  modified: string | null;
  nutrients: Partial<Record<keyof typeof USDA_NUTRIENTS, number | null>>;
  brandName: string | null;
  brandOwner: string | null;
  gtinUpc: string | null;
  servingSize: number | null;
  servingSizeUnit: string | null;
  householdServing: string | null;
  /** food_portion.csv's portions in `seq_num` order, each its grams and its words ("1 cup, diced"). */
  portions: { grams: number | null; label: string | null }[];
}

/** Branded descriptions come in capitals ("CHEDDAR CHEESE"): as a sentence, they read as a name. */
function readable(description: string): string {
  const letters = description.replace(/[^\p{L}]/gu, '');
  if (letters.length === 0 || letters !== letters.toUpperCase()) return description;
  const lower = description.toLocaleLowerCase('en');
  return lower.charAt(0).toLocaleUpperCase('en') + lower.slice(1);
}

const GRAM_UNITS = new Set(['g', 'grm', 'gram', 'grams']);

function servingOf(row: UsdaFoodRow): { servingG: number | null; servingLabel: string | null } {
  const branded =
    row.servingSize !== null && GRAM_UNITS.has((row.servingSizeUnit ?? '').toLowerCase())
      ? row.servingSize
      : null;
  const [firstPortion] = row.portions;
  const grams = branded ?? firstPortion?.grams ?? null;
  if (grams === null || !Number.isFinite(grams) || grams < 1 || grams > SERVING_G_MAX) {
    return { servingG: null, servingLabel: null };
  }
  const label = branded !== null ? row.householdServing : (firstPortion?.label ?? null);
  const rounded = roundGrams(grams);
  return {
    servingG: rounded,
    servingLabel: textUpTo(label ? `${label} (${rounded} g)` : `${rounded} g`, SERVING_LABEL_MAX),
  };
}

/**
 * The portions as servings, in the source's order and words ("1 cup, diced", 132 g): at most ten,
 * each with words and a weight the contract takes (src/domain/servings.ts), a label only once.
 */
export function servingsOfPortions(portions: UsdaFoodRow['portions']): Serving[] {
  const servings: Serving[] = [];
  const labels = new Set<string>();
  for (const portion of portions) {
    const label = textUpTo(portion.label, SERVING_LABEL_LENGTH.max);
    const grams = portion.grams === null ? null : roundGrams(portion.grams);
    if (label === null || grams === null || !(grams > 0) || grams > MAX_SERVING_GRAMS) continue;
    const folded = label.toLocaleLowerCase('en');
    if (labels.has(folded)) continue;
    labels.add(folded);
    servings.push({ label, grams });
    if (servings.length === MAX_SERVINGS) break;
  }
  return servings;
}

export function readUsdaFood(row: UsdaFoodRow, languages: readonly Language[]): ReadProduct {
  const name = textUpTo(readable(row.description), NAME_MAX);
  if (!name) return { refused: 'no-name' };
  const value = (key: keyof typeof USDA_NUTRIENTS) => amount(row.nutrients[key] ?? undefined);
  const kcal = value('energy') ?? value('energySpecific') ?? value('energyGeneral');
  const protein = value('protein');
  const carbs = value('carbohydrate');
  const fat = value('fat');
  if (kcal === undefined || protein === undefined || carbs === undefined || fat === undefined) {
    return { refused: 'no-nutrition' };
  }
  const sodiumMg = value('sodium');
  const facts = {
    kcalPer100g: kcal,
    proteinPer100g: protein,
    carbsPer100g: carbs,
    fatPer100g: fat,
    fibrePer100g: value('fibre'),
    sugarsPer100g: value('sugars'),
    saturatedFatPer100g: value('saturatedFat'),
    saltPer100g: sodiumMg === undefined ? undefined : (sodiumMg * 2.5) / 1000,
    alcoholPer100g: value('alcohol'),
  };
  const reason = implausibility(facts);
  if (reason) return { refused: reason };
  const modified = row.modified ? new Date(`${row.modified.slice(0, 10)}T00:00:00Z`) : null;
  return {
    food: {
      source: 'usda',
      sourceId: String(row.fdcId),
      barcode: row.gtinUpc ? normalBarcode(row.gtinUpc) : null,
      name,
      names: languages.includes('en') ? { en: name } : {},
      brand: textUpTo(row.brandName || row.brandOwner, NAME_MAX),
      ...servingOf(row),
      servings: servingsOfPortions(row.portions),
      ...roundedFacts(facts),
      modifiedAt: modified && !Number.isNaN(modified.getTime()) ? modified : null,
    },
  };
}
