import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/domain/languages';
import { NAMESPACES } from './messages';

const root = path.resolve(import.meta.dirname, '../..');
const localesDir = path.join(root, 'src/locales');

const catalogue = (language: string, namespace: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8')) as Record<
    string,
    string
  >;

/** The names of a message's placeholders and the element tags it holds, sorted. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (parts: unknown): void => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) {
      if (typeof part === 'string') {
        for (const tag of part.matchAll(/<\/?(\d+)\/?>/g)) names.add(`<${tag[1]}>`);
      } else if (Array.isArray(part)) {
        if (typeof part[0] === 'string') names.add(part[0]);
        const options: unknown = part[2];
        if (options && typeof options === 'object') for (const branch of Object.values(options)) walk(branch);
      }
    }
  };
  walk(compileMessage(message));
  return [...names].sort();
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(file);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('the catalogues', () => {
  it('are there for every language and namespace, and every id starts with its namespace', () => {
    for (const language of LANGUAGES) {
      expect(readdirSync(path.join(localesDir, language)).sort()).toEqual(
        NAMESPACES.map((namespace) => `${namespace}.json`).sort(),
      );
      for (const namespace of NAMESPACES) {
        for (const id of Object.keys(catalogue(language, namespace)))
          expect(id.startsWith(`${namespace}.`), id).toBe(true);
      }
    }
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    'hold every English message in %s, and nothing else, with the same placeholders',
    (language) => {
      for (const namespace of NAMESPACES) {
        const english = catalogue('en', namespace);
        const translated = catalogue(language, namespace);
        expect(Object.keys(translated).sort(), `${language}/${namespace}`).toEqual(
          Object.keys(english).sort(),
        );
        for (const [id, message] of Object.entries(translated)) {
          expect(message.trim(), `${language} ${id}`).not.toBe('');
          expect(argumentsOf(message), `${language} ${id}`).toEqual(argumentsOf(english[id] ?? ''));
        }
      }
    },
  );

  it('hold no English message that no code shows', () => {
    const sources = ['src', 'cloud', 'server']
      .flatMap((directory) => sourceFiles(path.join(root, directory)))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const unused = NAMESPACES.flatMap((namespace) => Object.keys(catalogue('en', namespace))).filter(
      (id) => !sources.includes(`'${id}'`) && !sources.includes(`"${id}"`),
    );
    expect(unused).toEqual([]);
  });

  it('write plurals that follow each language', () => {
    const plurals = NAMESPACES.flatMap((namespace) =>
      Object.entries(catalogue('en', namespace)).filter(([, message]) => /, plural,/.test(message)),
    );
    expect(plurals.length).toBeGreaterThan(0);
    for (const language of LANGUAGES) {
      const messages = Object.fromEntries(
        NAMESPACES.flatMap((namespace) => Object.entries(catalogue(language, namespace))),
      );
      const i18n = setupI18n({ locale: language, messages: { [language]: messages } });
      i18n.setMessagesCompiler(compileMessage);
      for (const [id, english] of plurals) {
        const names = argumentsOf(english);
        const values = Object.fromEntries(names.map((name) => [name, 1]));
        const one = i18n._(id, values);
        const many = i18n._(id, Object.fromEntries(names.map((name) => [name, 5])));
        expect(one, `${language} ${id}`).not.toBe(many);
        expect(many, `${language} ${id}`).toContain('5');
      }
    }
  });
});
