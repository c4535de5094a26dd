import { currentLanguage } from './index';

/** A number in the language shown: "1,520" in English, "1.520" in German. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(currentLanguage(), options).format(value);
}
