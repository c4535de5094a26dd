// `npm run bench:heights`: how tall every signed-in page is on a 375 px phone and a 1400 px
// screen (each settings section on its own), signed in as the demo person, on a production build.
// Pass --no-build to measure the dist/ already built.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/browser';
import { PAGES } from '../e2e/pages/AppShell';
import { seedDemo } from '../server/demo/demo';
import { ROOT } from '../server/test/serverProcess';
import { logInThroughPage, markdownTable, withBenchServer } from './support';

const run = promisify(execFile);
const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1400, height: 900 },
] as const;

/** The page's full height in CSS pixels once no request is in flight. */
async function heightOf(page: Page, path: string): Promise<number> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => document.documentElement.scrollHeight);
}

/** The settings sections the page links to, when it has a list of them; else the page alone. */
async function settingsPaths(page: Page): Promise<string[]> {
  await page.goto('/user-settings');
  await page.getByRole('heading', { level: 1 }).waitFor();
  const list = page.getByRole('navigation', { name: 'Settings sections' });
  if ((await list.count()) === 0) return ['/user-settings'];
  const hrefs = await list
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return ['/user-settings', ...hrefs];
}

if (!process.argv.includes('--no-build')) await run('npx', ['vite', 'build'], { cwd: ROOT });

const rows = await withBenchServer('bench-heights', async ({ server }) => {
  // The app's own origin (PUBLIC_URL): the page's API calls are refused from any other.
  const { baseUrl } = server;
  const demo = await seedDemo({ baseUrl, timeZone: 'Europe/Berlin' });
  const browser = await chromium.launch(chromiumLaunchOptions());
  const heights = new Map<string, number[]>();
  try {
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport,
        locale: 'en-GB',
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      await logInThroughPage(page, { username: demo.people.me.username, password: demo.password });
      await page.waitForURL(`${baseUrl}/`).catch(async (error: unknown) => {
        console.log(page.url(), await page.locator('body').innerText());
        throw error;
      });
      const paths: string[] = PAGES.map((entry) => entry.path).filter((path) => path !== '/user-settings');
      paths.push(...(await settingsPaths(page)));
      for (const path of paths) heights.set(path, [...(heights.get(path) ?? []), await heightOf(page, path)]);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return [...heights].map(([path, [phone = 0, wide = 0]]) => [path, phone, wide, (phone / 812).toFixed(1)]);
});

console.log(
  `\n${markdownTable(['page', 'height at 375 px', 'height at 1400 px', 'phone screens (812 px)'], rows).join('\n')}\n`,
);
