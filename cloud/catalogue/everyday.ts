import {
  catalogueNames,
  roundGrams,
  roundKcal,
  type CatalogueFood,
  type CatalogueNames,
} from './catalogueFood';

/**
 * Everyday foods of the four kitchens the app speaks for (bread rolls, croissants, tortillas,
 * quark, cold cuts, drinks …), each with its values from a public composition table, named per
 * row: USDA's Standard Reference (release 28, which became SR Legacy) and FNDDS 2017–2018, and
 * ANSES-CIQUAL 2020. everydayFoods.json holds them with where each value was read (`evidence`),
 * and a note where a serving is not the table's own (`servingNote`).
 */
export interface EverydayFood {
  slug: string;
  name: string;
  names: CatalogueNames;
  table: 'USDA SR Legacy' | 'USDA FNDDS' | 'CIQUAL 2020';
  tableId: string;
  /** The table's own description, word for word. */
  description: string;
  per100g: { kcal: number; protein: number; carbs: number; fat: number; alcohol?: number };
  serving: { grams: number; label: string };
}

const TABLES = {
  'USDA SR Legacy': {
    source: 'usda',
    id: (id: string) => `sr28-${id}`,
    reference: (id: string) =>
      `USDA National Nutrient Database for Standard Reference, release 28 (NDB ${id})`,
  },
  'USDA FNDDS': {
    source: 'usda',
    id: (id: string) => `fndds-${id}`,
    reference: (id: string) => `USDA FNDDS 2017–2018 (food code ${id})`,
  },
  'CIQUAL 2020': {
    source: 'ciqual',
    id: (id: string) => id,
    reference: (id: string) => `ANSES-CIQUAL 2020 (alim_code ${id})`,
  },
} as const;

function isTable(value: unknown): value is EverydayFood['table'] {
  return typeof value === 'string' && value in TABLES;
}

/** Reads everydayFoods.json's parsed content; a malformed row fails loudly. */
export function parseEverydayFoods(json: unknown): EverydayFood[] {
  if (!Array.isArray(json)) throw new Error('The everyday foods must be a JSON array.');
  return json.map((value: unknown, index) => {
    const row = value as Partial<EverydayFood> | null;
    const numbers = row?.per100g;
    if (
      typeof row?.slug !== 'string' ||
      typeof row.name !== 'string' ||
      !isTable(row.table) ||
      typeof row.tableId !== 'string' ||
      typeof row.description !== 'string' ||
      !numbers ||
      ![numbers.kcal, numbers.protein, numbers.carbs, numbers.fat].every(Number.isFinite) ||
      typeof row.serving?.grams !== 'number' ||
      typeof row.serving.label !== 'string'
    ) {
      throw new Error(`Everyday food ${index} lacks a field or has a wrong one.`);
    }
    return { ...(row as EverydayFood), names: catalogueNames(row.names, row.slug) };
  });
}

export function everydayCatalogue(
  foods: readonly EverydayFood[],
): (CatalogueFood & { alcoholPer100g: number })[] {
  return foods.map((food) => {
    const table = TABLES[food.table];
    const sourceId = table.id(food.tableId);
    return {
      key: `${table.source}:${sourceId}`,
      name: food.name,
      kcalPer100g: roundKcal(food.per100g.kcal),
      proteinPer100g: roundGrams(food.per100g.protein),
      carbsPer100g: roundGrams(food.per100g.carbs),
      fatPer100g: roundGrams(food.per100g.fat),
      servingG: food.serving.grams,
      servingLabel: food.serving.label,
      names: food.names,
      source: table.source,
      sourceId,
      reference: `${table.reference(food.tableId)}: ${food.description}`,
      alcoholPer100g: food.per100g.alcohol ?? 0,
    };
  });
}
