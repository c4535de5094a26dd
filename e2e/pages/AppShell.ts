import { expect, type Page } from '@playwright/test';

export const PAGES = [
  { link: 'Today', path: '/', heading: 'Today' },
  { link: 'Nutrition', path: '/nutrition-log', heading: 'Nutrition' },
  { link: 'Weight', path: '/weight-tracking', heading: 'Weight' },
  { link: 'Friends', path: '/friends-ranking', heading: 'Friends' },
  { link: 'Chat', path: '/exercises-chat', heading: 'Chat' },
  { link: 'Settings', path: '/user-settings', heading: 'Settings' },
] as const;

export class AppShell {
  constructor(private readonly page: Page) {}

  nav() {
    return this.page.getByRole('navigation', { name: 'Main' });
  }

  async open(link: string): Promise<void> {
    await this.nav().getByRole('link', { name: link, exact: true }).click();
  }

  async expectHeading(name: string): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name })).toBeVisible();
  }

  async logOut(): Promise<void> {
    await this.page.getByRole('button', { name: 'Log out' }).click();
  }

  statusBar() {
    return this.page.locator('.status-text');
  }
}
