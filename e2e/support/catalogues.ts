import { readCatalogue } from '../../build/catalogues';
import { LANGUAGES, type Language } from '../../src/domain/languages';

export type Catalogue = Readonly<Record<string, string>>;

/** Every message of `language`, all namespaces together. */
export const catalogueOf = (language: Language): Catalogue => readCatalogue(language);

/** The message in `language` whose English is `text` (the first namespace holding it). */
export function translationOf(text: string, language: Language): string {
  const english = catalogueOf('en');
  const id = Object.keys(english).find((key) => english[key] === text);
  if (!id) throw new Error(`No message reads "${text}".`);
  return catalogueOf(language)[id] ?? text;
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
