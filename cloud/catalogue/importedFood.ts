import type { Language } from '../../src/domain/languages';
import type { FoodFacts, ImplausibleReason } from '../../src/domain/foodFacts';
import type { Serving } from '../../src/domain/nutrition';
import { roundGrams, roundKcal } from './catalogueFood';

/** A product read from a food database's export, checked and ready to store as a catalogue row. */
export interface ImportedFood extends FoodFacts {
  source: 'off' | 'usda';
  /** The source's own key: the product's code at Open Food Facts, the FDC id at USDA. */
  sourceId: string;
  /** The normal form of its barcode (src/domain/barcodes.ts), when it has one. */
  barcode: string | null;
  /** Its name in its own language. */
  name: string;
  /** Its name in each of the app's languages that the source gives. */
  names: Partial<Record<Language, string>>;
  brand: string | null;
  servingG: number | null;
  servingLabel: string | null;
  /** Further servings: the source's portions (USDA), none where it gives only a pack's serving. */
  servings: Serving[];
  /** When the source last changed it: an older copy never replaces a newer one. */
  modifiedAt: Date | null;
}

/** Why a product of an export is not imported, counted in the import's summary. */
export type RefusalReason = 'unreadable' | 'no-code' | 'no-name' | 'no-nutrition' | ImplausibleReason;

export type ReadProduct = { food: ImportedFood } | { refused: RefusalReason };

/** The catalogue key of an imported food: unique across the catalogue, stable across imports. */
export const catalogueKeyOf = (food: Pick<ImportedFood, 'source' | 'sourceId'>): string =>
  `${food.source}:${food.sourceId}`;

export const NAME_MAX = 120;
export const SERVING_LABEL_MAX = 80;
export const SERVING_G_MAX = 5000;

/** Text cut to `max` characters at a word's end where one is near, trimmed; null when empty. */
export function textUpTo(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(/\s+/g, ' ').trim();
  if (text.length === 0) return null;
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max * 0.6 ? cut.slice(0, space) : cut).trim();
}

/** A finite, non-negative number from a number or a numeric string, else undefined. */
export function amount(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? number : undefined;
}

/**
 * Values per 100 g as the catalogue stores them: kilocalories whole, grams to 0.1, salt to 0.01
 * (labels give it so, and a tenth would round most foods' salt away); the optional ones only
 * where the source gives them. Alcohol counts for the checks and is not stored.
 */
export function roundedFacts(facts: FoodFacts): FoodFacts {
  const rounded: FoodFacts = {
    kcalPer100g: roundKcal(facts.kcalPer100g),
    proteinPer100g: roundGrams(facts.proteinPer100g),
    carbsPer100g: roundGrams(facts.carbsPer100g),
    fatPer100g: roundGrams(facts.fatPer100g),
  };
  if (facts.fibrePer100g !== undefined) rounded.fibrePer100g = roundGrams(facts.fibrePer100g);
  if (facts.sugarsPer100g !== undefined) rounded.sugarsPer100g = roundGrams(facts.sugarsPer100g);
  if (facts.saturatedFatPer100g !== undefined)
    rounded.saturatedFatPer100g = roundGrams(facts.saturatedFatPer100g);
  if (facts.saltPer100g !== undefined) rounded.saltPer100g = Math.round(facts.saltPer100g * 100) / 100;
  return rounded;
}
