import { expect, test, type Page } from '@playwright/test';
import { ActivityPage } from './pages/ActivityPage';
import { PAGES } from './pages/AppShell';
import { AvatarEditor } from './pages/AvatarEditor';
import { ChatPage } from './pages/ChatPage';
import { WeightPage } from './pages/WeightPage';
import { createAccount } from './support/api';
import { twoColourPng } from './support/pictures';
import { settleReports, watchPolicyViolations } from './support/policyViolations';
import { logInAs } from './support/session';

/** Fails with every refusal seen so far, named by where the test was. */
async function expectNoViolations(page: Page, violations: string[], where: string): Promise<void> {
  await settleReports(page);
  expect(violations, where).toEqual([]);
}

test.describe('Content-Security-Policy', () => {
  // Each test walks through many pages and windows, as the accessibility tests do.
  test.describe.configure({ timeout: 120_000 });

  test('is enforced: the page refuses an injected <style> element and the watcher reports it', async ({
    page,
  }) => {
    const violations = await watchPolicyViolations(page);
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = 'body { outline: 1px solid red; }';
      document.head.append(style);
    });

    await expect
      .poll(() => violations.some((line) => line.startsWith('style-src-elem refused inline')))
      .toBe(true);
  });

  test.describe('with the service worker', () => {
    test.use({ serviceWorkers: 'allow' });

    test('refuses nothing on the signed-out pages, and lets the service worker install and serve them', async ({
      page,
    }) => {
      const violations = await watchPolicyViolations(page);
      for (const path of ['/login', '/signup', '/reset-password']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoViolations(page, violations, path);
      }

      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
        .toBe(true);
      const served = await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(served?.fromServiceWorker()).toBe(true);
      expect(await served?.headerValue('content-security-policy')).toContain("script-src 'self'");
      await expectNoViolations(page, violations, '/login from the service worker');
    });
  });

  test('refuses nothing on any signed-in page, with a chart, live chat and the photo cropper', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' }); // charts are drawn at once
    const violations = await watchPolicyViolations(page);
    const shell = await logInAs(page, await createAccount());
    await expectNoViolations(page, violations, 'log in');

    const activity = new ActivityPage(page);
    await activity.openNew();
    await activity.fill({ duration: '40' });
    await activity.save();
    await expect(page.locator('.chart-box canvas')).toBeVisible();
    await expectNoViolations(page, violations, 'start page with a chart');

    for (const { path, heading } of PAGES) {
      await page.goto(path);
      await shell.expectHeading(heading);
      await expectNoViolations(page, violations, path);
    }

    const weight = new WeightPage(page);
    await weight.goto();
    await weight.addWeighIn('80', 1);
    await expect(page.locator('.weight-chart canvas')).toBeVisible();
    await expectNoViolations(page, violations, 'weight chart');

    // LiveQuery's WebSocket is allowed by connect-src: the room goes live.
    const chat = new ChatPage(page);
    await chat.goto();
    await chat.expectLive();
    await expectNoViolations(page, violations, 'live chat');

    const windows = [
      { path: '/nutrition-log', button: /^Day / },
      { path: '/nutrition-log', button: 'Add to breakfast' },
      { path: '/nutrition-log', button: 'Copy meals from another day' },
      { path: '/weight-tracking', button: 'Import CSV' },
      { path: '/user-settings?section=delete', button: 'Delete my account' },
    ];
    for (const { path, button } of windows) {
      await page.goto(path);
      await page.getByRole('button', { name: button, exact: true }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoViolations(page, violations, `${path}: ${String(button)}`);
    }

    // The cropper shows a blob: URL and is styled by its stylesheet, not by a <style> it injects.
    await page.goto('/user-settings?section=profile');
    const avatar = new AvatarEditor(page);
    await avatar.choose({ name: 'me.png', mimeType: 'image/png', buffer: twoColourPng(480, 320) });
    await expect(avatar.cropWindow()).toBeVisible();
    const cropArea = avatar.cropWindow().getByRole('group', { name: /Part of the photo to keep/ });
    await expect(cropArea).toHaveCSS('position', 'absolute');
    await expect(page.locator('style')).toHaveCount(0);
    await avatar.save();
    await expect(avatar.picture()).toBeVisible();
    await expect
      .poll(() => avatar.picture().evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(256);
    await expectNoViolations(page, violations, 'photo cropper');
  });
});
