// What the API benchmarks share: a seeded PRNG, a server of their own for one run, timed calls
// with the warm-up and measuring loop, the baseline round trip and the Markdown table of results.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  createDataDir,
  readMasterKey,
  removeDataDir,
  ROOT,
  startServerProcess,
  type ServerProcess,
} from '../server/test/serverProcess';
import type { Page } from '@playwright/test';
import {
  restClient,
  userPointer,
  type RequestOptions,
  type RestClient,
  type RestResponse,
} from '../server/test/restClient';

export const APP_ID = 'fitstreak';
export const DAY_MS = 24 * 60 * 60 * 1000;

/** A small deterministic PRNG, so every run seeds the same history. */
export { mulberry32 } from '../server/demo/seededRandom';

/** The nearest-rank percentile of ascending `sorted`. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
export const ms = (value: number) => value.toFixed(1);

export interface Scenario {
  name: string;
  times: number[];
}

export interface Stats {
  name: string;
  calls: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function statsOf({ name, times }: Scenario): Stats {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    name,
    calls: times.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? 0,
  };
}

/** One Markdown row per scenario: p50, p95, p99 and max in ms. */
export function printTable(scenarios: Scenario[], firstColumn = 'scenario', countColumn = 'calls'): Stats[] {
  console.log(`| ${firstColumn} | ${countColumn} | p50 (ms) | p95 (ms) | p99 (ms) | max (ms) |`);
  console.log('|---|---|---|---|---|---|');
  return scenarios.map((scenario) => {
    const row = statsOf(scenario);
    console.log(
      `| ${row.name} | ${row.calls} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ${ms(row.max)} |`,
    );
    return row;
  });
}

/**
 * The table of API timings, then one budget line per scenario after the first, which is the
 * baseline the others are compared with.
 */
export function printReport(scenarios: Scenario[], budgetP95Ms: number): void {
  console.log('');
  const stats = printTable(scenarios);
  console.log('');
  const [base, ...summaries] = stats;
  for (const row of summaries) {
    const verdict = row.p95 <= budgetP95Ms ? 'within' : 'OVER';
    const ratio = base ? ` — ${(row.p50 / base.p50).toFixed(1)}× the baseline at p50` : '';
    console.log(
      `Budget p95 ≤ ${budgetP95Ms} ms: ${row.name} p95 ${ms(row.p95)} ms, ${verdict} budget${ratio}` +
        (base ? `, ${(row.p95 / base.p95).toFixed(1)}× at p95.` : '.'),
    );
  }
}

export interface BenchServer {
  /** 127.0.0.1: Parse's rate limiter does not count requests from there (localhost may resolve to ::1). */
  baseUrl: string;
  server: ServerProcess;
  dataDir: string;
  /** A REST client with the master key, for sign-up and setup. */
  client: RestClient;
}

/**
 * Starts the server on a fresh data directory under .test-data/, runs `body`, then stops the
 * server and removes the directory whatever happened. Throws `body`'s error, or an error when the
 * server did not exit with code 0.
 */
export async function withBenchServer<T>(
  prefix: string,
  body: (bench: BenchServer) => Promise<T>,
  env: Record<string, string> = {},
): Promise<T> {
  const dataDir = await createDataDir(prefix);
  const server = await startServerProcess({ dataDir, env });
  const baseUrl = `http://127.0.0.1:${server.port}`;
  let failed: Error | undefined;
  let result: T | undefined;
  try {
    const masterKey = await readMasterKey(dataDir);
    const client = restClient({ baseUrl, appId: APP_ID, masterKey });
    result = await body({ baseUrl, server, dataDir, client });
  } catch (error) {
    failed = error instanceof Error ? error : new Error(String(error));
  }

  const { code, signal } = await server.stop();
  await removeDataDir(dataDir);
  if (failed) throw failed;
  if (code !== 0) throw new Error(`The server stopped with code ${code} (${signal}):\n${server.output()}`);
  return result as T;
}

/** One timed round trip: its duration in ms, including reading the JSON body. */
export type TimedCall = () => Promise<number>;

/** Where a person's requests go, with their session. */
export interface Session {
  baseUrl: string;
  sessionToken: string;
}

/**
 * A request as the person, through the tests' REST client (server/test/restClient.ts): their session,
 * no master key.
 */
export function sessionRequest(
  { baseUrl, sessionToken }: Session,
  method: string,
  path: string,
  options: Omit<RequestOptions, 'sessionToken' | 'masterKey'> = {},
): Promise<RestResponse> {
  return restClient({ baseUrl, appId: APP_ID, masterKey: '' }).request(method, path, {
    ...options,
    sessionToken,
  });
}

/** Times `send` up to the parsed body; throws on 429 or when the answer is not 200 or fails `check`. */
export async function timed(
  send: () => Promise<RestResponse>,
  check: (body: unknown) => boolean,
): Promise<number> {
  const started = performance.now();
  const { status, body, text } = await send();
  const elapsed = performance.now() - started;
  if (status === 429) throw new Error('Rate limited (429): the requests did not come from 127.0.0.1.');
  if (status !== 200 || !check(body)) {
    throw new Error(`Unexpected answer (${status}): ${text.slice(0, 500)}`);
  }
  return elapsed;
}

/** A cloud function call with the session; `check` gets the function's `result`. */
export function cloudFunction(
  session: Session,
  name: string,
  params: Record<string, unknown>,
  check: (result: unknown) => boolean,
): TimedCall {
  return () =>
    timed(
      () => sessionRequest(session, 'POST', `/parse/functions/${name}`, { body: params }),
      (body) => typeof body === 'object' && body !== null && check((body as { result?: unknown }).result),
    );
}

