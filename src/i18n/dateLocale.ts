import type { Locale } from 'date-fns';

// The date-fns locale of the language shown (undefined: English). Apart from src/i18n/dates.ts so
// that setting it at start does not bring date-fns into the first paint.
let current: Locale | undefined;

export function setDateLocale(locale: Locale | undefined): void {
  current = locale;
}

/** The date-fns locale of the language shown (undefined for English), for date-fns helpers. */
export function dateFnsLocale(): Locale | undefined {
  return current;
}
