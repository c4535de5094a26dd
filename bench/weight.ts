// How fast the weight page gets its data and draws it for a person with five years of daily
// weigh-ins: seeds one person through importWeightEntries (the real import path, with their
// session), times weightSummary per range against the cheapest Parse round trip, then logs in
// through the production build in headless Chromium and times the chart's drawing.
// `npm run bench:weight [-- --quick]`
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/browser';
import { updateOwnSettings } from '../server/test/restClient';
import { ROOT } from '../server/test/serverProcess';
import { addDays, localDay } from '../src/domain/calendarDays';
import type { WeightRange } from '../src/domain/weight';
import {
  baseline,
  cloudFunction,
  DAY_MS,
  logInThroughPage,
  measure,
  ms,
  mulberry32,
  printReport,
  printTable,
  type Scenario,
  type Session,
  withBenchServer,
} from './support';

const quick = process.argv.includes('--quick');
const DAYS = quick ? 365 : 5 * 365 + 1;
const CALLS = quick ? 100 : 300;
const WARM_UP = 20;
/** importWeightEntries takes at most this many rows per call (MAX_IMPORT_WEIGH_INS). */
const IMPORT_CHUNK = 3000;
const BUDGET_P95_MS = 50;
const FRAME_MS = 1000 / 60;
const DRAW_RUNS = quick ? 30 : 100;
const DRAW_WARM_UP = 10;
const SWITCH_ROUNDS = 10;
const TIME_ZONE = 'Europe/Berlin';
const RANGES = ['1m', '1y', 'all'] as const satisfies readonly WeightRange[];
/** The days before today each range shows, as cloud/functions/weight.ts counts them. */
const RANGE_DAYS: Readonly<Record<(typeof RANGES)[number], number | null>> = {
  '1m': 30,
  '1y': 365,
  all: null,
};

interface WeighIn {
  measuredAt: string;
  weightKg: number;
}

/**
 * A weigh-in on most of the last `days` days (some skipped, a second one in the evening on some),
 * drifting from 95 kg five years ago to 80 kg today, with a seasonal swing and daily noise.
 */
function weighIns(days: number, now: Date): WeighIn[] {
  const random = mulberry32(19950080);
  const todayUtc = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const round = (kg: number) => Math.round(kg * 10) / 10;
  const rows: WeighIn[] = [];
  const at = (dayStart: number, fromMinute: number, toMinute: number) =>
    new Date(
      Math.min(dayStart + between(fromMinute, toMinute) * 60_000, now.getTime() - 60_000),
    ).toISOString();
  for (let daysAgo = days - 1; daysAgo >= 0; daysAgo -= 1) {
    const dayStart = todayUtc - daysAgo * DAY_MS;
    const drift = 80 + (15 * daysAgo) / (5 * 365);
    const season = 0.8 * Math.sin((2 * Math.PI * daysAgo) / 365);
    // Roughly normal, ±1.2 kg at most.
    const noise = (random() + random() + random() - 1.5) * 0.8;
    const morning = drift + season + noise;
    // Hours in UTC, well inside the same Berlin day.
    if (random() >= 0.07)
      rows.push({ measuredAt: at(dayStart, 5 * 60, 7 * 60 + 30), weightKg: round(morning) });
    if (random() < 0.07) {
      rows.push({
        measuredAt: at(dayStart, 17 * 60, 20 * 60),
        weightKg: round(morning + 0.3 + random() * 0.9),
      });
    }
  }
  return rows;
}

const newestChange = (entry: string): number => {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(entry, name))),
    stats.mtimeMs,
  );
};

