import { describe, expect, it } from 'vitest';
import { acceptedLanguages, pickLanguage } from './languages';

describe('the language to speak', () => {
  it('is the first the app speaks among those preferred, by primary subtag, else English', () => {
    expect(pickLanguage(['de-AT', 'en'])).toBe('de');
    expect(pickLanguage(['ja', 'FR-ca'])).toBe('fr');
    expect(pickLanguage(['es_MX'])).toBe('es');
    expect(pickLanguage(['ja', 'zh'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });

  it('reads an Accept-Language header by quality, ignoring wildcards, q=0 and nonsense', () => {
    expect(acceptedLanguages('fr;q=0.5, de-CH, de;q=0.9, *;q=0.1')).toEqual(['de-CH', 'de', 'fr']);
    expect(acceptedLanguages('es;q=0, en')).toEqual(['en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages(',,;q=1')).toEqual([]);
    expect(pickLanguage(acceptedLanguages('ja, es-ES;q=0.8'))).toBe('es');
  });
});
