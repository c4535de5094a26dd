import type { Page } from '@playwright/test';
import { AppShell } from '../pages/AppShell';
import { LoginPage } from '../pages/LoginPage';
import type { TestAccount } from './api';

/** Logs `account` in from the login page and waits for the start page. */
export async function logInAs(page: Page, account: TestAccount): Promise<AppShell> {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(account.username, account.password);
  const shell = new AppShell(page);
  await shell.expectHeading('Today');
  return shell;
}