/** The drawing is measured on the production build, as `npm start` serves it. */
async function ensureBuild(): Promise<void> {
  const index = path.join(ROOT, 'dist', 'index.html');
  if (!existsSync(index)) {
    const started = performance.now();
    console.log('dist/index.html is missing: building the app (npx vite build)…');
    await promisify(execFile)('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT });
    console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return;
  }
  if (statSync(index).mtimeMs < newestChange(path.join(ROOT, 'src'))) {
    console.log('Note: dist/ is older than src/; the drawing is measured on that older build.');
  }
}

// ---- In the page --------------------------------------------------------------------------------

/** What the benchmark uses of a chart.js instance. */
interface ChartLike {
  canvas: HTMLCanvasElement;
  data: { datasets: { data: unknown[] }[] };
  draw(): void;
  update(mode?: string): void;
}

interface PageRecord {
  updates: number[];
  longTasks: number[];
  /** Long animation frames: whole frame, and the part before rendering (script, tasks). */
  frames: { duration: number; beforeRender: number; script: string }[];
}

interface BenchWindow {
  __benchChart?: () => ChartLike | undefined;
  __benchRecord?: PageRecord;
}

interface Fiber {
  return: Fiber | null;
  memoizedState: unknown;
}

/**
 * chart.js keeps its instances in a module-private registry and the app exposes none, so the
 * instance is read from React's fiber of the canvas: react-chartjs-2 holds it in a useRef whose
 * `current.canvas` is that canvas. Read only; nothing of the app is changed.
 */
function installPageHelpers(): void {
  const bench = window as unknown as BenchWindow;
  bench.__benchChart = () => {
    const canvas = document.querySelector<HTMLCanvasElement>('.weight-chart canvas');
    if (!canvas) return undefined;
    const key = Object.keys(canvas).find((name) => name.startsWith('__reactFiber$'));
    let fiber = key ? (canvas as unknown as Record<string, Fiber | undefined>)[key] : undefined;
    while (fiber) {
      let hook = fiber.memoizedState as { memoizedState?: unknown; next?: unknown } | null;
      while (hook && typeof hook === 'object' && 'next' in hook) {
        const held = hook.memoizedState as { current?: { canvas?: unknown } } | null | undefined;
        if (held && typeof held === 'object' && held.current?.canvas === canvas) {
          return held.current as ChartLike;
        }
        hook = hook.next as typeof hook;
      }
      fiber = fiber.return ?? undefined;
    }
    return undefined;
  };
}

/** Waits until the chart shows `points` days and two frames have passed. */
async function chartShows(page: Page, points: number): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      (window as unknown as BenchWindow).__benchChart?.()?.data.datasets[0]?.data.length === expected,
    points,
  );
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

interface DrawTimes {
  points: number;
  width: number;
  height: number;
  pixelRatio: number;
  draw: number[];
  drawRaster: number[];
  update: number[];
}

/**
 * Times the chart as it stands, one sample per animation frame: draw() alone (the canvas commands
 * chart.js issues), draw() then a 1-pixel getImageData (which makes Chromium rasterise what was
 * recorded), and update('none') then the same readback (data, scales and layout, draw and raster:
 * what chart.js does for a data change or a resize).
 */
async function timeDrawing({ runs, warmUp }: { runs: number; warmUp: number }): Promise<DrawTimes> {
  const chart = (window as unknown as BenchWindow).__benchChart?.();
  if (!chart) throw new Error('No chart.js instance on .weight-chart canvas.');
  const context = chart.canvas.getContext('2d');
  if (!context) throw new Error('The chart canvas has no 2D context.');
  const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  const series = async (work: () => void) => {
    const times: number[] = [];
    for (let index = 0; index < warmUp + runs; index += 1) {
      await nextFrame();
      const started = performance.now();
      work();
      const elapsed = performance.now() - started;
      if (index >= warmUp) times.push(elapsed);
    }
    return times;
  };
  const readBack = () => context.getImageData(0, 0, 1, 1);
  return {
    points: chart.data.datasets[0]?.data.length ?? 0,
    width: chart.canvas.width,
    height: chart.canvas.height,
    pixelRatio: window.devicePixelRatio,
    draw: await series(() => chart.draw()),
    drawRaster: await series(() => {
      chart.draw();
      readBack();
    }),
    update: await series(() => {
      chart.update('none');
      readBack();
    }),
  };
}

/**
 * From now on: the duration of every update() of the chart instance (wrapped in place, so the
 * calls react-chartjs-2 makes on a range switch are timed; chart.js draws inside them, the raster
 * comes later with the frame), long tasks (> 50 ms) and long animation frames (> 50 ms, with the
 * part before rendering and the longest script).
 */
function startRecording(): void {
  const bench = window as unknown as BenchWindow;
  const chart = bench.__benchChart?.();
  if (!chart) throw new Error('No chart.js instance on .weight-chart canvas.');
  const record: PageRecord = { updates: [], longTasks: [], frames: [] };
  bench.__benchRecord = record;
  const update = chart.update.bind(chart);
  chart.update = (mode?: string) => {
    const started = performance.now();
    update(mode);
    record.updates.push(performance.now() - started);
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.longTasks.push(entry.duration);
  }).observe({ type: 'longtask' });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const frame = entry as PerformanceEntry & {
        renderStart: number;
        scripts: { duration: number; invoker: string; sourceURL: string }[];
      };
      const longest = [...frame.scripts].sort((a, b) => b.duration - a.duration)[0];
      record.frames.push({
        duration: frame.duration,
        beforeRender: (frame.renderStart || frame.startTime + frame.duration) - frame.startTime,
        script: longest
          ? `${longest.invoker} (${longest.sourceURL.split('/').pop() ?? ''}) ${longest.duration.toFixed(0)} ms`
          : '',
      });
    }
  }).observe({ type: 'long-animation-frame' });
}

