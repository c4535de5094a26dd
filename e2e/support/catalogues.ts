import { readCatalogue } from '../../build/catalogues';
import { LANGUAGES, type Language } from '../../src/domain/languages';

export type Catalogue = Readonly<Record<string, string>>;

/** Every message of `language`, all namespaces together. */
export const catalogueOf = (language: Language): Catalogue => readCatalogue(language);

/**
 * What `text` reads in `language`: every translation of a message whose English is `text` (one
 * English word can be two messages, a menu entry and a heading), as a pattern matching any of them.
 */
export function translationOf(text: string, language: Language): RegExp {
  const english = catalogueOf('en');
  const translated = catalogueOf(language);
  const found = Object.keys(english)
    .filter((id) => english[id] === text)
    .map((id) => translated[id] ?? text);
  if (found.length === 0) throw new Error(`No message reads "${text}".`);
  const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^(${[...new Set(found)].map(escape).join('|')})$`);
}

/** The language whose messages are longest all told: the one a layout must make room for. */
export function longestLanguage(): Language {
  const length = (language: Language) =>
    Object.values(catalogueOf(language)).reduce((sum, message) => sum + message.length, 0);
  return [...LANGUAGES].sort((a, b) => length(b) - length(a))[0] ?? 'en';
}

/**
 * English sentences a page must not show once it speaks `language`: messages without
 * placeholders, of two words or more, whose translation differs from the English.
 */
export function englishOnly(language: Language): Set<string> {
  const english = catalogueOf('en');
  const translated = catalogueOf(language);
  return new Set(
    Object.entries(english)
      .filter(
        ([id, message]) => !/[{<]/.test(message) && /\S\s+\S/.test(message) && translated[id] !== message,
      )
      .map(([, message]) => message.trim()),
  );
}
