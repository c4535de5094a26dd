// The food database at size: imports generated Open Food Facts exports (server/test/foodExports.ts,
// the published JSON-lines format) of 5 000, then 1 million, then 3 million products into one
// server in production mode with `npm run foods:import`, as an operator would, and after each step
// times searchFoods over a fixed list of queries in the four languages, foodByBarcode, and the
// cheapest Parse round trip beside them. Also: the import's rate and peak memory, the catalogue's
// size on disk per million products, and the search while an import runs.
// `npm run bench:foods [-- --quick]` (quick: 5 000, 100 000 and 300 000 products).
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { offProducts, writeOffJsonl } from '../server/test/foodExports';
import { databaseUri, ROOT } from '../server/test/serverProcess';
import {
  baseline,
  cloudFunction,
  machine,
  markdownTable,
  measure,
  mib,
  ms,
  percentile,
  processStats,
  type Session,
  statsOf,
  withBenchServer,
  writeResults,
} from './support';

const quick = process.argv.includes('--quick');
const SIZES = quick ? [5_000, 100_000, 300_000] : [5_000, 1_000_000, 3_000_000];
const CALLS_PER_QUERY = quick ? 10 : 20;
const WARM_UP = 10;
const BUDGET_P95_MS = 50;

/** What people type, from a first word to a whole name, in each language; a few find nothing. */
const QUERIES: Record<string, string[]> = {
  en: ['oats', 'greek yog', 'milk', 'chicken breast', 'dark choc', 'o', 'zzz'],
  de: ['hafer', 'vollmilch', 'käse', 'schinken', 'nuss nougat', 'orangensaft'],
  fr: ['creme fraiche', 'lait', 'pain levain', 'jambon', 'flocons avoine', 'houmous'],
  es: ['queso', 'leche', 'jamon', 'zumo naranja', 'pechuga pollo', 'copos'],
};

interface ImportRun {
  products: number;
  seconds: number;
  rate: number;
  peakRssBytes: number;
  output: string;
}

/** `npm run foods:import -- <file>` in its own process on the server's data directory, its peak memory polled. */
async function runImport(dataDir: string, file: string): Promise<ImportRun> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/foods-import.ts', file], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let peakRssBytes = 0;
  const poll = setInterval(() => {
    if (child.pid) {
      processStats(child.pid)
        .then(({ rssBytes }) => (peakRssBytes = Math.max(peakRssBytes, rssBytes)))
        .catch(() => undefined);
    }
  }, 250);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(poll);
  if (code !== 0) throw new Error(`The import failed (${code}):\n${output}`);
  const seconds = (performance.now() - started) / 1000;
  const products = Number(/([\d,]+) products read/.exec(output)?.[1]?.replace(/,/g, '') ?? 0);
  return { products, seconds, rate: products / seconds, peakRssBytes, output };
}

async function generate(file: string, first: number, count: number): Promise<number> {
  const started = performance.now();
  await writeOffJsonl(file, offProducts({ count, first, implausibleEvery: 50 }));
  return (performance.now() - started) / 1000;
}

function searchCalls(session: Session) {
  return Object.entries(QUERIES).flatMap(([language, queries]) =>
    queries.map((query) => ({
      language,
      query,
      call: cloudFunction(session, 'searchFoods', { query, language }, Array.isArray),
    })),
  );
}

async function searchTimes(
  session: Session,
): Promise<{ all: number[]; byLanguage: Record<string, number[]> }> {
  const byLanguage: Record<string, number[]> = {};
  const all: number[] = [];
  for (const { language, query, call } of searchCalls(session)) {
    const { times } = await measure(`${language} ${query}`, call, { warmUp: 2, calls: CALLS_PER_QUERY });
    (byLanguage[language] ??= []).push(...times);
    all.push(...times);
  }
  return { all, byLanguage };
}

const p = (times: number[], q: number) =>
  percentile(
    [...times].sort((a, b) => a - b),
    q,
  );

