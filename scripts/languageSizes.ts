// What the languages cost, from the last build (dist/): the JavaScript before /login paints with the
// i18n runtime, and for each language and page the catalogues (and date-fns month and day names) a
// change of language fetches there. Run `npm run bench:languages`, which builds first.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PAGE_MESSAGES } from '../src/app/pageMessages';
import { LANGUAGES, type Language } from '../src/domain/languages';
import type { Namespace } from '../src/i18n/messages';

const BUDGET_ENTRY_KB = 120;
const BUDGET_SWITCH_KB = 15;

const dist = path.resolve('dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }
>;
const gzip = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const fileOf = (source: string): string => {
  const chunk = manifest[source];
  if (!chunk) throw new Error(`${source} is not in the build's manifest.`);
  return chunk.file;
};

// What index.html loads: the entry, the chunks it imports, and their CSS.
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entryFiles = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
  (match) => match[1] ?? '',
);
const entry = entryFiles.reduce((sum, file) => sum + gzip(file), 0);

const catalogue = (language: Language, namespace: Namespace) =>
  gzip(fileOf(`src/locales/${language}/${namespace}.json`));
const dateNames = (language: Language) =>
  language === 'en' ? 0 : gzip(fileOf(`node_modules/date-fns/locale/${language}.js`));

const signedIn = {
  '/': PAGE_MESSAGES.dashboard,
  '/nutrition-log': PAGE_MESSAGES.nutritionLog,
  '/weight-tracking': PAGE_MESSAGES.weightTracking,
  '/friends-ranking': PAGE_MESSAGES.friendsRanking,
  '/exercises-chat': PAGE_MESSAGES.exercisesChat,
  '/user-settings': PAGE_MESSAGES.userSettings,
};
const pages: Record<string, readonly Namespace[]> = {
  '/login': [...PAGE_MESSAGES.root, ...PAGE_MESSAGES.login],
  '/signup': [...PAGE_MESSAGES.root, ...PAGE_MESSAGES.signup],
  ...Object.fromEntries(
    Object.entries(signedIn).map(([page, own]) => [
      page,
      [...PAGE_MESSAGES.root, ...PAGE_MESSAGES.app, ...own],
    ]),
  ),
};

const loginMessages = pages['/login'] ?? [];
console.log(
  `\nBefore /login paints: ${kb(entry)} KB gzip of JavaScript and CSS from index.html (budget ${BUDGET_ENTRY_KB} KB), ` +
    `the i18n runtime included; the English messages of /login (${loginMessages.join(', ')}, ` +
    `${kb(loginMessages.reduce((sum, namespace) => sum + catalogue('en', namespace), 0))} KB) come beside its route's chunk.`,
);

console.log(`\nA change of language on each page fetches (KB gzip, budget ${BUDGET_SWITCH_KB} KB):\n`);
console.log(['| language', ...Object.keys(pages), ''].join(' | '));
console.log(['|---', ...Object.keys(pages).map(() => '---:'), ''].join('|'));
let worst = 0;
for (const language of LANGUAGES) {
  const cells = Object.values(pages).map((namespaces) => {
    const bytes =
      [...new Set(namespaces)].reduce((sum, namespace) => sum + catalogue(language, namespace), 0) +
      dateNames(language);
    worst = Math.max(worst, bytes);
    return kb(bytes);
  });
  console.log(['| ' + language, ...cells, ''].join(' | '));
}
console.log(
  `\nLargest: ${kb(worst)} KB (${worst <= BUDGET_SWITCH_KB * 1024 ? 'within' : 'over'} the budget); ` +
    `before /login paints: ${entry <= BUDGET_ENTRY_KB * 1024 ? 'within' : 'over'} the budget.\n`,
);
