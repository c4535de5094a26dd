import { normalBarcode } from '../../src/domain/barcodes';
import { implausibility, type FoodFacts } from '../../src/domain/foodFacts';
import type { Language } from '../../src/domain/languages';
import { roundGrams } from './catalogueFood';
import {
  amount,
  NAME_MAX,
  SERVING_G_MAX,
  SERVING_LABEL_MAX,
  roundedFacts,
  textUpTo,
  type ImportedFood,
  type ReadProduct,
} from './importedFood';

/**
 * Products of Open Food Facts as its exports give them: one JSON object per line of
 * `openfoodfacts-products.jsonl` (the nightly export and the daily delta files), or one row of the
 * tab-separated CSV export, whose nutrient columns carry the same names as the JSON's `nutriments`.
 *
 * Values per 100 g come from the classic `nutriments` (`energy-kcal_100g`, else `energy_100g` in
 * kJ; `proteins_100g` …) or, where those are missing, from the newer
 * `nutrition.aggregated_set.nutrients.<id>.{value,unit}` with `per: "100g"` (schema 1003). Drinks
 * are given per 100 ml in both, which the catalogue takes as 100 g, as Open Food Facts does.
 */

const KJ_PER_KCAL = 4.184;
/** Density of ethyl alcohol, for the grams in 100 ml of a drink of a given % vol. */
const ALCOHOL_G_PER_ML = 0.789;

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Grams in a value of the given unit (g, mg, µg); undefined for any other unit. */
function inGrams(value: number, unit: unknown): number | undefined {
  switch (typeof unit === 'string' ? unit.toLowerCase() : 'g') {
    case 'g':
      return value;
    case 'mg':
      return value / 1000;
    case 'µg':
    case 'μg':
    case 'mcg':
      return value / 1e6;
    default:
      return undefined;
  }
}

/** Nutrient ids of Open Food Facts and the catalogue's field each fills. */
const NUTRIENTS = {
  proteins: 'proteinPer100g',
  carbohydrates: 'carbsPer100g',
  fat: 'fatPer100g',
  fiber: 'fibrePer100g',
  sugars: 'sugarsPer100g',
  'saturated-fat': 'saturatedFatPer100g',
  salt: 'saltPer100g',
} as const satisfies Record<string, keyof FoodFacts>;

type Found = Partial<Record<keyof FoodFacts, number>>;

function classicValues(nutriments: Json): Found {
  const found: Found = {};
  const kcal = amount(nutriments['energy-kcal_100g']);
  const kj = amount(nutriments.energy_100g);
  if (kcal !== undefined) found.kcalPer100g = kcal;
  else if (kj !== undefined) found.kcalPer100g = kj / KJ_PER_KCAL;
  for (const [id, field] of Object.entries(NUTRIENTS)) {
    const value = amount(nutriments[`${id}_100g`]);
    if (value !== undefined) found[field] = value;
  }
  const alcohol = amount(nutriments.alcohol_100g);
  if (alcohol !== undefined) found.alcoholPer100g = alcohol * ALCOHOL_G_PER_ML;
  return found;
}

function aggregatedValues(nutrition: unknown): Found {
  const set = isRecord(nutrition) ? nutrition.aggregated_set : undefined;
  if (!isRecord(set) || (set.per !== '100g' && set.per !== '100ml') || !isRecord(set.nutrients)) return {};
  const nutrients = set.nutrients;
  const value = (id: string) => {
    const entry = nutrients[id];
    return isRecord(entry) ? { value: amount(entry.value), unit: entry.unit } : undefined;
  };
  const found: Found = {};
  const kcal = value('energy-kcal');
  const energy = value('energy-kj') ?? value('energy');
  if (kcal?.value !== undefined && (kcal.unit === undefined || kcal.unit === 'kcal')) {
    found.kcalPer100g = kcal.value;
  } else if (energy?.value !== undefined && (energy.unit === undefined || energy.unit === 'kJ')) {
    found.kcalPer100g = energy.value / KJ_PER_KCAL;
  }
  for (const [id, field] of Object.entries(NUTRIENTS)) {
    const entry = value(id);
    const grams = entry?.value === undefined ? undefined : inGrams(entry.value, entry.unit);
    if (grams !== undefined) found[field] = grams;
  }
  const alcohol = value('alcohol');
  if (alcohol?.value !== undefined && alcohol.unit === '% vol') {
    found.alcoholPer100g = alcohol.value * ALCOHOL_G_PER_ML;
  }
  return found;
}

