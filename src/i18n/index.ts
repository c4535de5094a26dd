import { setupI18n, type Messages as CompiledMessages } from '@lingui/core';
import type { Locale } from 'date-fns';
import { useMemo, useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, isLanguage, pickLanguage, type Language } from '@/domain/languages';
import { setDateLocale } from './dateLocale';
import {
  setTranslator,
  t,
  type MessageId,
  type MessageValues,
  type Namespace,
  type Translator,
} from './messages';

export { t, type MessageId, type MessageValues, type Namespace, type Translator };

/**
 * The browser's side of the app's languages. The language is chosen before the first paint (the
 * choice kept on this device, else the browser's), and each catalogue is a chunk of its own,
 * fetched when a page that shows it loads (src/app/router.tsx), in the language shown.
 */
export const i18n = setupI18n({ missing: (_locale, id) => onMissing(id) });
setTranslator((id, values) => i18n._(id, values), currentLanguage);

/** The person's choice on this device; absent means "like the browser". Mirrors Settings.language. */
export const LANGUAGE_STORAGE_KEY = 'fitstreak:language';

// Keyed "./de/settings.json"; the server's own sentences never reach the browser.
const catalogues = import.meta.glob<CompiledMessages>(['./*/*.json', '!./*/server.json'], {
  import: 'default',
  base: '../locales',
});

const DATE_LOCALES: Readonly<Record<Exclude<Language, 'en'>, () => Promise<Locale>>> = {
  de: () => import('date-fns/locale/de').then((module) => module.de),
  fr: () => import('date-fns/locale/fr').then((module) => module.fr),
  es: () => import('date-fns/locale/es').then((module) => module.es),
};

const loaded = new Map<string, Promise<void>>();
/** The namespaces the screen shows now (the routes matched); a change of language fetches these. */
let shownNamespaces: () => Iterable<Namespace> = () => [];

export function watchShownNamespaces(shown: () => Iterable<Namespace>): void {
  shownNamespaces = shown;
}

function loadCatalogue(language: Language, namespace: Namespace): Promise<void> {
  const key = `${language}/${namespace}`;
  let loading = loaded.get(key);
  if (!loading) {
    const load = catalogues[`./${key}.json`];
    if (!load) throw new Error(`No catalogue ${key}.`);
    loading = load().then(
      (messages) => i18n.load(language, messages),
      (error: unknown) => {
        loaded.delete(key);
        throw error;
      },
    );
    loaded.set(key, loading);
  }
  return loading;
}

/** Fetches the catalogues of `namespaces` in the language shown (a page's loader awaits this). */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  const language = currentLanguage();
  await Promise.all(namespaces.map((namespace) => loadCatalogue(language, namespace)));
}

// A message whose catalogue no page asked for yet: fetch it, and show it once it is there.
function onMissing(id: string): string {
  // The id's first part names its catalogue.
  const namespace = id.slice(0, id.indexOf('.')) as Namespace;
  const language = currentLanguage();
  if (`./${language}/${namespace}.json` in catalogues && !loaded.has(`${language}/${namespace}`)) {
    if (import.meta.env.DEV) console.warn(`Message ${id} shown before its catalogue was loaded.`);
    loadNamespaces([namespace]).catch(() => undefined);
    return '';
  }
  if (import.meta.env.DEV) console.warn(`No message ${id} in ${language}.`);
  return id;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

/** The language kept on this device, or undefined when it follows the browser. */
export function languageChoice(): Language | undefined {
  try {
    const kept = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(kept) ? kept : undefined;
  } catch {
    return undefined;
  }
}

const browserLanguage = (): Language => pickLanguage(navigator.languages ?? [navigator.language]);

/**
 * Shows the app in `language`: fetches every catalogue asked for so far (and the date names) in
 * it, then switches at once, so no page shows half of each.
 */
export async function showLanguage(language: Language): Promise<void> {
  const [locale] = await Promise.all([
    language === 'en' ? undefined : DATE_LOCALES[language](),
    ...[...new Set(shownNamespaces())].map((namespace) => loadCatalogue(language, namespace)),
  ]);
  setDateLocale(locale);
  document.documentElement.lang = language;
  i18n.activate(language);
}

/** Keeps `choice` on this device (undefined: like the browser) and shows it. */
export function chooseLanguage(choice: Language | undefined): Promise<void> {
  try {
    if (choice) window.localStorage.setItem(LANGUAGE_STORAGE_KEY, choice);
    else window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Shown for this page only: a blocked storage must not stop the change.
  }
  return showLanguage(choice ?? browserLanguage());
}

/**
 * Before the first paint: the language kept on this device, else the browser's. When its
 * catalogue cannot be fetched, the language is set all the same and its messages arrive later.
 */
export async function startLanguage(): Promise<void> {
  const language = languageChoice() ?? browserLanguage();
  await showLanguage(language).catch(() => {
    document.documentElement.lang = language;
    i18n.activate(language);
  });
}

// Counts changes of language and of loaded catalogues, so components re-render after each.
let version = 0;
i18n.on('change', () => {
  version += 1;
});
const watchMessages = (changed: () => void) => i18n.on('change', changed);
const messagesVersion = () => version;

/** `t`, re-rendering the component when the language changes or a catalogue arrives. */
export function useT(): Translator {
  const current = useSyncExternalStore(watchMessages, messagesVersion, messagesVersion);
  // A new function after each change, so memoised values that use it are computed again.
  return useMemo<Translator>(() => {
    void current;
    return (id, values) => i18n._(id, values);
  }, [current]);
}
