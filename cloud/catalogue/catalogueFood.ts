import { foodRules } from '../../src/domain/contract';
import { checkFields } from '../../src/domain/fieldRules';

/** One row of the shared food catalogue, as foods.json stores it and the seeding writes it. */
export interface CatalogueFood {
  /** Stable across rebuilds: `ifct:<food code>` or `usda:<slug>`. */
  key: string;
  name: string;
  kcalPer100g: number;
  proteinPer100g: number;
  carbsPer100g: number;
  fatPer100g: number;
  servingG: number;
  servingLabel: string;
  /** Its name in German, French and Spanish (`name` is the English one). */
  names: CatalogueNames;
  /** The table the values come from; `sourceId` is the row's key in it. */
  source: 'ifct' | 'usda' | 'ciqual';
  sourceId: string;
  /** The reference the values come from, named per row. */
  reference: string;
}

export type CatalogueNames = Partial<Record<'en' | 'de' | 'fr' | 'es', string>>;

/** A source row the catalogue leaves out, and why. */
export interface SkippedFood {
  key: string;
  name: string;
  reason: string;
}

export const CATALOGUE_FIELDS = [
  'name',
  'kcalPer100g',
  'proteinPer100g',
  'carbsPer100g',
  'fatPer100g',
  'servingG',
  'servingLabel',
  'names',
  'source',
  'sourceId',
  'reference',
] as const satisfies readonly (keyof CatalogueFood)[];

/** Grams to 0.1 g, kilocalories to whole numbers: finer digits only pretend to a precision no table has. */
export function roundGrams(grams: number): number {
  return Math.round(grams * 10) / 10;
}

export function roundKcal(kcal: number): number {
  return Math.round(kcal);
}

/** The first of the contract's objections to a row (the same check the Food beforeSave makes), or null. */
export function foodRuleError(food: CatalogueFood): string | null {
  const [first] = checkFields(foodRules, { ...food });
  return first ? first.message : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const NAME_LANGUAGES = ['en', 'de', 'fr', 'es'] as const;

/** Names by language: only the app's languages, each a non-empty text. */
export function catalogueNames(value: unknown, index: number | string): CatalogueNames {
  if (value === undefined) return {};
  if (!isRecord(value)) throw new Error(`Catalogue row ${index} has names that are not an object.`);
  const names: CatalogueNames = {};
  for (const [language, name] of Object.entries(value)) {
    const known = NAME_LANGUAGES.find((candidate) => candidate === language);
    if (!known || typeof name !== 'string' || name.trim() === '' || name.length > 120) {
      throw new Error(`Catalogue row ${index} has a bad name in ${language}.`);
    }
    names[known] = name;
  }
  return names;
}

function catalogueSource(value: string, index: number): CatalogueFood['source'] {
  if (value === 'ifct' || value === 'usda' || value === 'ciqual') return value;
  throw new Error(`Catalogue row ${index} has the unknown source ${value}.`);
}

function catalogueFoodOf(value: unknown, index: number): CatalogueFood {
  if (!isRecord(value)) throw new Error(`Catalogue row ${index} is not an object.`);
  const text = (field: string): string => {
    const found = value[field];
    if (typeof found !== 'string') throw new Error(`Catalogue row ${index} has no text ${field}.`);
    return found;
  };
  const number = (field: string): number => {
    const found = value[field];
    if (typeof found !== 'number' || !Number.isFinite(found)) {
      throw new Error(`Catalogue row ${index} has no number ${field}.`);
    }
    return found;
  };
  return {
    key: text('key'),
    name: text('name'),
    kcalPer100g: number('kcalPer100g'),
    proteinPer100g: number('proteinPer100g'),
    carbsPer100g: number('carbsPer100g'),
    fatPer100g: number('fatPer100g'),
    servingG: number('servingG'),
    servingLabel: text('servingLabel'),
    names: catalogueNames(value.names, index),
    source: catalogueSource(text('source'), index),
    sourceId: text('sourceId'),
    reference: text('reference'),
  };
}

/** Reads foods.json's parsed content; a malformed file fails loudly instead of seeding half a catalogue. */
export function parseCatalogue(json: unknown): CatalogueFood[] {
  if (!Array.isArray(json)) throw new Error('The food catalogue must be a JSON array.');
  return json.map((value: unknown, index) => catalogueFoodOf(value, index));
}
