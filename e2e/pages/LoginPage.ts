import { expect, type Page } from '@playwright/test';

export class LoginPage {
  constructor(private readonly page: Page) {}

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/login${query}`);
  }

  async logIn(username: string, password: string): Promise<void> {
    await this.page.getByLabel('Username').fill(username);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Log in' }).click();
  }

  async expectError(sentence: string | RegExp): Promise<void> {
    await expect(this.page.getByRole('alert')).toContainText(sentence);
  }

  async expectNotice(sentence: string | RegExp): Promise<void> {
    await expect(this.page.getByRole('status').filter({ hasText: sentence })).toBeVisible();
  }
}
