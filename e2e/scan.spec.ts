import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { NutritionPage } from './pages/NutritionPage';
import { violationsOn } from './support/accessibility';
import { createAccount, e2eServer, requestAs, type TestAccount } from './support/api';
import { ean13CheckDigit, writeBarcodeVideo } from './support/barcodeVideo';
import { chromiumLaunchOptions, desktopChromiumLaunchOptions } from './support/browser';
import { settleReports, watchPolicyViolations } from './support/policyViolations';
import { openSignedIn } from './support/session';

// An in-store code (prefix 20): no catalogue has it, so only a person's own food can.
const CODE = `200123456789${ean13CheckDigit('200123456789')}`;

/** Chromium's fake camera, which plays `video` to getUserMedia. */
const FAKE_CAMERA = ['--use-fake-device-for-media-stream'];

let cameraBrowser: Browser;
let deniedBrowser: Browser;

test.beforeAll(async () => {
  const video = path.join(mkdtempSync(path.join(tmpdir(), 'fitstreak-scan-')), 'barcode.y4m');
  writeBarcodeVideo(video, CODE);
  const quiet = chromiumLaunchOptions();
  // One browser whose camera shows the code and whose permission prompt always allows.
  cameraBrowser = await chromium.launch({
    ...quiet,
    args: [
      ...(quiet.args ?? []),
      ...FAKE_CAMERA,
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  // The headless shell answers a prompt it cannot show with NotSupportedError; the full browser
  // dismisses it, which is the NotAllowedError of a refusal.
  const desktop = desktopChromiumLaunchOptions();
  deniedBrowser = await chromium.launch({ ...desktop, args: [...(desktop.args ?? []), ...FAKE_CAMERA] });
});

test.afterAll(async () => {
  await cameraBrowser.close();
  await deniedBrowser.close();
});

/** A phone-sized device of `browser`, signed in as a new account on the nutrition page. */
async function phone(
  browser: Browser,
  options: { withoutNativeDetector?: boolean } = {},
): Promise<{
  context: BrowserContext;
  page: Page;
  nutrition: NutritionPage;
  account: TestAccount;
  /** What the page's Content-Security-Policy and Permissions-Policy refused. */
  violations: string[];
}> {
  const context = await browser.newContext({
    baseURL: e2eServer().baseUrl,
    viewport: { width: 375, height: 812 },
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
  });
  if (options.withoutNativeDetector) {
    await context.addInitScript(() => {
      Reflect.deleteProperty(globalThis, 'BarcodeDetector');
    });
  }
  const page = await context.newPage();
  const violations = await watchPolicyViolations(page);
  const account = await createAccount();
  await openSignedIn(page, account, '/nutrition-log');
  const nutrition = new NutritionPage(page);
  await expect(nutrition.heading()).toBeVisible();
  return { context, page, nutrition, account, violations };
}

/** Axe finds nothing on the page as it is, in the light and the dark theme. */
async function expectAxeClean(page: Page, what: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await violationsOn(page), `${what}, ${colorScheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe('barcode scanning', () => {
  // Axe in two themes on two states of a window (about 3 s a run on a busy 2-core machine) beside a
  // camera and a WebAssembly compile: more than the default 30 s a test gets.
  test.describe.configure({ timeout: 60_000 });

  for (const run of [
    { name: 'with the browser’s own decoder where it has one', withoutNativeDetector: false },
    { name: 'with the WebAssembly decoder', withoutNativeDetector: true },
  ]) {
    test(`scans a pack at 375 px and logs its food, ${run.name}`, async () => {
      const { context, page, nutrition, account, violations } = await phone(cameraBrowser, run);
      await requestAs(account, 'POST', 'classes/Food', {
        name: 'Oat bar, own',
        kcalPer100g: 410,
        proteinPer100g: 9,
        carbsPer100g: 60,
        fatPer100g: 14,
        servingG: 40,
        servingLabel: '1 bar (40 g)',
        barcode: CODE,
      });
      const hasNative = await page.evaluate(() => 'BarcodeDetector' in globalThis);
      expect(hasNative && run.withoutNativeDetector).toBe(false);
      const decoderFiles: string[] = [];
      page.on('request', (request) => {
        if (/\.wasm$|webAssemblyDecoder/.test(request.url())) decoderFiles.push(request.url());
      });

      const window = await nutrition.openAddWindow('Breakfast');
      // The window as it opens is the same in both runs: axe checks it once.
      if (run.withoutNativeDetector) {
        await expectAxeClean(page, 'food search with the scan button and the number field');
      }
      expect(decoderFiles).toEqual([]);
      await window.getByRole('button', { name: 'Scan a barcode' }).click();
      await expect(window.getByText('Oat bar, own')).toBeVisible();
      // The code found, the camera's view is gone (its tracks stopped with it).
      await expect(window.getByLabel('Camera view')).toHaveCount(0);
      await expect(window.getByLabel('Unit')).toHaveValue('serving');
      await window.getByRole('button', { name: 'Save entry' }).click();
      await expect(window).toBeHidden();
      await expect(nutrition.entries('Breakfast')).toHaveCount(1);
      await expect(nutrition.section('Breakfast')).toContainText('Oat bar, own');
      await expect(nutrition.section('Breakfast')).toContainText('164 kcal');

      // One code read, by the browser's own decoder exactly when the page has one (Chromium has
      // none on desktop Linux, so here both runs read it with WebAssembly).
      const decoders = await page.evaluate(() =>
        performance
          .getEntriesByName('scan:decoded')
          .map((mark) => (mark as PerformanceMark).detail as unknown),
      );
      expect(decoders).toEqual([{ decoder: hasNative ? 'native' : 'webAssembly' }]);
      if (!hasNative) {
        // The WebAssembly decoder came from the app's own origin, once the scan began.
        const origin = new URL(e2eServer().baseUrl).origin;
        expect(decoderFiles.length).toBeGreaterThanOrEqual(2);
        for (const file of decoderFiles) expect(new URL(file).origin).toBe(origin);
      }
      // The camera and the WebAssembly compile are within the page's policies.
      await settleReports(page);
      expect(violations).toEqual([]);
      await context.close();
    });
  }

  test('an unknown code makes an own food from values per serving, and the next scan finds it', async () => {
    const { context, page, nutrition } = await phone(cameraBrowser);
    const window = await nutrition.openAddWindow('Snacks');
    await window.getByRole('button', { name: 'Scan a barcode' }).click();
    await expect(
      window.getByText(`No food with the barcode ${CODE} is known yet. You can create it.`),
    ).toBeVisible();
    await expectAxeClean(page, 'unknown code');
    await window.getByRole('button', { name: 'Create this food' }).click();

    await expect(window.getByLabel('Barcode')).toHaveValue(CODE);
    await window.getByRole('radio', { name: 'Per serving' }).check();
    await window.getByLabel('Name', { exact: true }).fill('Rye crackers');
    await window.getByLabel('Energy (kcal per serving)').fill('125');
    await window.getByLabel('Protein (g per serving)').fill('3');
    await window.getByLabel('Carbs (g per serving)').fill('21');
    await window.getByLabel('Fat (g per serving)').fill('2.4');
    await window.getByLabel('Serving (g)').fill('30');
    await expectAxeClean(page, 'create-food form');
    await window.getByRole('button', { name: 'Save food' }).click();

    // Per 100 g: 417 kcal, protein 10 g, carbs 70 g, fat 8 g.
    await expect(window.getByText('Rye crackers')).toBeVisible();
    await expect(window.getByText(/^417 kcal · P 10 g · C 70 g · F 8 g per 100 g/)).toBeVisible();
    await window.getByRole('button', { name: 'Save entry' }).click();
    await expect(window).toBeHidden();
    await expect(nutrition.section('Snacks')).toContainText('Rye crackers');

    const again = await nutrition.openAddWindow('Lunch');
    await again.getByRole('button', { name: 'Scan a barcode' }).click();
    // The amount form of the own food (it is also among the recent foods the search lists).
    await expect(again.getByLabel('Amount')).toBeVisible();
    await expect(again.getByText(/^417 kcal · P 10 g · C 70 g · F 8 g per 100 g/)).toBeVisible();
    await context.close();
  });

  test('a refused camera says so; the number can be typed, and offline it finds a food on the device', async () => {
    const { context, page, nutrition, account } = await phone(deniedBrowser);
    await requestAs(account, 'POST', 'classes/Food', {
      name: 'Oat bar, own',
      kcalPer100g: 410,
      proteinPer100g: 9,
      carbsPer100g: 60,
      fatPer100g: 14,
      barcode: CODE,
    });
    const window = await nutrition.openAddWindow('Dinner');
    await window.getByRole('button', { name: 'Scan a barcode' }).click();
    await expect(
      window.getByText(
        'The camera is not allowed for this site. Allow it in the browser’s site settings, or type the number instead.',
      ),
    ).toBeVisible();
    await expect(window.getByLabel('Camera view')).toHaveCount(0);
    await expectAxeClean(page, 'refused camera');
    await window.getByLabel('Type the number').fill('12345');
    await window.getByLabel('Type the number').press('Enter');
    await expect(window.getByText('Type the 8 to 14 digits under the bars.')).toBeVisible();
    await window.getByLabel('Type the number').fill(CODE);
    await window.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(window.getByText('Oat bar, own')).toBeVisible();
    await window.getByRole('button', { name: 'Save entry' }).click();
    await expect(window).toBeHidden();
    await expect(nutrition.section('Dinner')).toContainText('Oat bar, own');

    // Offline: the day's meals hold the food, so its code still finds it; another code cannot.
    await context.setOffline(true);
    const offline = await nutrition.openAddWindow('Lunch');
    await offline.getByLabel('Type the number').fill(CODE);
    await offline.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(offline.getByText(/^410 kcal · P 9 g/)).toBeVisible();
    await offline.getByRole('button', { name: 'Change food' }).click();
    const elsewhere = `400638133393${ean13CheckDigit('400638133393')}`;
    await offline.getByLabel('Type the number').fill(elsewhere);
    await offline.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(
      offline.getByText(
        `The barcode ${elsewhere} is not among the foods on this device. Looking it up needs a connection.`,
      ),
    ).toBeVisible();
    await context.close();
  });
});
