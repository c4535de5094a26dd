// `npm run bench:scan [-- --no-build]`: the barcode scanner in Chromium with a fake camera playing
// an EAN-13 (e2e/support/barcodeVideo.ts). Per decoder (the browser's own where the page has one,
// and the WebAssembly one with BarcodeDetector removed), 10 scans each on a fresh device: the page's
// own time from the camera's first frame to the first code read (the marks BarcodeScan sets), and
// from the click on "Scan a barcode" to that code, decoder download included. Also the decoder's
// files (gzip) and whether any was fetched before the click, and the nutrition page's chunks.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { ean13CheckDigit, writeBarcodeVideo } from '../e2e/support/barcodeVideo';
import { chromiumLaunchOptions } from '../e2e/support/browser';
import { ROOT } from '../server/test/serverProcess';
import {
  logInThroughPage,
  markdownTable,
  ms,
  percentile,
  sessionRequest,
  withBenchServer,
  writeResults,
} from './support';

const run = promisify(execFile);
const RUNS = 10;
const CODE = `200123456789${ean13CheckDigit('200123456789')}`;

interface ScanTimes {
  firstFrameToCode: number;
  clickToCode: number;
  decoder: string;
  /** Decoder files requested before the click on "Scan a barcode" (none expected). */
  fetchedEarly: number;
}

interface FileSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

async function sizeOf(file: string): Promise<FileSize> {
  const content = await readFile(file);
  return { file: path.basename(file), bytes: content.length, gzipBytes: gzipSync(content).length };
}

/** The built files whose names start with one of `prefixes`, with their sizes. */
async function assets(prefixes: readonly string[], extension: string): Promise<FileSize[]> {
  const directory = path.join(ROOT, 'dist', 'assets');
  const names = (await readdir(directory)).filter(
    (name) => name.endsWith(extension) && prefixes.some((prefix) => name.startsWith(`${prefix}-`)),
  );
  return Promise.all(names.sort().map((name) => sizeOf(path.join(directory, name))));
}

/** One scan on a fresh device: sign in, open the breakfast window, scan, wait for the food. */
async function scanOnce(
  browser: Browser,
  baseUrl: string,
  person: { username: string; password: string },
  withoutNativeDetector: boolean,
): Promise<ScanTimes> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 375, height: 812 },
    serviceWorkers: 'block',
  });
  if (withoutNativeDetector) {
    await context.addInitScript(() => {
      Reflect.deleteProperty(globalThis, 'BarcodeDetector');
    });
  }
  const page = await context.newPage();
  let decoderRequests = 0;
  page.on('request', (request) => {
    if (/\.wasm$|webAssemblyDecoder/.test(request.url())) decoderRequests += 1;
  });
  await logInThroughPage(page, person);
  await page.waitForURL(`${baseUrl}/`);
  await page.goto('/nutrition-log');
  await page.getByRole('button', { name: 'Add to breakfast' }).click();
  const window = page.getByRole('dialog', { name: 'Add to breakfast' });
  await window.getByRole('button', { name: 'Scan a barcode' }).waitFor();
  const fetchedEarly = decoderRequests;
  await page.evaluate(() => performance.mark('bench:click'));
  await window.getByRole('button', { name: 'Scan a barcode' }).click();
  await window.getByText('Oat bar, scanned').waitFor();
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  const marks = await page.evaluate(() => {
    const decoded = performance.getEntriesByName('scan:decoded')[0] as PerformanceMark | undefined;
    return {
      click: performance.getEntriesByName('bench:click')[0]?.startTime ?? Number.NaN,
      firstFrame: performance.getEntriesByName('scan:first-frame')[0]?.startTime ?? Number.NaN,
      decoded: decoded?.startTime ?? Number.NaN,
      decoder: String((decoded?.detail as { decoder?: unknown } | undefined)?.decoder),
    };
  });
  await context.close();
  return {
    firstFrameToCode: marks.decoded - marks.firstFrame,
    clickToCode: marks.decoded - marks.click,
    decoder: marks.decoder,
    fetchedEarly,
  };
}

const p50 = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

if (!process.argv.includes('--no-build')) await run('npx', ['vite', 'build'], { cwd: ROOT });

