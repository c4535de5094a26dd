import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import type { Writable } from 'node:stream';
import { mulberry32 } from '../demo/seededRandom';

/**
 * Open Food Facts exports made here, in the exact shapes the project publishes: JSON lines as in
 * `openfoodfacts-products.jsonl(.gz)` and the tab-separated CSV export (`en.openfoodfacts.org.products.csv`).
 * Deterministic for a seed, any size, written as a stream (a million products in constant memory).
 * Small in tests, large in benchmarks.
 */

/** An EAN-13 (or EAN-8) with its check digit, for the first 12 (or 7) digits given. */
export function withCheckDigit(digits: string): string {
  const sum = [...digits]
    .reverse()
    .reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

type Names = { en: string; de: string; fr: string; es: string };
interface BaseFood {
  names: Names;
  kcal: number;
  protein: number;
  carbs: number;
  fat: number;
  fibre: number;
  sugars: number;
  saturated: number;
  salt: number;
  serving: [number, string];
}

const food = (
  names: Names,
  [kcal, protein, carbs, fat, fibre, sugars, saturated, salt]: number[],
  serving: [number, string],
): BaseFood => ({
  names,
  kcal: kcal ?? 0,
  protein: protein ?? 0,
  carbs: carbs ?? 0,
  fat: fat ?? 0,
  fibre: fibre ?? 0,
  sugars: sugars ?? 0,
  saturated: saturated ?? 0,
  salt: salt ?? 0,
  serving,
});

/** Everyday packaged foods, with label values typical of their kind. */
const BASE_FOODS: readonly BaseFood[] = [
  food(
    { en: 'Rolled oats', de: 'Haferflocken', fr: "Flocons d'avoine", es: 'Copos de avena' },
    [372, 13.5, 58.7, 7, 10, 0.7, 1.3, 0.02],
    [40, '40 g'],
  ),
  food(
    { en: 'Whole milk', de: 'Vollmilch', fr: 'Lait entier', es: 'Leche entera' },
    [64, 3.4, 4.8, 3.5, 0, 4.8, 2.3, 0.1],
    [250, '1 glass (250 ml)'],
  ),
  food(
    { en: 'Greek yogurt', de: 'Griechischer Joghurt', fr: 'Yaourt à la grecque', es: 'Yogur griego' },
    [97, 9, 4, 5, 0, 4, 3.2, 0.1],
    [150, '1 pot (150 g)'],
  ),
  food(
    { en: 'Crème fraîche', de: 'Crème fraîche', fr: 'Crème fraîche', es: 'Crème fraîche' },
    [292, 2.4, 2.8, 30, 0, 2.8, 20, 0.1],
    [30, '2 tbsp (30 g)'],
  ),
  food(
    { en: 'Sourdough bread', de: 'Sauerteigbrot', fr: 'Pain au levain', es: 'Pan de masa madre' },
    [240, 8.5, 46, 1.5, 4, 1.5, 0.3, 1.2],
    [50, '1 slice (50 g)'],
  ),
  food(
    {
      en: 'Hazelnut cocoa spread',
      de: 'Nuss-Nougat-Creme',
      fr: 'Pâte à tartiner noisettes',
      es: 'Crema de cacao y avellanas',
    },
    [539, 6.3, 57.5, 30.9, 3.4, 56.3, 10.6, 0.11],
    [15, '1 tbsp (15 g)'],
  ),
  food(
    { en: 'Cheddar cheese', de: 'Cheddar-Käse', fr: 'Fromage cheddar', es: 'Queso cheddar' },
    [410, 25, 0.1, 34, 0, 0.1, 21, 1.8],
    [30, '1 slice (30 g)'],
  ),
  food(
    { en: 'Cured ham', de: 'Schinken', fr: 'Jambon sec', es: 'Jamón serrano' },
    [241, 30, 0.5, 13, 0, 0.5, 4.5, 5.2],
    [30, '2 slices (30 g)'],
  ),
  food(
    {
      en: 'Butter croissant',
      de: 'Buttercroissant',
      fr: 'Croissant au beurre',
      es: 'Cruasán de mantequilla',
    },
    [406, 8.2, 45.8, 21, 2.6, 11.3, 12, 0.9],
    [60, '1 croissant (60 g)'],
  ),
  food(
    { en: 'Granola', de: 'Knuspermüsli', fr: 'Granola', es: 'Granola' },
    [471, 10, 64, 18, 7, 20, 4, 0.3],
    [45, '45 g'],
  ),
  food(
    { en: 'Quark', de: 'Magerquark', fr: 'Fromage blanc', es: 'Queso quark' },
    [67, 12, 4, 0.2, 0, 4, 0.1, 0.1],
    [125, '1/2 pot (125 g)'],
  ),
  food(
    { en: 'Orange juice', de: 'Orangensaft', fr: "Jus d'orange", es: 'Zumo de naranja' },
    [45, 0.7, 10.4, 0.2, 0.2, 8.4, 0, 0],
    [200, '1 glass (200 ml)'],
  ),
  food(
    { en: 'Pizza margherita', de: 'Pizza Margherita', fr: 'Pizza margherita', es: 'Pizza margarita' },
    [243, 10, 31, 8.4, 2, 3.5, 4, 1.2],
    [175, '1/2 pizza (175 g)'],
  ),
  food(
    { en: 'Wheat tortillas', de: 'Weizentortillas', fr: 'Tortillas de blé', es: 'Tortillas de trigo' },
    [310, 8.5, 52, 7, 2.8, 2.7, 2.8, 1.3],
    [40, '1 tortilla (40 g)'],
  ),
  food(
    { en: 'Chicken breast', de: 'Hähnchenbrust', fr: 'Blanc de poulet', es: 'Pechuga de pollo' },
    [108, 23.5, 0.5, 1.5, 0, 0.5, 0.5, 1.6],
    [100, '100 g'],
  ),
  food(
    { en: 'Dark chocolate', de: 'Zartbitterschokolade', fr: 'Chocolat noir', es: 'Chocolate negro' },
    [567, 7.8, 33, 42, 11, 24, 25, 0.02],
    [20, '2 squares (20 g)'],
  ),
  food(
    { en: 'Penne pasta', de: 'Penne Nudeln', fr: 'Pâtes penne', es: 'Macarrones penne' },
    [357, 12.5, 71, 1.5, 3, 3.5, 0.3, 0.01],
    [80, '80 g'],
  ),
  food(
    { en: 'Olive oil', de: 'Olivenöl', fr: "Huile d'olive", es: 'Aceite de oliva' },
    [824, 0, 0, 91.6, 0, 0, 14, 0],
    [10, '1 tbsp (10 ml)'],
  ),
  food(
    { en: 'Cola', de: 'Cola', fr: 'Cola', es: 'Refresco de cola' },
    [42, 0, 10.6, 0, 0, 10.6, 0, 0],
    [330, '1 can (330 ml)'],
  ),
  food(
    { en: 'Hummus', de: 'Hummus', fr: 'Houmous', es: 'Hummus' },
    [229, 7.4, 10, 16, 6, 0.5, 1.6, 1.2],
    [30, '2 tbsp (30 g)'],
  ),
];

const BRANDS = [
  'Alpenhof',
  'Bonne Maison',
  'Sol de Oro',
  'Green Valley',
  'Mühlengold',
  'La Fermière',
  'Casa Nostra',
  'Northfield',
];
const VARIETIES: Names[] = [
  { en: 'organic', de: 'Bio', fr: 'bio', es: 'ecológico' },
  { en: 'classic', de: 'klassisch', fr: 'classique', es: 'clásico' },
  { en: 'light', de: 'leicht', fr: 'allégé', es: 'ligero' },
  { en: 'family pack', de: 'Familienpackung', fr: 'format familial', es: 'formato familiar' },
];
/** The languages products are entered in, with their share: English, French and German most. */
const PRODUCT_LANGUAGES = ['en', 'en', 'fr', 'fr', 'de', 'de', 'es', 'it'] as const;
/** The first code of generated products: an in-store range nobody else uses. */
const CODE_BASE = 200_000_000_000;
/** 2026-01-01, the modification time of generation 0. */
const MODIFIED_BASE_S = 1_767_225_600;

export interface OffExportOptions {
  /** How many products. */
  count: number;
  seed?: number;
  /** The index of the first product (a later part of the same catalogue). */
  first?: number;
  /** A later export of the same products: each modified this many seconds later (values alike). */
  modifiedLater?: number;
  /** One product in this many is refused by the plausibility rules (kJ typed as kcal); 0 for none. */
  implausibleEvery?: number;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The products of an export, one object per product as a JSON line holds it. */
export function* offProducts(options: OffExportOptions): Generator<Record<string, unknown>> {
  const { count, seed = 1, first = 0, modifiedLater = 0, implausibleEvery = 0 } = options;
  for (let index = first; index < first + count; index += 1) {
    const random = mulberry32(seed * 1_000_003 + index);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const base = pick(BASE_FOODS);
    const variety = pick(VARIETIES);
    const brand = pick(BRANDS);
    const lang = pick(PRODUCT_LANGUAGES);
    const nameIn = (language: keyof Names) => `${base.names[language]} ${variety[language]}`;
    const ownName = lang === 'it' ? `${base.names.en} ${variety.en}` : nameIn(lang);
    const code =
      // One in 25 has a short EAN-8, as small packs do.
      index % 25 === 0
        ? withCheckDigit(String(2_000_000 + index / 25))
        : withCheckDigit(String(CODE_BASE + index));
    const scale = 0.95 + random() * 0.1;
    const kcal =
      implausibleEvery > 0 && index % implausibleEvery === 0
        ? Math.round(base.kcal * scale * 4.184)
        : Math.round(base.kcal * scale);
    const values = {
      kcal,
      proteins: round1(base.protein * scale),
      carbohydrates: round1(base.carbs * scale),
      fat: round1(base.fat * scale),
      fiber: round1(base.fibre * scale),
      sugars: round1(base.sugars * scale),
      'saturated-fat': round1(base.saturated * scale),
      salt: round1(base.salt * scale),
    };
    const modified = MODIFIED_BASE_S + index + modifiedLater;
    const product: Record<string, unknown> = {
      _id: code,
      code,
      lang,
      lc: lang,
      product_name: ownName,
      ...(lang !== 'it' ? { [`product_name_${lang}`]: ownName } : {}),
      // Many products carry a second language's name, as contributors add them.
      ...(random() < 0.4 ? { product_name_en: nameIn('en') } : {}),
      ...(random() < 0.3 ? { product_name_de: nameIn('de') } : {}),
      brands: `${brand}, ${brand} Group`,
      brands_tags: [brand.toLowerCase().replace(/\W+/g, '-')],
      quantity: '500 g',
      serving_size: base.serving[1],
      serving_quantity: base.serving[0],
      categories_tags: ['en:foods', `en:${base.names.en.toLowerCase().replace(/\W+/g, '-')}`],
      countries_tags: [pick(['en:france', 'en:germany', 'en:spain', 'en:united-states'])],
      ingredients_text: `${base.names[lang === 'it' ? 'en' : lang]}, ${variety.en}`,
      nutriscore_grade: pick(['a', 'b', 'c', 'd', 'e']),
      states_tags: ['en:nutrition-facts-completed', 'en:product-name-completed'],
      created_t: modified - 86_400 * 400,
      last_modified_t: modified,
      last_modified_by: 'contributor',
      rev: 3,
      schema_version: 1003,
      image_front_url: `https://images.openfoodfacts.org/images/products/${code}/front_${lang}.3.400.jpg`,
    };
    // A fifth of the products carry only the newer nutrition shape (schema 1003).
    if (index % 5 === 4) {
      const nutrients: Record<string, { value: number; unit: string }> = {
        'energy-kcal': { value: values.kcal, unit: 'kcal' },
        energy: { value: Math.round(values.kcal * 4.184), unit: 'kJ' },
      };
      for (const id of ['proteins', 'carbohydrates', 'fat', 'fiber', 'sugars', 'saturated-fat'] as const) {
        nutrients[id] = { value: values[id], unit: 'g' };
      }
      nutrients.salt = { value: Math.round(values.salt * 1000), unit: 'mg' };
      product.nutrition = { aggregated_set: { per: '100g', preparation: 'as_sold', nutrients } };
    } else {
      const nutriments: Record<string, number | string> = {
        'energy-kcal_100g': values.kcal,
        energy_100g: Math.round(values.kcal * 4.184),
        energy_unit: 'kcal',
      };
      for (const id of [
        'proteins',
        'carbohydrates',
        'fat',
        'fiber',
        'sugars',
        'saturated-fat',
        'salt',
      ] as const) {
        nutriments[`${id}_100g`] = values[id];
        nutriments[`${id}_unit`] = 'g';
      }
      product.nutriments = nutriments;
    }
    yield product;
  }
}

async function writeLines(file: string, lines: Iterable<string>): Promise<void> {
  const out = createWriteStream(file);
  const target: Writable = file.endsWith('.gz') ? createGzip({ level: 1 }) : out;
  if (target !== out) target.pipe(out);
  for (const line of lines) {
    if (!target.write(line)) await once(target, 'drain');
  }
  target.end();
  await once(out, 'close');
}

/** Writes `products` as `openfoodfacts-products.jsonl` does (gzip-compressed when the name ends in .gz). */
export async function writeOffJsonl(
  file: string,
  products: Iterable<Record<string, unknown>>,
): Promise<void> {
  await writeLines(
    file,
    (function* () {
      for (const product of products) yield `${JSON.stringify(product)}\n`;
    })(),
  );
}

/** The CSV export's columns the products fill, in the export's order (it has about 200). */
export const OFF_CSV_COLUMNS = [
  'code',
  'url',
  'creator',
  'created_t',
  'created_datetime',
  'last_modified_t',
  'last_modified_datetime',
  'last_modified_by',
  'last_updated_t',
  'last_updated_datetime',
  'product_name',
  'abbreviated_product_name',
  'generic_name',
  'quantity',
  'packaging',
  'packaging_tags',
  'packaging_en',
  'packaging_text',
  'brands',
  'brands_tags',
  'brands_en',
  'categories',
  'categories_tags',
  'categories_en',
  'origins',
  'origins_tags',
  'origins_en',
  'manufacturing_places',
  'manufacturing_places_tags',
  'labels',
  'labels_tags',
  'labels_en',
  'emb_codes',
  'emb_codes_tags',
  'first_packaging_code_geo',
  'cities',
  'cities_tags',
  'purchase_places',
  'stores',
  'countries',
  'countries_tags',
  'countries_en',
  'ingredients_text',
  'ingredients_tags',
  'ingredients_analysis_tags',
  'allergens',
  'allergens_en',
  'traces',
  'traces_tags',
  'traces_en',
  'serving_size',
  'serving_quantity',
  'no_nutrition_data',
  'additives_n',
  'additives',
  'additives_tags',
  'additives_en',
  'nutriscore_score',
  'nutriscore_grade',
  'nova_group',
  'pnns_groups_1',
  'pnns_groups_2',
  'food_groups',
  'food_groups_tags',
  'food_groups_en',
  'states',
  'states_tags',
  'states_en',
  'brand_owner',
  'environmental_score_score',
  'environmental_score_grade',
  'nutrient_levels_tags',
  'product_quantity',
  'owner',
  'data_quality_errors_tags',
  'unique_scans_n',
  'popularity_tags',
  'completeness',
  'last_image_t',
  'last_image_datetime',
  'main_category',
  'main_category_en',
  'image_url',
  'image_small_url',
  'image_ingredients_url',
  'image_ingredients_small_url',
  'image_nutrition_url',
  'image_nutrition_small_url',
  'energy-kj_100g',
  'energy-kcal_100g',
  'energy_100g',
  'energy-from-fat_100g',
  'fat_100g',
  'saturated-fat_100g',
  'monounsaturated-fat_100g',
  'polyunsaturated-fat_100g',
  'trans-fat_100g',
  'cholesterol_100g',
  'carbohydrates_100g',
  'sugars_100g',
  'added-sugars_100g',
  'starch_100g',
  'polyols_100g',
  'fiber_100g',
  'soluble-fiber_100g',
  'insoluble-fiber_100g',
  'proteins_100g',
  'salt_100g',
  'added-salt_100g',
  'sodium_100g',
  'alcohol_100g',
  'vitamin-a_100g',
  'vitamin-d_100g',
  'vitamin-c_100g',
  'potassium_100g',
  'calcium_100g',
  'iron_100g',
  'caffeine_100g',
  'fruits-vegetables-nuts-estimate-from-ingredients_100g',
  'nutrition-score-fr_100g',
] as const;

/** A value as the CSV export writes it: tabs and line breaks cannot occur inside a field. */
function csvField(value: unknown): string {
  const text =
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : Array.isArray(value)
        ? value.join(',')
        : '';
  return text.replace(/[\t\r\n]+/g, ' ');
}

/** One product as a row of the CSV export: the `nutriments` flattened into their columns. */
export function offCsvRow(product: Record<string, unknown>): string[] {
  const nutriments = (product.nutriments ?? {}) as Record<string, unknown>;
  const nutrition = product.nutrition as
    { aggregated_set: { nutrients: Record<string, { value: number; unit: string }> } } | undefined;
  const aggregated = nutrition?.aggregated_set.nutrients ?? {};
  const fromAggregated = (id: string) => {
    const entry = aggregated[id];
    if (!entry) return undefined;
    return entry.unit === 'mg' ? entry.value / 1000 : entry.value;
  };
  const modified = Number(product.last_modified_t);
  const row: Record<string, unknown> = {
    ...product,
    url: `http://world-en.openfoodfacts.org/product/${String(product.code)}`,
    creator: 'contributor',
    created_datetime: new Date(Number(product.created_t) * 1000).toISOString().replace('.000', ''),
    last_modified_datetime: new Date(modified * 1000).toISOString().replace('.000', ''),
    last_updated_t: modified,
    last_updated_datetime: new Date(modified * 1000).toISOString().replace('.000', ''),
  };
  for (const column of OFF_CSV_COLUMNS) {
    if (!column.endsWith('_100g')) continue;
    const id = column.slice(0, -'_100g'.length);
    row[column] = nutriments[column] ?? fromAggregated(id === 'energy' ? 'energy' : id);
  }
  return OFF_CSV_COLUMNS.map((column) => csvField(row[column]));
}

/** Writes `products` as the CSV export does: a header line, then one tab-separated line each. */
export async function writeOffCsv(file: string, products: Iterable<Record<string, unknown>>): Promise<void> {
  await writeLines(
    file,
    (function* () {
      yield `${OFF_CSV_COLUMNS.join('\t')}\n`;
      for (const product of products) yield `${offCsvRow(product).join('\t')}\n`;
    })(),
  );
}

/** One food of a FoodData Central download, before it is spread over the download's files. */
export interface UsdaFood {
  fdcId: number;
  dataType: 'foundation_food' | 'sr_legacy_food' | 'survey_fndds_food' | 'branded_food';
  description: string;
  publicationDate: string;
  /** Amount per 100 g by nutrient id (1008 kcal, 1003 protein, 1004 fat, 1005 carbohydrate …). */
  nutrients: Record<number, number>;
  branded?: {
    brandOwner: string;
    brandName: string;
    gtinUpc: string;
    servingSize: number;
    servingSizeUnit: string;
    household: string;
    modifiedDate: string;
  };
  /** Its rows of food_portion.csv, in `seq_num` order. */
  portions?: UsdaPortion[];
}

/**
 * One row of food_portion.csv as each data type writes it: SR Legacy a measure in `modifier`
 * ("cup, diced") with the unit undetermined (9999), Foundation a unit of measure_unit.csv, FNDDS
 * the words in `portion_description` ("1 cup") and a code in `modifier`.
 */
export interface UsdaPortion {
  amount: number;
  measureUnitId: number;
  portionDescription?: string;
  modifier: string;
  grams: number;
}

/** measure_unit.csv's units the generated foods use, by id. */
const USDA_UNITS: Readonly<Record<string, number>> = { cup: 1000, tbsp: 1001, oz: 1038, slice: 1043 };

/** Each kind's household measures and their grams, as SR Legacy words them. */
const USDA_MEASURES: readonly (readonly [string, number])[][] = [
  [
    ['cup, diced', 132],
    ['cup, shredded', 113],
    ['oz', 28.35],
    ['slice (1 oz)', 28],
  ],
  [
    ['cup', 81],
    ['tbsp', 5.1],
  ],
  [
    ['container (6 oz)', 170],
    ['cup', 245],
  ],
  [
    ['slice', 32],
    ['oz', 28.35],
  ],
  [
    ['medium (3" dia)', 182],
    ['cup, sliced', 109],
    ['large (3-1/4" dia)', 223],
  ],
];

/** A kind's measures as food_portion.csv rows of a data type. */
function portionsOf(
  dataType: UsdaFood['dataType'],
  measures: readonly (readonly [string, number])[],
): UsdaPortion[] {
  return measures.map(([words, grams], index) => {
    if (dataType === 'survey_fndds_food') {
      return {
        amount: 1,
        measureUnitId: 9999,
        portionDescription: `1 ${words}`,
        modifier: String(10205 + index),
        grams,
      };
    }
    const [unit = '', ...rest] = words.split(/[ ,]+/);
    if (dataType === 'foundation_food' && USDA_UNITS[unit] !== undefined) {
      return { amount: 1, measureUnitId: USDA_UNITS[unit], modifier: rest.join(' '), grams };
    }
    return { amount: 1, measureUnitId: 9999, modifier: words, grams };
  });
}

const USDA_DESCRIPTIONS = [
  ['Cheese, cheddar', 'CHEDDAR CHEESE'],
  ['Oats, rolled, dry', 'ROLLED OATS'],
  ['Yogurt, Greek, plain, nonfat', 'GREEK NONFAT YOGURT'],
  ['Bread, whole-wheat, commercially prepared', 'WHOLE WHEAT BREAD'],
  ['Apples, raw, with skin', 'APPLE CHIPS'],
] as const;
const USDA_VALUES: readonly Record<number, number>[] = [
  { 1008: 403, 1003: 22.9, 1004: 33.3, 1005: 3.37, 1079: 0, 2000: 0.26, 1258: 19, 1093: 653 },
  { 1008: 379, 1003: 13.2, 1004: 6.52, 1005: 67.7, 1079: 10.1, 2000: 0.99, 1258: 1.11, 1093: 6 },
  { 1008: 59, 1003: 10.2, 1004: 0.39, 1005: 3.6, 1079: 0, 2000: 3.24, 1258: 0.12, 1093: 36 },
  { 1008: 252, 1003: 12.4, 1004: 3.5, 1005: 42.7, 1079: 6, 2000: 4.41, 1258: 0.72, 1093: 455 },
  { 1008: 52, 1003: 0.26, 1004: 0.17, 1005: 13.8, 1079: 2.4, 2000: 10.4, 1258: 0.03, 1093: 1 },
];
const USDA_TYPES = [
  'sr_legacy_food',
  'branded_food',
  'branded_food',
  'foundation_food',
  'survey_fndds_food',
] as const;

/** Foods of a FoodData Central download, deterministic for a seed: most branded, as in the full download. */
export function* usdaFoods({ count, first = 0 }: { count: number; first?: number }): Generator<UsdaFood> {
  for (let index = first; index < first + count; index += 1) {
    const kind = index % USDA_DESCRIPTIONS.length;
    const [legacyName, brandedName] = USDA_DESCRIPTIONS[kind] ?? USDA_DESCRIPTIONS[0];
    const dataType = USDA_TYPES[index % USDA_TYPES.length] ?? 'branded_food';
    const values = { ...(USDA_VALUES[kind] ?? {}) };
    // Foundation foods give energy by Atwater factors (2047, 2048) rather than as 1008.
    if (dataType === 'foundation_food') {
      values[2047] = values[1008] ?? 0;
      delete values[1008];
    }
    const fdcId = 1_000_000 + index;
    yield {
      fdcId,
      dataType,
      description: dataType === 'branded_food' ? `${brandedName} ${index}` : `${legacyName} ${index}`,
      publicationDate: '2024-10-31',
      nutrients: values,
      ...(dataType === 'branded_food'
        ? {
            branded: {
              brandOwner: 'Prairie Foods Inc.',
              brandName: 'PRAIRIE',
              gtinUpc: withCheckDigit(String(40_000_000_000 + index)).slice(-12),
              servingSize: 40,
              servingSizeUnit: 'g',
              household: '1 cup',
              modifiedDate: '2024-09-01',
            },
          }
        : { portions: portionsOf(dataType, USDA_MEASURES[kind] ?? []) }),
    };
  }
}

const quote = (value: string | number | undefined) =>
  value === undefined ? '""' : `"${String(value).replace(/"/g, '""')}"`;
const csvLine = (values: readonly (string | number | undefined)[]) => `${values.map(quote).join(',')}\n`;

/**
 * Writes `foods` as FoodData Central's CSV download does (every value quoted, a header line): food.csv,
 * food_nutrient.csv, branded_food.csv, food_portion.csv and measure_unit.csv in `folder`.
 */
export async function writeUsdaCsv(folder: string, foods: () => Iterable<UsdaFood>): Promise<void> {
  await writeLines(
    `${folder}/food.csv`,
    (function* () {
      yield csvLine([
        'fdc_id',
        'data_type',
        'description',
        'food_category_id',
        'publication_date',
        'market_country',
        'trade_channel',
        'microbe_data',
      ]);
      for (const food of foods())
        yield csvLine([food.fdcId, food.dataType, food.description, '', food.publicationDate, '', '', '']);
    })(),
  );
  await writeLines(
    `${folder}/food_nutrient.csv`,
    (function* () {
      yield csvLine([
        'id',
        'fdc_id',
        'nutrient_id',
        'amount',
        'data_points',
        'derivation_id',
        'min',
        'max',
        'median',
        'loq',
        'footnote',
        'min_year_acquired',
        'percent_daily_value',
      ]);
      let id = 1;
      for (const food of foods()) {
        // Nutrients the catalogue does not keep sit beside those it does (calcium, vitamin C).
        for (const [nutrient, amount] of [
          ...Object.entries(food.nutrients),
          ['1087', '120'],
          ['1162', '0'],
        ]) {
          yield csvLine([id++, food.fdcId, nutrient, amount, '', '', '', '', '', '', '', '', '']);
        }
      }
    })(),
  );
  await writeLines(
    `${folder}/branded_food.csv`,
    (function* () {
      yield csvLine([
        'fdc_id',
        'brand_owner',
        'brand_name',
        'subbrand_name',
        'gtin_upc',
        'ingredients',
        'not_a_significant_source_of',
        'serving_size',
        'serving_size_unit',
        'household_serving_fulltext',
        'branded_food_category',
        'data_source',
        'package_weight',
        'modified_date',
        'available_date',
        'market_country',
        'discontinued_date',
        'preparation_state_code',
        'trade_channel',
        'short_description',
        'material_code',
      ]);
      for (const food of foods()) {
        const branded = food.branded;
        if (!branded) continue;
        yield csvLine([
          food.fdcId,
          branded.brandOwner,
          branded.brandName,
          '',
          branded.gtinUpc,
          'INGREDIENTS',
          '',
          branded.servingSize,
          branded.servingSizeUnit,
          branded.household,
          'Snacks',
          'LI',
          '',
          branded.modifiedDate,
          branded.modifiedDate,
          'United States',
          '',
          '',
          '',
          '',
          '',
        ]);
      }
    })(),
  );
  await writeLines(
    `${folder}/food_portion.csv`,
    (function* () {
      yield csvLine([
        'id',
        'fdc_id',
        'seq_num',
        'amount',
        'measure_unit_id',
        'portion_description',
        'modifier',
        'gram_weight',
        'data_points',
        'footnote',
        'min_year_acquired',
      ]);
      let id = 1;
      for (const food of foods()) {
        for (const [index, portion] of (food.portions ?? []).entries()) {
          // Amounts and weights written as the download writes them: "1.0", "132.0".
          yield csvLine([
            id++,
            food.fdcId,
            index + 1,
            portion.amount.toFixed(1),
            portion.measureUnitId,
            portion.portionDescription ?? '',
            portion.modifier,
            Number.isInteger(portion.grams) ? portion.grams.toFixed(1) : portion.grams,
            '',
            '',
            '',
          ]);
        }
      }
    })(),
  );
  await writeLines(
    `${folder}/measure_unit.csv`,
    (function* () {
      yield csvLine(['id', 'name']);
      for (const [name, id] of Object.entries(USDA_UNITS)) yield csvLine([id, name]);
      yield csvLine([9999, 'undetermined']);
    })(),
  );
}
