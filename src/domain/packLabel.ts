import type { Per100g } from './nutrition';

/** Energy and macros as a pack prints them for one serving. */
export interface PerServing {
  kcal: number;
  proteinG: number;
  carbsG: number;
  fatG: number;
}

/**
 * Values printed per serving as the per-100 g values a food keeps: energy to the whole kcal and
 * grams to one decimal, as labels print them, so the conversion adds no false precision. Null when
 * the serving's weight cannot scale anything (zero, negative or not a number).
 */
export function per100gFromServing(perServing: PerServing, servingG: number): Per100g | null {
  if (!Number.isFinite(servingG) || servingG <= 0) return null;
  const scale = 100 / servingG;
  const grams = (value: number) => Math.round(value * scale * 10) / 10;
  return {
    kcalPer100g: Math.round(perServing.kcal * scale),
    proteinPer100g: grams(perServing.proteinG),
    carbsPer100g: grams(perServing.carbsG),
    fatPer100g: grams(perServing.fatG),
  };
}
