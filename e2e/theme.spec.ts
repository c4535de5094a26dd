import { expect, test, type Page } from '@playwright/test';
import { PAGES } from './pages/AppShell';
import { violationsOn } from './support/accessibility';
import { createAccount } from './support/api';
import { withSomeHistory } from './support/history';
import { logInAs, openSignedIn } from './support/session';

const shownTheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

test.describe('the dark theme', () => {
  // axe-core on seven pages and a window: well over the 30 s a single test gets by default.
  test.describe.configure({ timeout: 120_000 });
  test.use({ colorScheme: 'dark' });

  test('follows a dark device on every page and window, breaking no WCAG 2.1 AA rule', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    expect(await shownTheme(page)).toBe('dark');
    expect(await violationsOn(page), '/login').toEqual([]);

    const account = await createAccount();
    await withSomeHistory(account);
    const shell = await openSignedIn(page, account);
    for (const { path, heading } of PAGES) {
      await page.goto(path);
      await shell.expectHeading(heading);
      if (path === '/weight-tracking') await expect(page.locator('.weight-chart canvas')).toBeVisible();
      expect(await shownTheme(page), path).toBe('dark');
      expect(await violationsOn(page), path).toEqual([]);
    }
    await page.goto('/');
    await page.getByRole('button', { name: /^Running/ }).click();
    await expect(page.getByRole('dialog', { name: /^Running on / })).toBeVisible();
    expect(await violationsOn(page), 'the workout summary').toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Log a workout' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await violationsOn(page), 'the workout window').toEqual([]);
    await page.getByRole('button', { name: /^Date / }).click();
    await expect(page.getByRole('dialog', { name: 'Date' }).getByRole('grid')).toBeVisible();
    expect(await violationsOn(page), 'the date picker').toEqual([]);
  });

  test('is chosen in the settings, shown before the first paint, and followed by another device', async ({
    page,
    browser,
  }) => {
    const account = await createAccount();
    await openSignedIn(page, account, '/user-settings?section=preferences');
    const appearance = page.getByRole('region', { name: 'Appearance' });
    await expect(appearance.getByLabel(/^Like this device/)).toBeChecked();
    expect(await shownTheme(page)).toBe('dark');

    await appearance.getByLabel('Light', { exact: true }).check();
    // The route's action applies the choice: wait for it.
    await expect.poll(() => shownTheme(page)).toBe('light');
    await expect(appearance.getByText('Theme saved for every device you use.')).toBeVisible();
    expect(await violationsOn(page)).toEqual([]);

    // The choice is on the page before any of the app's own code has run.
    const atFirstPaint: string[] = [];
    page.on('domcontentloaded', () => {
      void shownTheme(page).then((theme) => atFirstPaint.push(String(theme)));
    });
    await page.reload();
    await expect.poll(() => atFirstPaint).toEqual(['light']);

    // A new device with a dark system setting learns the choice from the account.
    const other = await browser.newContext({ colorScheme: 'dark' });
    try {
      const otherPage = await other.newPage();
      await logInAs(otherPage, account);
      await expect.poll(() => shownTheme(otherPage)).toBe('light');
    } finally {
      await other.close();
    }
  });
});