await withBenchServer('bench-foods', async ({ baseUrl, client, dataDir }) => {
  const person = await client.signUp();
  const session: Session = { baseUrl, sessionToken: person.sessionToken };
  const sql = new pg.Client({ connectionString: await databaseUri(dataDir) });
  await sql.connect();
  // The server's stop ends the connection: an error of the body is the one to show.
  sql.on('error', () => undefined);
  const file = path.join(dataDir, 'export.jsonl');
  const rows: (string | number)[][] = [];
  const results: Record<string, unknown>[] = [];
  let whileImporting: number[] = [];
  let stored = 0;
  const baseCall = baseline(session, 'Food');
  for (const [step, size] of SIZES.entries()) {
    const generatedS = await generate(file, stored, size - stored);
    // The search keeps being timed while the largest import runs.
    let importing = step === SIZES.length - 1;
    const during: Promise<number[]> = importing
      ? (async () => {
          const times: number[] = [];
          const calls = searchCalls(session);
          for (let index = 0; importing; index += 1) {
            const next = calls[index % calls.length];
            if (next) times.push(await next.call());
          }
          return times;
        })()
      : Promise.resolve([]);
    const run = await runImport(dataDir, file).finally(() => (importing = false));
    if (step === SIZES.length - 1) whileImporting = await during;
    stored = size;
    await sql.query('VACUUM ANALYZE "Food"');
    await sql.query('VACUUM ANALYZE fitstreak_food_word');
    const { rows: sizes } = await sql.query<{ bytes: string; count: number }>(
      `SELECT pg_total_relation_size('"Food"') + pg_total_relation_size('fitstreak_food_word') AS bytes,
              count(*)::int AS count FROM "Food"`,
    );
    const bytes = Number(sizes[0]?.bytes ?? 0);
    const search = await searchTimes(session);
    const base = await measure(baseCall.name, baseCall.call, { warmUp: WARM_UP, calls: 100 });
    // 49 products in a row after a multiple of 50: none of them the refused one in 50.
    const codes = [...offProducts({ count: 49, first: Math.floor(size / 100) * 50 + 1 })].map((product) =>
      String(product.code),
    );
    const barcode = await measure(
      'foodByBarcode',
      async () => {
        const code = codes[Math.floor(Math.random() * codes.length)] ?? '';
        return cloudFunction(session, 'foodByBarcode', { code }, (result) => typeof result === 'object')();
      },
      { warmUp: WARM_UP, calls: 200 },
    );
    const stats = statsOf({ name: 'searchFoods', times: search.all });
    const entry = {
      products: size,
      rows: sizes[0]?.count ?? 0,
      generatedS,
      import: {
        products: run.products,
        seconds: run.seconds,
        rate: run.rate,
        peakRssMiB: Number(mib(run.peakRssBytes)),
      },
      foodTableMiB: Number(mib(bytes)),
      mibPerMillion: Number(mib((bytes / Math.max(1, sizes[0]?.count ?? 1)) * 1e6)),
      search: { p50: p(search.all, 50), p95: p(search.all, 95), max: stats.max },
      searchByLanguage: Object.fromEntries(
        Object.entries(search.byLanguage).map(([language, times]) => [
          language,
          { p50: p(times, 50), p95: p(times, 95) },
        ]),
      ),
      barcode: { p50: p(barcode.times, 50), p95: p(barcode.times, 95) },
      baseline: { p50: p(base.times, 50), p95: p(base.times, 95) },
    };
    results.push(entry);
    console.log(JSON.stringify(entry));
    rows.push([
      size.toLocaleString('en-US'),
      `${Math.round(run.rate).toLocaleString('en-US')}/s`,
      mib(run.peakRssBytes),
      entry.mibPerMillion,
      `${ms(entry.search.p50)} / ${ms(entry.search.p95)}`,
      `${ms(entry.barcode.p50)} / ${ms(entry.barcode.p95)}`,
      `${ms(entry.baseline.p50)} / ${ms(entry.baseline.p95)}`,
    ]);
  }
  await sql.end();
  await rm(file, { force: true });
  const first = results[0] as { search: { p95: number } };
  const last = results.at(-1) as {
    search: { p95: number };
    searchByLanguage: Record<string, { p95: number }>;
  };
  const report = [
    `# Food database at size${quick ? ' (quick)' : ''}`,
    '',
    `${machine().cpus} cores, ${machine().model}, Node ${machine().node}. Each size is the catalogue after importing up to it;`,
    `searchFoods times ${Object.values(QUERIES).flat().length} queries in four languages × ${CALLS_PER_QUERY}; times in ms (p50 / p95).`,
    '',
    ...markdownTable(
      [
        'products',
        'import rate',
        'import peak RSS MiB',
        'Food and search tables, MiB per million',
        'searchFoods',
        'foodByBarcode',
        'baseline GET /classes/Food',
      ],
      rows,
    ),
    `Search p95 at the largest size: ${ms(last.search.p95)} ms (budget ${BUDGET_P95_MS} ms), ${(last.search.p95 / first.search.p95).toFixed(2)}× the p95 at ${SIZES[0]?.toLocaleString('en-US')}.`,
    `By language at the largest size (p95): ${Object.entries(last.searchByLanguage)
      .map(([language, { p95 }]) => `${language} ${ms(p95)}`)
      .join(', ')}.`,
    `While the last import ran: searchFoods p50 ${ms(p(whileImporting, 50))} / p95 ${ms(p(whileImporting, 95))} ms over ${whileImporting.length} calls.`,
    '',
  ].join('\n');
  await writeResults(
    `${new Date().toISOString().slice(0, 10)}-foods${quick ? '-quick' : ''}`,
    {
      machine: machine(),
      results,
      whileImporting: {
        p50: p(whileImporting, 50),
        p95: p(whileImporting, 95),
        calls: whileImporting.length,
      },
    },
    report,
  );
});
