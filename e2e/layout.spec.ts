import { expect, test, type Page } from '@playwright/test';
import { AppShell, PAGES } from './pages/AppShell';
import { LoginPage } from './pages/LoginPage';
import { createAccount } from './support/api';

/** Form controls reaching past the right edge of the card they sit in, each as "name: N px". */
function controlsPastTheirCard(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const control of document.querySelectorAll('input, select, textarea, button')) {
      const card = control.closest('.card');
      const box = control.getBoundingClientRect();
      if (!card || box.width === 0) continue;
      const past = box.right - card.getBoundingClientRect().right;
      const name =
        control.id || control.getAttribute('name') || control.textContent?.trim() || control.tagName;
      if (past > 1) found.push(`${name}: ${Math.round(past)} px`);
    }
    return found;
  });
}

test.describe('layout', () => {
  for (const width of [375, 768, 1400]) {
    test(`every page fits a ${width} px wide screen, each form control within its card`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const account = await createAccount();
      const login = new LoginPage(page);
      await login.goto();
      await login.logIn(account.username, account.password);
      const shell = new AppShell(page);
      await shell.expectHeading('Today');

      for (const { path, heading } of PAGES) {
        await page.goto(path);
        await shell.expectHeading(heading);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
        expect(await controlsPastTheirCard(page), `${path} has controls past their card`).toEqual([]);
      }
    });
  }
});
