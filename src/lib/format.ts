import { formatNumber } from '@/i18n/numbers';

/** Whole kilocalories with the language's thousands separators, e.g. "1,520 kcal". */
export function formatKcal(kcal: number): string {
  return `${formatNumber(Math.round(kcal))} kcal`;
}

/** Grams to one decimal below 10 g, whole grams above, e.g. "8.1 g", "182 g". */
export function formatGrams(grams: number): string {
  const rounded = grams < 10 ? Math.round(grams * 10) / 10 : Math.round(grams);
  // The language's decimal mark ("8,1 g" in German), without thousands separators as before.
  return `${formatNumber(rounded, { useGrouping: false })} g`;
}

/** Minutes as people say them: "45 min", "2 h", "2 h 30 min". */
export function formatMinutes(minutes: number): string {
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const rest = whole % 60;
  return rest === 0 ? `${Math.floor(whole / 60)} h` : `${Math.floor(whole / 60)} h ${rest} min`;
}
