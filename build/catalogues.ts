import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../src/locales');

/** Every message of `language` as written (ICU), all namespaces together. */
export function readCatalogue(language: string): Record<string, string> {
  const directory = path.join(LOCALES_DIR, language);
  const messages: Record<string, string> = {};
  for (const file of readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    Object.assign(
      messages,
      JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as Record<string, string>,
    );
  }
  return messages;
}

const CATALOGUE = /[\\/]src[\\/]locales[\\/][a-z]{2}[\\/][a-z]+\.json$/;

/**
 * Compiles a catalogue's ICU messages at build time, so the browser gets ready-to-fill messages
 * and no message parser. The result is JSON again; Vite's JSON plugin makes it a module.
 */
export function compileCatalogue(
  source: string | Record<string, unknown>,
  file = 'catalogue',
): Record<string, unknown> {
  const messages = typeof source === 'string' ? (JSON.parse(source) as Record<string, unknown>) : source;
  const compiled: Record<string, unknown> = {};
  for (const [id, message] of Object.entries(messages)) {
    if (typeof message !== 'string') throw new Error(`${file}: ${id} is not a string.`);
    compiled[id] = compileMessage(message);
  }
  return compiled;
}

export function compiledCatalogues(): Plugin {
  return {
    name: 'fitstreak:catalogues',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOGUE.test(id.split('?')[0] ?? '')) return null;
      return { code: JSON.stringify(compileCatalogue(code, id)), map: null };
    },
  };
}
