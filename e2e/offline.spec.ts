import { expect, test, type Page } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { LoginPage } from './pages/LoginPage';
import { createAccount } from './support/api';

test.use({ serviceWorkers: 'allow' });

/** Waits until the service worker has precached the app and controls the page. */
async function installed(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
    .toBe(true);
}

test.describe('installable app', () => {
  test('opens the shell and a signed-in page without a network after one visit', async ({
    page,
    context,
  }) => {
    const account = await createAccount();
    await page.goto('/login');
    await new LoginPage(page).logIn(account.username, account.password);
    const shell = new AppShell(page);
    await shell.expectHeading('Today');
    await installed(page);

    await context.setOffline(true);
    await page.goto('/weight-tracking');

    await shell.expectHeading('Weight');
    await expect(shell.statusBar()).toHaveText('Offline');
    // In the header, where it covers nothing, with what still works.
    await expect(page.getByRole('banner').getByRole('status')).toHaveText('Offline');
    await expect(page.getByRole('banner')).toContainText('What you log is kept on this device');
    await expect(page.getByRole('alert')).toContainText('could not be loaded');
    await shell.open('Friends');
    await shell.expectHeading('Friends');

    // Only the app's own files are kept: no answer of Parse, which belongs to one session.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    expect(cached.length).toBeGreaterThan(10);
    expect(cached.filter((url) => new URL(url).pathname.startsWith('/parse'))).toEqual([]);

    await context.setOffline(false);
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Ranking' })).toBeVisible();
  });

  test('serves a manifest with the name and icons, and a service worker that is revalidated', async ({
    request,
  }) => {
    const manifest = await request.get('/manifest.webmanifest');
    const worker = await request.get('/sw.js');

    expect(manifest.ok()).toBe(true);
    expect(await manifest.json()).toMatchObject({
      name: 'FITSTREAK',
      start_url: '/',
      display: 'standalone',
      icons: expect.arrayContaining([expect.objectContaining({ sizes: '512x512', type: 'image/png' })]),
    });
    expect(worker.headers()['cache-control']).toBe('no-cache');
  });
});
