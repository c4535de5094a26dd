import { expect, test } from '@playwright/test';
import { violationsOn } from './support/accessibility';
import { createAccount, requestAs } from './support/api';
import { openSignedIn } from './support/session';

test.describe('accessibility', () => {
  // Each test runs axe-core on six to nine pages or windows: about 25 s on a quiet 2-core machine,
  // too close to the 30 s a single test gets by default.
  test.describe.configure({ timeout: 120_000 });

  test('the login and sign-up pages break no WCAG 2.1 AA rule', async ({ page }) => {
    for (const path of ['/login', '/signup']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await violationsOn(page), path).toEqual([]);
    }
  });

  test('every window opened from a page breaks no WCAG 2.1 AA rule', async ({ page }) => {
    const account = await createAccount();
    const noon = new Date();
    noon.setHours(12, 0, 0, 0);
    await requestAs(account, 'POST', 'classes/Activity', {
      type: 'run',
      startedAt: { __type: 'Date', iso: noon.toISOString() },
      durationMin: 45,
      distanceKm: 8,
    });
    await openSignedIn(page, account);
    const windows = [
      { path: '/', button: 'Log a workout' },
      { path: '/', button: /^Running/ },
      { path: '/nutrition-log', button: /^Day / },
      { path: '/nutrition-log', button: 'Add to breakfast' },
      { path: '/nutrition-log', button: 'Copy meals from another day' },
      { path: '/nutrition-log', button: 'Set a calorie goal' },
      { path: '/weight-tracking', button: 'Add a weigh-in' },
      { path: '/weight-tracking', button: 'Goal and height' },
      { path: '/weight-tracking', button: 'Import CSV' },
      { path: '/user-settings?section=delete', button: 'Delete my account' },
    ];

    for (const { path, button } of windows) {
      await page.goto(path);
      await page.getByRole('button', { name: button, exact: true }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await violationsOn(page), `${path}: ${String(button)}`).toEqual([]);
    }
  });
  // Every signed-in page at 375 and 1400 px: e2e/layout.spec.ts, in its walk of the pages.
});
