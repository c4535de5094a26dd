// `npm run bench:imports`: importing history in Chromium. A 50 MB Apple Health export and a
// 10-hour FIT file read in the page's worker (time from choosing the file to the preview, the
// longest task on the page's main thread meanwhile, and the growth of the browser's memory), then
// 1 000 workouts in a zip from choosing to imported, with the requests the page made.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { zipSync, strToU8 } from 'fflate';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/browser';
import { fitFile, gpx, steady } from '../src/features/imports/testFiles';
import { ROOT } from '../server/test/serverProcess';
import { DAY_MS, logInThroughPage, mib, ms, withBenchServer } from './support';

const run = promisify(execFile);
const EXPORT_BYTES = 50 * 1024 ** 2;
const FIT_HOURS = 10;
const ZIP_WORKOUTS = 1000;

const healthDate = (time: number) => `${new Date(time).toISOString().slice(0, 19).replace('T', ' ')} +0000`;

/** An Apple Health export of about 50 MB: years of step counts, a weigh-in a day and 600 workouts. */
function healthExport(): string {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE HealthData [\n<!ELEMENT HealthData (ExportDate,Me,(Record|Workout)*)>\n]>\n<HealthData locale="en_GB">\n',
  ];
  let size = parts[0]?.length ?? 0;
  const start = Date.now() - 3 * 365 * DAY_MS;
  for (let index = 0; size < EXPORT_BYTES; index += 1) {
    const time = start + index * 5 * 60_000;
    let line = `<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" sourceVersion="17.1" unit="count" creationDate="${healthDate(time)}" startDate="${healthDate(time)}" endDate="${healthDate(time + 300_000)}" value="${index % 700}"/>\n`;
    if (index % 288 === 0) {
      line += `<Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" creationDate="${healthDate(time)}" startDate="${healthDate(time)}" endDate="${healthDate(time)}" value="${(82 - index / 288 / 100).toFixed(1)}"/>\n`;
    }
    if (index % 500 === 250) {
      line += `<Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="35" durationUnit="min" sourceName="Watch" startDate="${healthDate(time)}" endDate="${healthDate(time + 35 * 60_000)}"><WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="${healthDate(time)}" endDate="${healthDate(time + 35 * 60_000)}" sum="6.1" unit="km"/><WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" sum="410" unit="kcal"/></Workout>\n`;
    }
    parts.push(line);
    size += line.length;
  }
  parts.push('</HealthData>\n');
  return parts.join('');
}

/** Sums the resident memory of the browser's processes (they run as children of the launcher). */
async function browserRss(): Promise<number> {
  const { stdout } = await run('ps', ['-C', 'chromium', '-o', 'rss=']).catch(() => ({ stdout: '' }));
  return stdout
    .split('\n')
    .filter(Boolean)
    .reduce((sum, line) => sum + Number(line.trim()) * 1024, 0);
}

interface Reading {
  name: string;
  preview: string;
  bytes: number;
  previewMs: number;
  longestTaskMs: number;
  peakGrowthBytes: number;
  requests: string;
  importMs?: number;
}

/** The page keeps its long tasks and the moment files were chosen. */
const OBSERVE = () => {
  const state = window as unknown as { longTasks: number[]; chosenAt: number };
  state.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener('change', () => (state.chosenAt = performance.now()), true);
};

