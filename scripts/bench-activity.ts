// How fast the start page's activity data arrives for a person with three years of workouts:
// seeds one person through Parse's batch endpoint (so the real beforeSave runs), then times the
// activitySummary cloud function against the cheapest Parse round trip with the same session.
// `npm run bench:activity [-- --quick]`
import {
  createDataDir,
  readMasterKey,
  removeDataDir,
  startServerProcess,
} from '../server/test/serverProcess';
import { restClient } from '../server/test/rest';
import { localDay } from '../src/domain/calendarDays';
import { ACTIVITY_TYPES as TYPES } from '../src/domain/contract';

const quick = process.argv.includes('--quick');
const DAYS = quick ? 365 : 1095;
const CALLS = quick ? 100 : 300;
const WARM_UP = 20;
const BATCH_SIZE = 50;
const BUDGET_P95_MS = 50;
const TIME_ZONE = 'Europe/Berlin';
const APP_ID = 'fitstreak';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A small deterministic PRNG, so every run seeds the same history. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Workout {
  type: string;
  startedAt: { __type: 'Date'; iso: string };
  durationMin: number;
  distanceKm?: number;
  caloriesKcal?: number;
}

/** One workout on most of the last `days` days (rest days now and then), a second one on a few. */
function workouts(days: number, now: Date): Workout[] {
  const random = mulberry32(20240601);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const todayUtc = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const rows: Workout[] = [];
  const add = (dayStart: number, fromHour: number, toHour: number) => {
    const at = Math.min(dayStart + between(fromHour * 60, toHour * 60) * 60_000, now.getTime() - 60_000);
    const type = pick(TYPES);
    const durationMin = between(10, 120);
    const row: Workout = {
      type,
      startedAt: { __type: 'Date', iso: new Date(at).toISOString() },
      durationMin,
    };
    if (['run', 'walk', 'cycle', 'swim', 'hike', 'row'].includes(type) && random() < 0.8) {
      row.distanceKm = Math.round(durationMin * (0.05 + random() * 0.3) * 100) / 100;
    }
    if (random() < 0.4) row.caloriesKcal = between(50, 1200);
    rows.push(row);
  };
  for (let daysAgo = days - 1; daysAgo >= 0; daysAgo -= 1) {
    const dayStart = todayUtc - daysAgo * DAY_MS;
    // Hours in UTC, well inside the same Berlin day.
    if (random() < 0.92) add(dayStart, 5, 11);
    if (random() < 0.08) add(dayStart, 15, 19);
  }
  return rows;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const ms = (value: number) => value.toFixed(1);

interface Scenario {
  name: string;
  times: number[];
}

const dataDir = await createDataDir('bench-activity');
const server = await startServerProcess({ dataDir });
// 127.0.0.1: Parse's rate limiter does not count requests from there (localhost may resolve to ::1).
const baseUrl = `http://127.0.0.1:${server.port}`;
let failed: Error | undefined;
const scenarios: Scenario[] = [];
try {
  const masterKey = await readMasterKey(dataDir);
  const client = restClient({ baseUrl, appId: APP_ID, masterKey });
  const person = await client.signUp();
  const sessionHeaders = { 'X-Parse-Application-Id': APP_ID, 'X-Parse-Session-Token': person.sessionToken };

  const now = new Date();
  const rows = workouts(DAYS, now);
  const seedStart = performance.now();
  for (let index = 0; index < rows.length; index += BATCH_SIZE) {
    const requests = rows
      .slice(index, index + BATCH_SIZE)
      .map((body) => ({ method: 'POST', path: '/parse/classes/Activity', body }));
    // The batch answer is an array, which restClient's body leaves out: read the text.
    const { status, text } = await client.request('POST', '/parse/batch', {
      sessionToken: person.sessionToken,
      body: { requests },
    });
    const results: unknown = JSON.parse(text);
    const answers = Array.isArray(results) ? (results as Array<{ success?: unknown; error?: unknown }>) : [];
    const failures = answers.filter((answer) => !answer.success);
    if (status !== 200 || answers.length !== requests.length || failures.length > 0) {
      throw new Error(
        `Seeding batch at row ${index} failed (${status}): ${(failures[0] ? JSON.stringify(failures[0]) : text).slice(0, 500)}`,
      );
    }
  }
  const seedMs = performance.now() - seedStart;
  console.log(
    `Seeded ${rows.length} workouts over ${DAYS} days in ${(seedMs / 1000).toFixed(2)} s ` +
      `(${Math.ceil(rows.length / BATCH_SIZE)} batches of ≤${BATCH_SIZE}, ${ms(seedMs / rows.length)} ms per workout).`,
  );

  const month = localDay(now, TIME_ZONE).slice(0, 7);
  // The latest day with two workouts, or else the latest day with one.
  const perDay = new Map<string, number>();
  for (const row of rows) {
    const day = localDay(new Date(row.startedAt.iso), TIME_ZONE);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  const days = [...perDay.keys()].sort().reverse();
  const date = days.find((day) => (perDay.get(day) ?? 0) > 1) ?? days[0] ?? localDay(now, TIME_ZONE);

  const timed = async (init: () => Promise<Response>, check: (body: unknown) => boolean) => {
    const started = performance.now();
    const response = await init();
    const body: unknown = await response.json();
    const elapsed = performance.now() - started;
    if (response.status === 429)
      throw new Error('Rate limited (429): the requests did not come from 127.0.0.1.');
    if (response.status !== 200 || !check(body)) {
      throw new Error(`Unexpected answer (${response.status}): ${JSON.stringify(body).slice(0, 500)}`);
    }
    return elapsed;
  };
  /** `dayCount`: how many workouts the answer must list for the day, when known. */
  const summary = (params: Record<string, string>, dayCount?: number) => () =>
    timed(
      () =>
        fetch(`${baseUrl}/parse/functions/activitySummary`, {
          method: 'POST',
          headers: { ...sessionHeaders, 'Content-Type': 'application/json' },
          body: JSON.stringify(params),
        }),
      (body) => {
        const result = (body as { result?: { dayActivities?: unknown } } | null)?.result;
        if (!Array.isArray(result?.dayActivities)) return false;
        return dayCount === undefined || result.dayActivities.length === dayCount;
      },
    );
  const where = encodeURIComponent(JSON.stringify({ durationMin: { $gt: 0 } }));
  const baseline = () =>
    timed(
      () => fetch(`${baseUrl}/parse/classes/Activity?limit=1&where=${where}`, { headers: sessionHeaders }),
      (body) => typeof body === 'object' && body !== null && 'results' in body,
    );

  const measure = async (name: string, call: () => Promise<number>) => {
    for (let index = 0; index < WARM_UP; index += 1) await call();
    const times: number[] = [];
    for (let index = 0; index < CALLS; index += 1) times.push(await call());
    scenarios.push({ name, times });
  };
  await measure('baseline: GET /classes/Activity?limit=1', baseline);
  await measure(`activitySummary { month: ${month} }`, summary({ month, timeZone: TIME_ZONE }));
  await measure(
    `activitySummary { month: ${month}, date: ${date} }`,
    summary({ month, date, timeZone: TIME_ZONE }, perDay.get(date)),
  );
} catch (error) {
  failed = error instanceof Error ? error : new Error(String(error));
}

const { code, signal } = await server.stop();
await removeDataDir(dataDir);
if (failed) throw failed;
if (code !== 0) throw new Error(`The server stopped with code ${code} (${signal}):\n${server.output()}`);

console.log('');
console.log(`| scenario | calls | p50 (ms) | p95 (ms) | p99 (ms) | max (ms) |`);
console.log('|---|---|---|---|---|---|');
const stats = scenarios.map(({ name, times }) => {
  const sorted = [...times].sort((a, b) => a - b);
  const row = {
    name,
    calls: times.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? 0,
  };
  console.log(
    `| ${name} | ${row.calls} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ${ms(row.max)} |`,
  );
  return row;
});
console.log('');
const [base, ...summaries] = stats;
for (const row of summaries) {
  const verdict = row.p95 <= BUDGET_P95_MS ? 'within' : 'OVER';
  const ratio = base ? ` — ${(row.p50 / base.p50).toFixed(1)}× the baseline at p50` : '';
  console.log(
    `Budget p95 ≤ ${BUDGET_P95_MS} ms: ${row.name} p95 ${ms(row.p95)} ms, ${verdict} budget${ratio}` +
      (base ? `, ${(row.p95 / base.p95).toFixed(1)}× at p95.` : '.'),
  );
}
