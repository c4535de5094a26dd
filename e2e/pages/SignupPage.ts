import type { Page } from '@playwright/test';

export interface SignupValues {
  username: string;
  email: string;
  password: string;
  confirmPassword?: string;
}

export class SignupPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/signup');
  }

  async signUp({ username, email, password, confirmPassword = password }: SignupValues): Promise<void> {
    await this.page.getByLabel('Username').fill(username);
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByLabel('Confirm password').fill(confirmPassword);
    await this.page.getByRole('button', { name: 'Sign up' }).click();
  }
}
