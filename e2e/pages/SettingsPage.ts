import { expect, type Locator, type Page } from '@playwright/test';
import type { TestAccount } from '../support/api';
import { openSignedIn } from '../support/session';

/** The settings page, one region per section. */
export class SettingsPage {
  constructor(private readonly page: Page) {}

  /** Opens the page signed in as `account`. */
  async open(account: TestAccount): Promise<void> {
    await openSignedIn(this.page, account, '/user-settings');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  }

  section(name: string): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }
}
