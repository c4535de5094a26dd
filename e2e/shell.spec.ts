import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { AppShell, PAGES } from './pages/AppShell';
import { LoginPage } from './pages/LoginPage';
import { createAccount, e2eServer, revokeSessions, type TestAccount } from './support/api';

async function logInAs(page: Page, account: TestAccount, query = ''): Promise<void> {
  const login = new LoginPage(page);
  await login.goto(query);
  await login.logIn(account.username, account.password);
}

test.describe('app shell', () => {
  test('sends a visitor to the login page with from=, then back to where they were going', async ({
    page,
  }) => {
    const account = await createAccount();
    await page.goto('/weight-tracking?range=3m');
    await expect(page).toHaveURL('/login?from=%2Fweight-tracking%3Frange%3D3m');
    await new LoginPage(page).logIn(account.username, account.password);
    await expect(page).toHaveURL('/weight-tracking?range=3m');
    await new AppShell(page).expectHeading('Weight');
  });

  test('moves through every page from the top navigation', async ({ page }) => {
    await logInAs(page, await createAccount());
    const shell = new AppShell(page);
    for (const { link, path: pathname, heading } of PAGES) {
      await shell.open(link);
      await expect(page).toHaveURL(pathname);
      await shell.expectHeading(heading);
      await expect(shell.nav().getByRole('link', { name: link, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }
  });

  test('shows the not-found page for an unknown path and for an invalid query string', async ({ page }) => {
    const response = await page.goto('/this/does/not/exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();

    await logInAs(page, await createAccount());
    await new AppShell(page).expectHeading('Today');
    await page.goto('/nutrition-log?date=2026-02-31');
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
  });

  test('sends a person whose session was revoked to the login page with a notice', async ({ page }) => {
    const account = await createAccount();
    await logInAs(page, account);
    await new AppShell(page).expectHeading('Today');
    await revokeSessions(account.objectId);
    await page.goto('/user-settings');
    await expect(page).toHaveURL(/\/login\?from=%2Fuser-settings&notice=expired$/);
    await new LoginPage(page).expectNotice('Your session has expired.');
  });

  test('sends a person to the login page as soon as their session is ended elsewhere', async ({ page }) => {
    const account = await createAccount();
    // Heard from the socket's first frame on: the bell's subscription may be answered before the page shows.
    const subscribed = new Promise<void>((resolve) => {
      page.on('websocket', (socket) =>
        socket.on('framereceived', (frame) => {
          if (String(frame.payload).includes('"subscribed"')) resolve();
        }),
      );
    });
    await logInAs(page, account);
    await new AppShell(page).expectHeading('Today');
    await subscribed;

    await revokeSessions(account.objectId);

    await expect(page).toHaveURL(/\/login\?from=%2F&notice=expired$/);
    await new LoginPage(page).expectNotice('Your session has expired.');
  });

  test('flips the status bar between Online and Offline', async ({ page, context }) => {
    await page.goto('/login');
    const shell = new AppShell(page);
    await expect(shell.statusBar()).toHaveText('Online');
    await context.setOffline(true);
    await expect(shell.statusBar()).toHaveText('Offline');
    await context.setOffline(false);
    await expect(shell.statusBar()).toHaveText('Online');
  });

  test('turns the loading bar red when a Parse request fails, until the next request starts', async ({
    page,
  }) => {
    const account = await createAccount();
    await page.goto('/login');
    await page.route('**/parse/login', (route) => route.abort('failed'));
    const login = new LoginPage(page);
    await login.logIn(account.username, account.password);
    await expect(page.getByRole('alert')).toContainText('could not be reached');
    // Nothing is sent after the failure, so the red bar stays for as long as the page is left alone.
    await expect(page.locator('html')).toHaveClass(/loading-bar-failed/);
    const bar = page.locator('#nprogress .bar');
    await expect(bar).toHaveCSS('background-color', 'rgb(220, 38, 38)');
    await expect(bar).toHaveCSS('height', '2px');

    await page.unroute('**/parse/login');
    await login.logIn(account.username, account.password);
    await new AppShell(page).expectHeading('Today');
    await expect(page.locator('html')).not.toHaveClass(/loading-bar-failed/);
  });

  test('reloads once when a page chunk fails to load, and shows the error page if it fails again within 60 s', async ({
    page,
  }) => {
    await logInAs(page, await createAccount());
    await new AppShell(page).expectHeading('Today');
    await page.route(/\/assets\/weightTracking-[^/]+\.js$/, (route) => route.abort('failed'));
    let loads = 0;
    page.on('load', () => (loads += 1));
    await new AppShell(page).open('Weight');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(loads).toBe(1);
    await expect(page.getByText('The server could not be reached.', { exact: false })).toBeVisible();
    const stamp = await page.evaluate(() => sessionStorage.getItem('fitstreak:chunk-reload-at'));
    expect(Number(stamp)).toBeGreaterThan(0);
  });
});

test.describe('secrets', () => {
  test('never sends the master key to the browser', async ({ page, request }) => {
    const { masterKey } = e2eServer();
    const config = await request.get('/config.json');
    // Public settings only; the e2e server names a map tile server (e2e/support/tiles.ts) and an
    // OpenID Connect provider (e2e/support/oidcProvider.ts).
    expect(Object.keys((await config.json()) as object).sort()).toEqual([
      'appId',
      'liveQueryServerURL',
      'mapTileAttribution',
      'mapTileUrl',
      'oidcName',
      'serverURL',
      'vapidPublicKey',
    ]);
    expect(await config.text()).not.toContain(masterKey);

    const distAssets = path.resolve('dist/assets');
    for (const name of await readdir(distAssets)) {
      expect(await readFile(path.join(distAssets, name), 'utf8'), name).not.toContain(masterKey);
    }
    await page.goto('/login');
    expect(await page.content()).not.toContain(masterKey);
  });

  test('serves the page with the FITSTREAK title and a noindex robots meta', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('FITSTREAK');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });
});
