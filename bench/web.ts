// `npm run bench:web`: builds the SPA, checks the gzip size of every chunk against the budgets,
// then scores /login and the six signed-in pages with Lighthouse (mobile profile, median of three runs
// each) in the system Chromium.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { chromiumLaunchOptions } from '../e2e/support/browser';
import { PAGES } from '../e2e/pages/AppShell';
import { DEMO_USERNAME, seedDemo } from '../server/demo/demo';
import { ROOT } from '../server/test/serverProcess';
import { logInThroughPage, withBenchServer } from './support';

const run = promisify(execFile);
const KB = 1024;
const BUDGETS = { entryKb: 120, idleKb: 150, pageKb: 30, performance: 0.95, accessibility: 1 };
/** Library chunks shared by several pages, measured as part of the shell or on their own. */
const SHARED = /^(parse|charts)-/;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
/** The six signed-in pages, from the list the browser tests walk through. */
const SIGNED_IN_PAGES = PAGES.map((page) => page.path);
const RUNS = 3;

interface Scores {
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  /** Largest contentful paint, total blocking time (ms) and cumulative layout shift: what moves the score. */
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
}

interface Chunk {
  name: string;
  gzip: number;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const verdict = (pass: boolean) => (pass ? 'pass' : 'OVER');

async function chunkSizes(): Promise<{ chunks: Chunk[]; entryGzip: number }> {
  if (!process.argv.includes('--no-build')) await run('npx', ['vite', 'build'], { cwd: ROOT });
  const { stdout } = await run(process.execPath, ['scripts/report-sizes.mjs', '--json'], { cwd: ROOT });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { chunks: Chunk[]; entryGzip: number };
}

/** Which built chunks hold chart.js: only the chart chunk may. */
async function chunksWithChartJs(names: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const name of names.filter((candidate) => candidate.endsWith('.js'))) {
    const text = await readFile(path.join(ROOT, 'dist', 'assets', name), 'utf8');
    if (text.includes('datasetElementType')) found.push(name);
  }
  return found;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const { chunks, entryGzip } = await chunkSizes();
const html = await readFile(path.join(ROOT, 'dist', 'index.html'), 'utf8');
const entryNames = new Set([...html.matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)].map((match) => match[1]));
const parseChunk = chunks.find((chunk) => chunk.name.startsWith('parse-'));
const pages = chunks.filter(
  (chunk) => chunk.name.endsWith('.js') && !entryNames.has(chunk.name) && !SHARED.test(chunk.name),
);
const largestPage = pages.reduce(
  (largest, chunk) => (chunk.gzip > largest.gzip ? chunk : largest),
  pages[0] ?? { name: '-', gzip: 0 },
);
const withCharts = await chunksWithChartJs(chunks.map((chunk) => chunk.name));
/** What the installable app adds: the worker, Workbox's runtime, its registration, the manifest. */
const workerFiles = (await readdir(path.join(ROOT, 'dist'))).filter((name) =>
  /^(sw|workbox-[\w-]+|registerSW)\.js$|^manifest\.webmanifest$/.test(name),
);
const workerGzip = (
  await Promise.all(
    workerFiles.map(async (name) => gzipSync(await readFile(path.join(ROOT, 'dist', name))).length),
  )
).reduce((sum, size) => sum + size, 0);

console.log('\n| chunk budget | measured | budget | verdict |');
console.log('|---|---|---|---|');
console.log(
  `| JavaScript and CSS before the first paint of /login | ${kb(entryGzip)} | ${BUDGETS.entryKb} KB | ${verdict(entryGzip <= BUDGETS.entryKb * KB)} |`,
);
console.log(
  `| the Parse SDK, fetched at the first touch or key on a public page, at once on a signed-in one | ${kb(parseChunk?.gzip ?? 0)} | – | – |`,
);
console.log(
  `| largest other chunk (${largestPage.name}) | ${kb(largestPage.gzip)} | ${BUDGETS.pageKb} KB | ${verdict(largestPage.gzip <= BUDGETS.pageKb * KB)} |`,
);
console.log(
  `| service worker, Workbox, registration and manifest (${workerFiles.length} files, loaded after the first paint) | ${kb(workerGzip)} | – | – |`,
);
console.log(
  `| chunks holding chart.js | ${withCharts.join(', ') || 'none'} | the chart chunk only | ${verdict(withCharts.every((name) => name.startsWith('charts-')))} |`,
);

/**
 * The JavaScript a visitor's browser fetches for /login until the page is idle, without touching it:
 * bytes on the wire (gzip), the service worker kept out (it precaches the rest afterwards).
 */