const CORE = ['kcalPer100g', 'proteinPer100g', 'carbsPer100g', 'fatPer100g'] as const;
const hasCore = (found: Found): found is Found & Pick<FoodFacts, (typeof CORE)[number]> =>
  CORE.every((field) => found[field] !== undefined);

/** The values per 100 g: the classic shape where it is whole, else the newer one. */
function factsOf(product: Json): FoodFacts | undefined {
  const classic = isRecord(product.nutriments) ? classicValues(product.nutriments) : {};
  if (hasCore(classic)) return classic;
  const aggregated = aggregatedValues(product.nutrition);
  return hasCore(aggregated) ? aggregated : undefined;
}

/** Names in the wanted languages: `product_name_<lc>`, and `product_name` under the product's `lang`. */
function namesOf(product: Json, languages: readonly Language[]): Partial<Record<Language, string>> {
  const names: Partial<Record<Language, string>> = {};
  const own = textUpTo(product.product_name, NAME_MAX);
  for (const language of languages) {
    const name =
      textUpTo(product[`product_name_${language}`], NAME_MAX) ?? (product.lang === language ? own : null);
    if (name) names[language] = name;
  }
  return names;
}

/** A serving in grams with its label, from `serving_quantity` (grams unless said otherwise) and `serving_size`. */
function servingOf(product: Json): { servingG: number | null; servingLabel: string | null } {
  const grams = amount(product.serving_quantity);
  const unit = product.serving_quantity_unit;
  if (
    grams === undefined ||
    grams < 1 ||
    grams > SERVING_G_MAX ||
    (unit !== undefined && unit !== 'g' && unit !== '')
  ) {
    return { servingG: null, servingLabel: null };
  }
  return { servingG: roundGrams(grams), servingLabel: textUpTo(product.serving_size, SERVING_LABEL_MAX) };
}

/** One product of an Open Food Facts export, checked, or the reason it is refused. */
export function readOffProduct(product: unknown, languages: readonly Language[]): ReadProduct {
  if (!isRecord(product)) return { refused: 'unreadable' };
  const code =
    typeof product.code === 'string' || typeof product.code === 'number' ? String(product.code) : '';
  const barcode = normalBarcode(code);
  if (barcode === null) return { refused: 'no-code' };
  const names = namesOf(product, languages);
  const name =
    textUpTo(product.product_name, NAME_MAX) ?? languages.map((language) => names[language]).find(Boolean);
  if (!name) return { refused: 'no-name' };
  const found = factsOf(product);
  if (!found) return { refused: 'no-nutrition' };
  const reason = implausibility(found);
  if (reason) return { refused: reason };
  const modified = amount(product.last_modified_t);
  const [brand] = typeof product.brands === 'string' ? product.brands.split(',') : [];
  const food: ImportedFood = {
    source: 'off',
    sourceId: barcode,
    barcode,
    name,
    names,
    brand: textUpTo(brand, NAME_MAX),
    ...servingOf(product),
    // The pack's serving only: Open Food Facts gives no further portions.
    servings: [],
    ...roundedFacts(found),
    modifiedAt: modified === undefined ? null : new Date(modified * 1000),
  };
  return { food };
}

/** Nutrient columns of the CSV export: the `nutriments` keys the reader looks at. */
const CSV_NUTRIMENT_COLUMNS = [
  'energy-kcal_100g',
  'energy_100g',
  'alcohol_100g',
  ...Object.keys(NUTRIENTS).map((id) => `${id}_100g`),
];

/** A row of the CSV export (column name → text) in the shape of a JSONL product. */
export function offCsvProduct(row: Readonly<Record<string, string | undefined>>): Json {
  const nutriments: Json = {};
  for (const column of CSV_NUTRIMENT_COLUMNS) {
    if (row[column] !== undefined && row[column] !== '') nutriments[column] = row[column];
  }
  return { ...row, nutriments };
}
