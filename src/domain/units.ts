/** Units are converted only at the edges (input and display); stored values are metric. */
import { formatDecimal } from './labels';

export type Units = 'metric' | 'imperial';

export const KM_PER_MILE = 1.609344;

export function distanceUnitLabel(units: Units): 'km' | 'mi' {
  return units === 'imperial' ? 'mi' : 'km';
}

/** A distance in km shown in the person's unit. */
export function kmToDisplay(km: number, units: Units): number {
  return units === 'imperial' ? km / KM_PER_MILE : km;
}

/** A distance typed in the person's unit, stored in km. */
export function displayToKm(value: number, units: Units): number {
  return units === 'imperial' ? value * KM_PER_MILE : value;
}

export const CM_PER_INCH = 2.54;

/** The unit body measurements (waist, neck…) are shown and typed in. */
export function girthUnitLabel(units: Units): 'cm' | 'in' {
  return units === 'imperial' ? 'in' : 'cm';
}

/** A body measurement stored in centimetres, shown in the person's unit. */
export function cmToDisplay(cm: number, units: Units): number {
  return units === 'imperial' ? cm / CM_PER_INCH : cm;
}

/** A body measurement typed in the person's unit, stored in centimetres. */
export function displayToCm(value: number, units: Units): number {
  return units === 'imperial' ? value * CM_PER_INCH : value;
}

export const KG_PER_LB = 0.45359237;
export const LB_PER_STONE = 14;

/** How a person reads and types weights: kilograms, pounds, or stones and pounds. */
export type WeightUnit = 'kg' | 'lb' | 'st';

/** The weight unit a person chose, else the one their units imply. */
export function weightUnitFor(units: Units, chosen?: WeightUnit): WeightUnit {
  return chosen ?? (units === 'imperial' ? 'lb' : 'kg');
}

export function kgToLb(kg: number): number {
  return kg / KG_PER_LB;
}

export function lbToKg(lb: number): number {
  return lb * KG_PER_LB;
}

/** Whole stones and the pounds left over, the pounds to one decimal. */
export function kgToStoneLb(kg: number): { stone: number; lb: number } {
  const totalLb = Math.round(kgToLb(kg) * 10) / 10;
  const stone = Math.floor(totalLb / LB_PER_STONE);
  return { stone, lb: Math.round((totalLb - stone * LB_PER_STONE) * 10) / 10 };
}

export function stoneLbToKg(stone: number, lb: number): number {
  return lbToKg(stone * LB_PER_STONE + lb);
}

/**
 * A weight for display in the person's unit, e.g. "82.4 kg", "181.7 lb", "12 st 13.7 lb", with
 * the decimal sign of the language shown ("82,4 kg" in German).
 */
export function formatWeight(kg: number, unit: WeightUnit): string {
  if (unit === 'kg') return `${formatDecimal(kg, 1)} kg`;
  if (unit === 'lb') return `${formatDecimal(kgToLb(kg), 1)} lb`;
  const { stone, lb } = kgToStoneLb(kg);
  return `${stone} st ${formatDecimal(lb, 1)} lb`;
}

/** A weight difference (e.g. per week) in kg or lb; stones are not used for small amounts. */
export function formatWeightChange(kg: number, unit: WeightUnit): string {
  const value = unit === 'kg' ? kg : kgToLb(kg);
  const sign = value > 0 ? '+' : value < 0 ? '−' : '±';
  return `${sign}${formatDecimal(Math.abs(value), unit === 'kg' ? 2 : 1)} ${unit === 'kg' ? 'kg' : 'lb'}`;
}
