import { expect, type Locator, type Page } from '@playwright/test';
import { settingsPath, type SettingsSection } from '../../src/domain/settingsSections';
import type { TestAccount } from '../support/api';
import { openSignedIn } from '../support/session';

/** The settings page: a list of sections, each its own view with one region per form. */
export class SettingsPage {
  constructor(private readonly page: Page) {}

  /** Opens the page signed in as `account`, at one section or (none named) at the list. */
  async open(account: TestAccount, section?: SettingsSection): Promise<void> {
    await openSignedIn(this.page, account, section ? settingsPath(section) : '/user-settings');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  }

  sectionList(): Locator {
    return this.page.getByRole('navigation', { name: 'Settings sections' });
  }

  /** Opens a section from the list, as a person does: by its title. */
  async choose(title: string): Promise<void> {
    await this.sectionList()
      .getByRole('link', { name: new RegExp(`^${title}`) })
      .click();
    await expect(this.page).toHaveURL(/[?&]section=/);
  }

  section(name: string): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }
}
