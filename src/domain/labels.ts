/**
 * Words the domain rules show, in the language of whoever reads them. The rules run in the browser
 * and on the server, so they translate through the environment-neutral `t` (src/i18n/messages.ts),
 * and only when a text is read: the language can change while the app runs, and the server
 * answers each request in its own language.
 */
import { languageOfMessages, t, type MessageId } from '../i18n/messages';

/**
 * A table of labels, each translated when it is read: `MUSCLE_LABELS.chest` is "Chest" in English
 * and "Brust" in German, whichever language is shown at the time.
 */
export function translatedTable<K extends string>(
  ids: Readonly<Record<K, MessageId>>,
): Readonly<Record<K, string>> {
  const table = {} as Record<K, string>;
  for (const key of Object.keys(ids) as K[]) {
    Object.defineProperty(table, key, { enumerable: true, get: () => t(ids[key]) });
  }
  return Object.freeze(table);
}

/** A list of texts, each translated when it is read (`map`, `join` and indexing read it). */
export function translatedList(ids: readonly MessageId[]): readonly string[] {
  const list: string[] = [];
  ids.forEach((id, index) => {
    Object.defineProperty(list, index, { enumerable: true, get: () => t(id) });
  });
  return Object.freeze(list);
}

const decimalFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number with exactly `digits` decimals in the language shown, without grouping: "82.4" in
 * English, "82,4" in German (as `toFixed` writes it, with the language's decimal sign).
 */
export function formatDecimal(value: number, digits: number): string {
  const locale = languageOfMessages();
  const key = `${locale}/${digits}`;
  let format = decimalFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: false,
    });
    decimalFormats.set(key, format);
  }
  // −0 reads as 0, as `toFixed` writes it.
  return format.format(value === 0 ? 0 : value);
}