async function javascriptBeforeIdle(loginUrl: string): Promise<number> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const page = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
    const sizes: Promise<number>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script')
        sizes.push(request.sizes().then((size) => size.responseBodySize));
    });
    await page.goto(loginUrl, { waitUntil: 'networkidle' });
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    await page.waitForLoadState('networkidle');
    return (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  } finally {
    await browser.close();
  }
}

/** Chromium's reasons why the app could not be installed; empty when it can. */
let installable: string[] = [];
const scores = await withBenchServer('bench-web', async ({ server }) => {
  // The app's own origin (PUBLIC_URL): the page's API calls are refused from any other.
  const { baseUrl } = server;
  const beforeIdle = await javascriptBeforeIdle(`${baseUrl}/login`);
  console.log(
    `| JavaScript /login fetches before it is idle (Chromium, gzip on the wire) | ${kb(beforeIdle)} | ${BUDGETS.idleKb} KB | ${verdict(beforeIdle <= BUDGETS.idleKb * KB)} |`,
  );
  if (process.argv.includes('--no-lighthouse')) return [];
  // The demo person: three months of workouts, meals and weigh-ins, two friends and chat messages,
  // so every page is measured with the data a real account shows.
  const demo = await seedDemo({ baseUrl, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  const port = await freePort();
  const profile = await mkdtemp(path.join(os.tmpdir(), 'fitstreak-lighthouse-'));
  const options = chromiumLaunchOptions();
  // The persistent context is the browser's default one, which Lighthouse's tabs share: signed in
  // here, signed in there.
  const context = await chromium.launchPersistentContext(profile, {
    ...options,
    args: [...(options.args ?? []), `--remote-debugging-port=${port}`],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const audit = async (url: string): Promise<Scores> => {
      const result = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        disableStorageReset: true,
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}.`);
      const { audits, categories, finalDisplayedUrl } = result.lhr;
      if (new URL(finalDisplayedUrl).pathname !== new URL(url).pathname) {
        throw new Error(`Lighthouse measured ${finalDisplayedUrl} instead of ${url}.`);
      }
      const score = (id: (typeof CATEGORIES)[number]) => categories[id]?.score ?? null;
      return {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? null,
        tbtMs: audits['total-blocking-time']?.numericValue ?? null,
        cls: audits['cumulative-layout-shift']?.numericValue ?? null,
      };
    };
    /** Lighthouse's scores vary from run to run: each page is audited RUNS times, the median kept. */
    const auditMedian = async (url: string): Promise<Scores> => {
      const runs: Scores[] = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await audit(url));
      const median = (key: keyof Scores) => {
        const values = runs.map((scores) => scores[key] ?? 0).sort((a, b) => a - b);
        return values[Math.floor(values.length / 2)] ?? null;
      };
      return {
        performance: median('performance'),
        accessibility: median('accessibility'),
        bestPractices: median('bestPractices'),
        lcpMs: median('lcpMs'),
        tbtMs: median('tbtMs'),
        cls: median('cls'),
      };
    };
    const login = await auditMedian(`${baseUrl}/login`);
    await page.goto(`${baseUrl}/login`);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    installable = installabilityErrors.map((error) => error.errorId);
    await logInThroughPage(page, { username: DEMO_USERNAME, password: demo.password }, `${baseUrl}/login`);
    await page.waitForURL(`${baseUrl}/`);
    const rows = [{ page: '/login', ...login }];
    // `--page /user-settings` audits only that signed-in page (and /login).
    const only = process.argv[process.argv.indexOf('--page') + 1];
    for (const pathname of SIGNED_IN_PAGES.filter(
      (candidate) => !process.argv.includes('--page') || candidate === only,
    )) {
      rows.push({ page: `${pathname} (signed in)`, ...(await auditMedian(`${baseUrl}${pathname}`)) });
    }
    return rows;
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

const round = (value: number | null, digits = 0) => (value === null ? '–' : value.toFixed(digits));
console.log(
  '\n| Lighthouse, mobile | performance | accessibility | best practices | LCP ms | TBT ms | CLS |',
);
console.log('|---|---|---|---|---|---|---|');
for (const row of scores) {
  console.log(
    `| ${row.page} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${round(row.lcpMs)} | ${round(row.tbtMs)} | ${round(row.cls, 3)} |`,
  );
}
const belowBudget = scores.filter(
  (row) => (row.performance ?? 0) < BUDGETS.performance || (row.accessibility ?? 0) < BUDGETS.accessibility,
);
console.log(
  `\nBudget performance ≥ ${BUDGETS.performance} and accessibility ${BUDGETS.accessibility} on every page (median of ${RUNS}): ${belowBudget.length === 0 ? 'pass' : `OVER on ${belowBudget.map((row) => row.page).join(', ')}`}.`,
);
console.log(
  `Installable (Chromium's installability check): ${installable.length === 0 ? 'yes' : `no — ${installable.join(', ')}`}.`,
);
