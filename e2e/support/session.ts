import type { Page } from '@playwright/test';
import { AppShell } from '../pages/AppShell';
import { LoginPage } from '../pages/LoginPage';
import { e2eServer, logInOverApi, type TestAccount } from './api';

/** Logs `account` in through the login page and waits for the start page. */
export async function logInAs(page: Page, account: TestAccount): Promise<AppShell> {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(account.username, account.password);
  const shell = new AppShell(page);
  await shell.expectHeading('Today');
  return shell;
}

/**
 * Opens `path` on a device where `account` is signed in already: its own log-in over the API,
 * stored where the SDK keeps the session. For tests whose subject is not the login page, which would
 * cost a page load and a form each time (e2e/auth.spec.ts tests it).
 */
export async function openSignedIn(page: Page, account: TestAccount, path = '/'): Promise<AppShell> {
  const { appId } = e2eServer();
  const user = await logInOverApi(account);
  // Any page of the origin gives access to its storage; /healthz is the lightest.
  await page.goto('/healthz');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    `Parse/${appId}/currentUser`,
    JSON.stringify({ ...user, className: '_User' }),
  ] as const);
  await page.goto(path);
  return new AppShell(page);
}