const decoderFiles = [
  ...(await assets(['webAssemblyDecoder'], '.js')),
  ...(await assets(['zxing_reader'], '.wasm')),
];
const pageChunks = await assets(['nutritionLog', 'nutrition'], '.js');

const videoDir = await mkdtemp(path.join(tmpdir(), 'fitstreak-bench-scan-'));
const video = path.join(videoDir, 'barcode.y4m');
writeBarcodeVideo(video, CODE);

const results = await withBenchServer('bench-scan', async ({ baseUrl, client, server }) => {
  const person = await client.signUp();
  const { status } = await sessionRequest(
    { baseUrl, sessionToken: person.sessionToken },
    'POST',
    '/parse/classes/Food',
    {
      body: {
        name: 'Oat bar, scanned',
        kcalPer100g: 410,
        proteinPer100g: 9,
        carbsPer100g: 60,
        fatPer100g: 14,
        barcode: CODE,
      },
    },
  );
  if (status !== 201) throw new Error(`Creating the food answered ${status}.`);
  const quiet = chromiumLaunchOptions();
  const browser = await chromium.launch({
    ...quiet,
    args: [
      ...(quiet.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const probe = await browser.newPage();
    const hasNative = await probe.evaluate(() => 'BarcodeDetector' in globalThis);
    await probe.close();
    const paths = [
      ...(hasNative ? [{ name: 'native BarcodeDetector', withoutNativeDetector: false }] : []),
      { name: 'WebAssembly (barcode-detector over zxing-wasm)', withoutNativeDetector: true },
    ];
    const runs: { name: string; scans: ScanTimes[] }[] = [];
    for (const { name, withoutNativeDetector } of paths) {
      const scans: ScanTimes[] = [];
      for (let index = 0; index < RUNS; index++) {
        // The page's own origin (PUBLIC_URL): its API calls are refused from any other.
        scans.push(await scanOnce(browser, server.baseUrl, person, withoutNativeDetector));
      }
      runs.push({ name, scans });
    }
    return { hasNative, browserVersion: browser.version(), runs };
  } finally {
    await browser.close();
  }
});
await rm(videoDir, { recursive: true, force: true });

const kB = (bytes: number) => (bytes / 1000).toFixed(2);
const report = [
  `# Barcode scanning (${results.browserVersion}, fake camera 640×480 at 10 fps)`,
  '',
  results.hasNative
    ? 'The page has a native BarcodeDetector.'
    : 'This Chromium has no native BarcodeDetector (as on desktop Linux): only the WebAssembly path runs.',
  '',
  ...markdownTable(
    [
      'decoder',
      'scans',
      'first frame → code p50',
      'max',
      '"Scan" click → code p50',
      'max',
      'decoder files fetched before the click',
    ],
    results.runs.map(({ name, scans }) => {
      const frame = scans.map((scan) => scan.firstFrameToCode);
      const click = scans.map((scan) => scan.clickToCode);
      return [
        `${name} (${[...new Set(scans.map((scan) => scan.decoder))].join(', ')})`,
        scans.length,
        `${ms(p50(frame))} ms`,
        `${ms(Math.max(...frame))} ms`,
        `${ms(p50(click))} ms`,
        `${ms(Math.max(...click))} ms`,
        scans.reduce((total, scan) => total + scan.fetchedEarly, 0),
      ];
    }),
  ),
  '## The decoder, loaded only on "Scan a barcode"',
  '',
  ...markdownTable(
    ['file', 'size (kB)', 'gzip (kB)'],
    [
      ...decoderFiles.map((file) => [file.file, kB(file.bytes), kB(file.gzipBytes)]),
      [
        'total',
        kB(decoderFiles.reduce((sum, file) => sum + file.bytes, 0)),
        kB(decoderFiles.reduce((sum, file) => sum + file.gzipBytes, 0)),
      ],
    ],
  ),
  '## The nutrition page’s own chunks',
  '',
  ...markdownTable(
    ['file', 'size (kB)', 'gzip (kB)'],
    pageChunks.map((file) => [file.file, kB(file.bytes), kB(file.gzipBytes)]),
  ),
].join('\n');

await writeResults(
  `${new Date().toISOString().slice(0, 10)}-scan`,
  { ...results, decoderFiles, pageChunks },
  report,
);
