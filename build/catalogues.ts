import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const CATALOGUE = /[\\/]src[\\/]locales[\\/][a-z]{2}[\\/][a-z]+\.json$/;

/**
 * Compiles a catalogue's ICU messages at build time, so the browser gets ready-to-fill messages
 * and no message parser. The result is JSON again; Vite's JSON plugin makes it a module.
 */
export function compileCatalogue(source: string, file = 'catalogue'): Record<string, unknown> {
  const messages = JSON.parse(source) as Record<string, unknown>;
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