/** The cheapest Parse round trip with the same session: one row of `className`. */
export function baseline(
  session: Session,
  className: string,
  where?: object,
): { name: string; call: TimedCall } {
  const query = where ? `&where=${encodeURIComponent(JSON.stringify(where))}` : '';
  return {
    name: `baseline: GET /classes/${className}?limit=1`,
    call: () =>
      timed(
        () => sessionRequest(session, 'GET', `/parse/classes/${className}?limit=1${query}`),
        (body) => typeof body === 'object' && body !== null && 'results' in body,
      ),
  };
}

/** `warmUp` calls that are not counted, then `calls` timed ones, one after another. */
export async function measure(
  name: string,
  call: TimedCall,
  { warmUp, calls }: { warmUp: number; calls: number },
): Promise<Scenario> {
  for (let index = 0; index < warmUp; index += 1) await call();
  const times: number[] = [];
  for (let index = 0; index < calls; index += 1) times.push(await call());
  return { name, times };
}

/** A process's resident memory and the CPU time it has used so far (Linux /proc). */
export interface ProcessStats {
  rssBytes: number;
  cpuSeconds: number;
}

/** Kernel clock ticks per second, as /proc/<pid>/stat counts CPU time on Linux. */
const CLOCK_TICKS = 100;

export async function processStats(pid: number): Promise<ProcessStats> {
  const [status, stat] = await Promise.all([
    readFile(`/proc/${pid}/status`, 'utf8'),
    readFile(`/proc/${pid}/stat`, 'utf8'),
  ]);
  const kilobytes = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  // The fields after the command name (which may hold spaces) start at the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  return { rssBytes: kilobytes * 1024, cpuSeconds: ticks / CLOCK_TICKS };
}

/** The server's memory once it has settled: the smallest of a few readings a moment apart. */
export async function settledRss(pid: number): Promise<number> {
  const readings: number[] = [];
  for (let index = 0; index < 5; index += 1) {
    await new Promise((resolve) => setTimeout(resolve, 400));
    readings.push((await processStats(pid)).rssBytes);
  }
  return Math.min(...readings);
}

export const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

export interface BatchRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

/** An accepted friendship both may read, as the server stores one: for seeding through a batch. */
export function acceptedFriendship(a: { objectId: string }, b: { objectId: string }): BatchRequest {
  return {
    method: 'POST',
    path: '/parse/classes/Friendship',
    body: {
      from: userPointer(a.objectId),
      to: userPointer(b.objectId),
      status: 'accepted',
      ACL: { [a.objectId]: { read: true }, [b.objectId]: { read: true } },
    },
  };
}

/** Logs in through the login page (at `path`, which may name where to go after) as a person would. */
export async function logInThroughPage(
  page: Page,
  person: { username: string; password: string },
  path = '/login',
): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Sends `requests` through /parse/batch with the master key, 50 at a time; throws on any failure. */
export async function batchWithMasterKey(
  client: RestClient,
  requests: readonly BatchRequest[],
): Promise<void> {
  await sendBatches(client, requests, { masterKey: true });
}

/**
 * Sends `requests` through /parse/batch `batchSize` at a time, as the master or as a person (so
 * their triggers check every row as the app's would be); throws on any failure.
 */
export async function sendBatches(
  client: RestClient,
  requests: readonly BatchRequest[],
  as: { masterKey: true } | { sessionToken: string },
  batchSize = BATCH_SIZE,
): Promise<void> {
  for (let index = 0; index < requests.length; index += batchSize) {
    const slice = requests.slice(index, index + batchSize);
    const { status, text } = await client.request('POST', '/parse/batch', {
      ...as,
      body: { requests: slice },
    });
    // The batch answer is an array, which restClient's body leaves out: read the text.
    const answers: unknown = JSON.parse(text);
    const failed = Array.isArray(answers)
      ? (answers as Array<{ success?: unknown }>).filter((answer) => !answer.success)
      : [];
    if (status !== 200 || !Array.isArray(answers) || failed.length > 0) {
      throw new Error(`Batch failed at request ${index} (${status}): ${text.slice(0, 500)}`);
    }
  }
}

const BATCH_SIZE = 50;

/** Runs `task` for every item, at most `concurrency` at a time; answers the results in order. */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/** The machine a result was measured on, as the result files name it. */
export interface Machine {
  cpus: number;
  model: string;
  memoryGiB: number;
  node: string;
  platform: string;
}

export function machine(): Machine {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    model: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
  };
}

const markdownRow = (cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`;

/** A Markdown table: the header, the divider, then one line per row, and a blank line. */
export function markdownTable(header: readonly string[], rows: readonly (string | number)[][]): string[] {
  return [
    markdownRow(header),
    markdownRow(header.map(() => '---')),
    ...rows.map((cells) => markdownRow(cells)),
    '',
  ];
}

/**
 * Writes `<name>.json` and `<name>.md` to bench/results/ (or BENCH_RESULTS_DIR), prints the report
 * and where it went.
 */
export async function writeResults(name: string, results: unknown, report: string): Promise<void> {
  const directory = process.env.BENCH_RESULTS_DIR ?? path.join(ROOT, 'bench', 'results');
  await mkdir(directory, { recursive: true });
  await writeFile(path.join(directory, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(path.join(directory, `${name}.md`), report);
  console.log(`\n${report}`);
  console.log(`Written to ${path.relative(process.cwd(), path.join(directory, name))}.json and .md`);
}