// ---- The run ------------------------------------------------------------------------------------

interface Drawing {
  browser: string;
  all: DrawTimes;
  year: DrawTimes;
  record: PageRecord;
  switches: number;
}

async function measureDrawing(
  baseUrl: string,
  dataDir: string,
  account: { username: string; password: string },
  points: Record<'1y' | 'all', number>,
): Promise<Drawing> {
  // Chromium and Playwright's temporary profile and files stay inside the data directory.
  const scratch = path.join(dataDir, 'browser');
  await mkdir(scratch, { recursive: true });
  const tmpDir = process.env.TMPDIR;
  process.env.TMPDIR = scratch;
  const browser = await chromium.launch({
    ...chromiumLaunchOptions(),
    env: { ...process.env, HOME: scratch, TMPDIR: scratch },
  });
  try {
    const context = await browser.newContext({
      baseURL: baseUrl,
      reducedMotion: 'reduce',
      timezoneId: TIME_ZONE,
      viewport: { width: 1280, height: 800 },
    });
    // tsx names the functions it compiles with a `__name` helper; the page needs one too.
    await context.addInitScript({ content: 'globalThis.__name ??= (target) => target;' });
    await context.addInitScript(installPageHelpers);
    const page = await context.newPage();
    await logInThroughPage(page, account, '/login?from=%2Fweight-tracking%3Frange%3Dall');
    await page.waitForURL('**/weight-tracking?range=all');
    await page.locator('.weight-chart canvas').waitFor();
    await chartShows(page, points.all);

    const ranges = page.getByRole('navigation', { name: 'Chart range' });
    const switchTo = async (name: 'All' | '1 year', expected: number) => {
      const link = ranges.getByRole('link', { name, exact: true });
      await link.click();
      await link.and(page.locator('[aria-current="true"]')).waitFor();
      await chartShows(page, expected);
    };

    const loop = { runs: DRAW_RUNS, warmUp: DRAW_WARM_UP };
    const all = await page.evaluate(timeDrawing, loop);
    await page.evaluate(startRecording);
    for (let round = 0; round < SWITCH_ROUNDS; round += 1) {
      await switchTo('1 year', points['1y']);
      await switchTo('All', points.all);
    }
    // Long-task and frame entries arrive after the frame ends.
    await page.waitForTimeout(500);
    const record = await page.evaluate(() => (window as unknown as BenchWindow).__benchRecord);
    if (!record) throw new Error('The page lost its recording.');
    await switchTo('1 year', points['1y']);
    const year = await page.evaluate(timeDrawing, loop);
    return { browser: browser.version(), all, year, record, switches: SWITCH_ROUNDS * 2 };
  } finally {
    await browser.close();
    if (tmpDir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpDir;
  }
}

await ensureBuild();

const result = await withBenchServer('bench-weight', async ({ baseUrl, server, dataDir, client }) => {
  const person = await client.signUp();
  const session: Session = { baseUrl, sessionToken: person.sessionToken };

  const now = new Date();
  const rows = weighIns(DAYS, now);
  const seedStart = performance.now();
  for (let index = 0; index < rows.length; index += IMPORT_CHUNK) {
    const chunk = rows.slice(index, index + IMPORT_CHUNK);
    const { status, body, text } = await client.request('POST', '/parse/functions/importWeightEntries', {
      sessionToken: person.sessionToken,
      body: { rows: chunk },
    });
    const imported = (body.result as { imported?: unknown } | undefined)?.imported;
    if (status !== 200 || imported !== chunk.length) {
      throw new Error(
        `Importing rows ${index + 1}–${index + chunk.length} failed (${status}): ${text.slice(0, 500)}`,
      );
    }
  }
  const seedMs = performance.now() - seedStart;
  await updateOwnSettings(client, person, { goalWeightKg: 75, heightCm: 180 });
  const days = [...new Set(rows.map((row) => localDay(new Date(row.measuredAt), TIME_ZONE)))].sort();
  console.log(
    `Seeded ${rows.length} weigh-ins on ${days.length} of ${DAYS} days in ${(seedMs / 1000).toFixed(2)} s ` +
      `(${Math.ceil(rows.length / IMPORT_CHUNK)} importWeightEntries call(s) of ≤${IMPORT_CHUNK} rows, ` +
      `${ms(seedMs / rows.length)} ms per weigh-in).`,
  );

  /** The days the answer for `range` must chart, counted from the `today` it reports. */
  const expectedPoints = (range: (typeof RANGES)[number], today: string) => {
    const back = RANGE_DAYS[range];
    const from = back === null ? '' : addDays(today, -back);
    return days.filter((day) => day >= from).length;
  };
  const shown: Partial<Record<(typeof RANGES)[number], number>> = {};
  const summary = (range: (typeof RANGES)[number]) =>
    cloudFunction(session, 'weightSummary', { range, page: 0, timeZone: TIME_ZONE }, (answer) => {
      const value = answer as
        | { points?: unknown; today?: unknown; entries?: unknown; goalWeightKg?: unknown; bmi?: unknown }
        | undefined;
      if (!Array.isArray(value?.points) || typeof value.today !== 'string' || !Array.isArray(value.entries)) {
        return false;
      }
      shown[range] = value.points.length;
      return (
        value.points.length === expectedPoints(range, value.today) &&
        value.entries.length === 20 &&
        value.goalWeightKg === 75 &&
        value.bmi !== null
      );
    });
  const base = baseline(session, 'WeightEntry');

  const loop = { warmUp: WARM_UP, calls: CALLS };
  const scenarios: Scenario[] = [await measure(base.name, base.call, loop)];
  for (const range of RANGES) {
    scenarios.push(await measure(`weightSummary { range: '${range}' }`, summary(range), loop));
  }
  console.log(`Points charted per range: ${RANGES.map((range) => `${range} ${shown[range]}`).join(', ')}.`);

  const drawing = await measureDrawing(server.baseUrl, dataDir, person, {
    '1y': shown['1y'] ?? 0,
    all: shown.all ?? 0,
  });
  return { scenarios, drawing };
});

printReport(result.scenarios, BUDGET_P95_MS);

const { drawing } = result;
const { all, year, record } = drawing;
console.log('');
console.log(
  `Drawing: headless Chromium ${drawing.browser} (${chromiumLaunchOptions().executablePath ?? "Playwright's"}, ` +
    `--disable-gpu), reduced motion (chart.js animation off), canvas ${all.width}×${all.height} px at ` +
    `device pixel ratio ${all.pixelRatio}; one sample per animation frame, after ${DRAW_WARM_UP} unmeasured.`,
);
console.log('');
/** `budget`: whether the row is held to one frame (the rows that include rasterising). */
const drawRows: (Scenario & { budget: boolean })[] = [
  ...(
    [
      ['all', all],
      ['1 year', year],
    ] as const
  ).flatMap(([range, times]) => [
    {
      name: `${range} (${times.points} days): draw(), canvas commands only`,
      times: times.draw,
      budget: false,
    },
    {
      name: `${range} (${times.points} days): draw() + 1-px getImageData (raster)`,
      times: times.drawRaster,
      budget: true,
    },
    {
      name: `${range} (${times.points} days): update('none') + 1-px getImageData (raster)`,
      times: times.update,
      budget: true,
    },
  ]),
  {
    name: 'range switches: chart.update() as react-chartjs-2 calls it (raster not included)',
    times: record.updates,
    budget: false,
  },
];
const drawStats = printTable(drawRows, 'chart.js work', 'runs');
console.log('');
const longest = (values: number[]) => (values.length ? Math.max(...values) : 0);
const longFrame = [...record.frames].sort((a, b) => b.duration - a.duration)[0];
console.log(
  `Range switches (All → 1 year → All, ×${SWITCH_ROUNDS}: ${drawing.switches} switches, each with its ` +
    `weightSummary call and React render): ${record.longTasks.length} long tasks > 50 ms` +
    (record.longTasks.length
      ? `, longest ${ms(longest(record.longTasks))} ms`
      : ' (the browser reports no shorter ones)') +
    `; ${record.frames.length} long animation frames > 50 ms` +
    (longFrame
      ? `, longest ${ms(longFrame.duration)} ms (${ms(longFrame.beforeRender)} ms before rendering; ` +
        `longest script: ${longFrame.script || 'none attributed'})`
      : '') +
    '.',
);
for (const row of drawStats.filter((_row, index) => drawRows[index]?.budget)) {
  const verdict = row.p95 <= FRAME_MS ? 'within' : 'OVER';
  console.log(`Budget one frame ≤ ${ms(FRAME_MS)} ms: ${row.name} p95 ${ms(row.p95)} ms, ${verdict} budget.`);
}
