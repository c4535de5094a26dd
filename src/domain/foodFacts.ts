import { KCAL_PER_G, type Per100g } from './nutrition';

/**
 * What a food database says per 100 g, and the checks a product must pass before it joins the
 * catalogue. Crowd-sourced data holds typos (kJ typed as kcal, a serving's values as 100 g's, a
 * comma lost): such a product would put a wrong number into every meal logged from it, so it is
 * refused and counted by reason rather than corrected by guessing.
 */
export interface FoodFacts extends Per100g {
  fibrePer100g?: number;
  sugarsPer100g?: number;
  saturatedFatPer100g?: number;
  saltPer100g?: number;
  /** Grams of ethyl alcohol: not stored, but part of a drink's energy. */
  alcoholPer100g?: number;
}

/** Energy per gram of fibre (EU labelling) and of ethyl alcohol. */
const KCAL_PER_G_FIBRE = 2;
const KCAL_PER_G_ALCOHOL = 7;
/** The most energy 100 g of anything holds (pure fat). */
export const MAX_KCAL_PER_100G = 900;

export const IMPLAUSIBLE_REASONS = [
  'macro-over-100',
  'saturated-fat-over-fat',
  'sugars-over-carbohydrates',
  'macros-over-105',
  'energy-over-900',
  'energy-mismatch',
] as const;
export type ImplausibleReason = (typeof IMPLAUSIBLE_REASONS)[number];

/** Energy from the macros (4/4/9 kcal per g), fibre (2) and alcohol (7). */
export function energyFromMacros(facts: FoodFacts): number {
  return (
    facts.proteinPer100g * KCAL_PER_G.protein +
    facts.carbsPer100g * KCAL_PER_G.carbs +
    facts.fatPer100g * KCAL_PER_G.fat +
    (facts.fibrePer100g ?? 0) * KCAL_PER_G_FIBRE +
    (facts.alcoholPer100g ?? 0) * KCAL_PER_G_ALCOHOL
  );
}

/**
 * The first reason the values cannot describe 100 g of a real food, or null. The energy check
 * allows 30 % + 5 kcal either way (labels round, and polyols and organic acids carry energy too)
 * and leaves foods of at most 13 kcal alone, where rounding is all there is.
 */
export function implausibility(facts: FoodFacts): ImplausibleReason | null {
  const { proteinPer100g: protein, carbsPer100g: carbs, fatPer100g: fat } = facts;
  const grams = [protein, carbs, fat, facts.fibrePer100g, facts.sugarsPer100g, facts.saturatedFatPer100g];
  if (grams.some((value) => value !== undefined && value > 100) || (facts.saltPer100g ?? 0) > 100) {
    return 'macro-over-100';
  }
  if ((facts.saturatedFatPer100g ?? 0) > fat) return 'saturated-fat-over-fat';
  if ((facts.sugarsPer100g ?? 0) > carbs) return 'sugars-over-carbohydrates';
  if (protein + carbs + fat > 105) return 'macros-over-105';
  if (facts.kcalPer100g > MAX_KCAL_PER_100G) return 'energy-over-900';
  const computed = energyFromMacros(facts);
  if (
    Math.max(facts.kcalPer100g, computed) > 13 &&
    Math.abs(facts.kcalPer100g - computed) > 0.3 * computed + 5
  ) {
    return 'energy-mismatch';
  }
  return null;
}

/** Where a catalogue food comes from: a shipped table, an imported database, or a person. */
export const FOOD_SOURCES = ['ifct', 'usda', 'ciqual', 'off', 'user'] as const;
export type FoodSource = (typeof FOOD_SOURCES)[number];

export const isFoodSource = (value: unknown): value is FoodSource =>
  (FOOD_SOURCES as readonly unknown[]).includes(value);

/** What the licence of a food's source asks to be shown beside it. */
export interface Attribution {
  /** The credit line, in the source's own words. */
  credit: string;
  licence: string;
  /** The product's page at the source, where it has one. */
  url?: string;
}

/**
 * Open Food Facts is under the Open Database License: each product is credited to its
 * contributors with a link to its page. USDA FoodData Central (public domain), the French CIQUAL
 * table (Licence Ouverte) and the Indian Food Composition Tables are named as the source of their
 * values.
 */
export function attributionOf(source: FoodSource, sourceId: string): Attribution | null {
  switch (source) {
    case 'off':
      return {
        credit: '© Open Food Facts contributors',
        licence: 'ODbL 1.0',
        url: `https://world.openfoodfacts.org/product/${encodeURIComponent(sourceId)}`,
      };
    case 'usda':
      return {
        credit: 'USDA FoodData Central',
        licence: 'CC0 1.0',
        ...(/^\d+$/.test(sourceId)
          ? { url: `https://fdc.nal.usda.gov/food-details/${sourceId}/nutrients` }
          : {}),
      };
    case 'ifct':
      return { credit: 'Indian Food Composition Tables 2017, NIN', licence: 'Cited with the table' };
    case 'ciqual':
      return { credit: 'ANSES-CIQUAL 2020', licence: 'Licence Ouverte 2.0' };
    case 'user':
      return null;
  }
}
