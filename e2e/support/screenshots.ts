// The pictures of docs/screenshots: every page of a signed-in person and the login page, at a
// laptop's and a phone's width, each of the viewport once the page's data and charts are drawn.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { PAGES } from '../pages/AppShell';
import { SETTINGS_SECTIONS, settingsPath } from '../../src/domain/settingsSections';
import { LoginPage } from '../pages/LoginPage';
import { chromiumLaunchOptions } from './browser';

/** Viewport heights by width: a laptop screen and a phone's. */
const VIEWPORTS = { 1400: 900, 375: 812 } as const;
export type ScreenshotWidth = keyof typeof VIEWPORTS;
export const SCREENSHOT_WIDTHS: readonly ScreenshotWidth[] = [1400, 375];

/**
 * The pages pictured, named as their files are (`<name>-<width>.png`): the login page, the app's
 * own list, and each settings section a person has (invitations only on an invite-only server).
 */
export const SCREENSHOT_PAGES = [
  { name: 'login', path: '/login', heading: 'Log in', signedIn: false },
  ...PAGES.map(({ path: route, heading }) => ({
    name: route === '/' ? 'dashboard' : route.slice(1),
    path: route,
    heading,
    signedIn: true,
  })),
  ...SETTINGS_SECTIONS.filter((section) => section !== 'invitations').map((section) => ({
    name: `user-settings-${section}`,
    path: settingsPath(section),
    heading: 'Settings',
    signedIn: true,
  })),
];

export interface ScreenshotOptions {
  baseUrl: string;
  username: string;
  password: string;
  outDir: string;
  widths?: readonly ScreenshotWidth[];
  /** Names from SCREENSHOT_PAGES; all when absent. */
  pages?: readonly string[];
  /** A browser already running (a test's); else the system Chromium is launched and closed. */
  browser?: Browser;
}

/** The loading bar comes and goes with requests: it is left out of the picture. */
const HIDDEN = '#nprogress { display: none !important; }';

/**
 * True once every lazy chart has loaded and every canvas has been drawn on. A string, since tsx
 * wraps named functions in a helper the page does not have.
 */
const CHARTS_DRAWN = `document.querySelector('.chart-placeholder') === null &&
  [...document.querySelectorAll('canvas')].every((canvas) => {
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0 || canvas.height === 0) return false;
    return context.getImageData(0, 0, canvas.width, canvas.height).data.some((value, index) => index % 4 === 3 && value !== 0);
  })`;

/** Waits until no request is in flight, the charts are drawn and the fonts are in. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(CHARTS_DRAWN);
  await page.evaluate('document.fonts.ready.then(() => undefined)');
}

async function expectHeading(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/** Signs in as the account and writes one PNG per page and width; answers the files written. */
export async function takeScreenshots(options: ScreenshotOptions): Promise<string[]> {
  const widths = options.widths ?? SCREENSHOT_WIDTHS;
  const pages = SCREENSHOT_PAGES.filter((entry) => !options.pages || options.pages.includes(entry.name));
  await mkdir(options.outDir, { recursive: true });
  const browser = options.browser ?? (await chromium.launch(chromiumLaunchOptions()));
  const written: string[] = [];
  try {
    for (const width of widths) {
      const context = await browser.newContext({
        baseURL: options.baseUrl,
        viewport: { width, height: VIEWPORTS[width] },
        deviceScaleFactor: 1,
        locale: 'en-GB',
        // Charts appear at once instead of growing into place (src/lib/charts.tsx).
        reducedMotion: 'reduce',
        serviceWorkers: 'block',
        // Playwright hides the loading bar (HIDDEN) with a <style> element, which the app's CSP refuses.
        bypassCSP: true,
      });
      const page = await context.newPage();
      const shoot = async (name: string) => {
        await settle(page);
        const file = path.join(options.outDir, `${name}-${width}.png`);
        await page.screenshot({ path: file, style: HIDDEN, animations: 'disabled', caret: 'hide' });
        written.push(file);
      };
      const login = new LoginPage(page);
      await login.goto();
      await expectHeading(page, 'Log in');
      for (const entry of pages.filter((candidate) => !candidate.signedIn)) await shoot(entry.name);
      await login.logIn(options.username, options.password);
      await expectHeading(page, 'Today');
      for (const entry of pages.filter((candidate) => candidate.signedIn)) {
        await page.goto(entry.path);
        await expectHeading(page, entry.heading);
        await shoot(entry.name);
      }
      await context.close();
    }
  } finally {
    if (!options.browser) await browser.close();
  }
  return written;
}
