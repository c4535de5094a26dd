import type { Page } from '@playwright/test';

export class ResetPasswordPage {
  constructor(private readonly page: Page) {}

  async requestLink(email: string): Promise<void> {
    await this.page.goto('/reset-password');
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByRole('button', { name: 'Send reset link' }).click();
  }

  async chooseNewPassword(password: string): Promise<void> {
    await this.page.getByLabel('New password').fill(password);
    await this.page.getByLabel('Confirm password').fill(password);
    await this.page.getByRole('button', { name: 'Change password' }).click();
  }
}