async function choose(page: Page, name: string, path: string, importToo = false): Promise<Reading> {
  await page.goto('/user-settings');
  const section = page.getByRole('region', { name: 'Import workouts' });
  await section.waitFor();
  const calls = new Map<string, number>();
  const count = (request: { url(): string }) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/parse/')) calls.set(path, (calls.get(path) ?? 0) + 1);
  };
  page.on('request', count);
  const before = await browserRss();
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await browserRss());
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await section.getByLabel('Workout files').setInputFiles(path);
  await section.locator('.import-preview').waitFor({ timeout: 600_000 });
  const preview = (await section.locator('.import-preview [role="status"]').textContent()) ?? '';
  const previewMs = await page.evaluate(
    () => performance.now() - (window as unknown as { chosenAt: number }).chosenAt,
  );
  let importMs: number | undefined;
  if (importToo) {
    const started = performance.now();
    await section.getByRole('button', { name: /^Import / }).click();
    await section.getByText(/^Imported /).waitFor({ timeout: 600_000 });
    importMs = performance.now() - started;
  }
  sampling = false;
  await sampler;
  page.off('request', count);
  const longTasks = await page.evaluate(() => [...(window as unknown as { longTasks: number[] }).longTasks]);
  // The observer itself is checked: a task of 120 ms made on purpose must be among those it saw.
  const observed = await page.evaluate(async () => {
    setTimeout(() => {
      const until = performance.now() + 120;
      while (performance.now() < until);
    }, 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return (window as unknown as { longTasks: number[] }).longTasks.some((duration) => duration >= 100);
  });
  if (!observed) throw new Error('The long-task observer saw nothing: the measurement would be empty.');
  return {
    name,
    preview,
    bytes: (await stat(path)).size,
    previewMs,
    longestTaskMs: Math.max(0, ...longTasks),
    peakGrowthBytes: peak - before,
    requests: [...calls]
      .map(([path, times]) => `${times}× ${path.replace('/parse/functions/', '')}`)
      .join(', '),
    ...(importMs === undefined ? {} : { importMs }),
  };
}

if (!process.argv.includes('--no-build')) await run('npx', ['vite', 'build'], { cwd: ROOT });

const folder = await mkdtemp(join(tmpdir(), 'fitstreak-bench-imports-'));
const exportPath = join(folder, 'export.xml');
await writeFile(exportPath, healthExport());
const fitPath = join(folder, 'ten-hours.fit');
await writeFile(
  fitPath,
  fitFile([
    {
      sport: 'cycling',
      from: 0,
      samples: [
        { second: 0, metres: 0, hr: 110, ele: 400 },
        ...steady(0, 0, FIT_HOURS * 3600, 7, { hr: 140, ele: 420 }),
      ],
    },
  ]),
);
const zipPath = join(folder, 'history.zip');
const first = Date.now() - (ZIP_WORKOUTS + 10) * DAY_MS;
await writeFile(
  zipPath,
  zipSync(
    Object.fromEntries(
      Array.from({ length: ZIP_WORKOUTS }, (_, index) => {
        const start = first + index * DAY_MS;
        const text = gpx([{ second: 0, metres: 0 }, ...steady(0, 0, 1800, 3)], 'running').replaceAll(
          /<time>([^<]+)<\/time>/g,
          (_match, iso: string) =>
            `<time>${new Date(Date.parse(iso) - Date.parse('2026-10-04T07:30:00Z') + start).toISOString()}</time>`,
        );
        return [`runs/run-${index}.gpx`, strToU8(text)];
      }),
    ),
  ),
);

const readings = await withBenchServer('bench-imports', async ({ client, server }) => {
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const person = await client.signUp();
    const context = await browser.newContext({ baseURL: server.baseUrl });
    await context.addInitScript(OBSERVE);
    const page = await context.newPage();
    await logInThroughPage(page, person);
    await page.waitForURL(`${server.baseUrl}/`);
    const results: Reading[] = [];
    results.push(await choose(page, 'Apple Health export.xml', exportPath));
    results.push(await choose(page, `${FIT_HOURS}-hour FIT file`, fitPath));
    results.push(await choose(page, `zip of ${ZIP_WORKOUTS} GPX runs`, zipPath, true));
    await context.close();
    return results;
  } finally {
    await browser.close();
  }
});
await rm(folder, { recursive: true, force: true });

console.log('\nImporting history in Chromium (one run each)');
for (const reading of readings) console.log(`${reading.name}: ${reading.preview}`);
console.log(
  '| file | size | chosen → preview | longest main-thread task | browser memory growth (peak) | preview → imported | requests |',
);
console.log('|---|---|---|---|---|---|---|');
for (const reading of readings) {
  console.log(
    `| ${reading.name} | ${mib(reading.bytes)} MiB | ${ms(reading.previewMs)} ms | ${ms(reading.longestTaskMs)} ms | ${mib(reading.peakGrowthBytes)} MiB | ${reading.importMs === undefined ? '—' : `${ms(reading.importMs)} ms`} | ${reading.requests} |`,
  );
}
