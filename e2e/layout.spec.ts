import { expect, test, type Page } from '@playwright/test';
import { PAGES } from './pages/AppShell';
import { createAccount } from './support/api';
import { logInAs } from './support/session';

/** Form controls reaching past the right edge of the card they sit in, each as "name: N px". */
function controlsPastTheirCard(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const control of document.querySelectorAll('input, select, textarea, button')) {
      const card = control.closest('.card');
      const box = control.getBoundingClientRect();
      if (!card || box.width === 0) continue;
      const past = box.right - card.getBoundingClientRect().right;
      const label = 'labels' in control ? (control.labels as NodeListOf<HTMLLabelElement>)[0] : undefined;
      const name = (label ?? control).textContent?.trim() || control.tagName;
      if (past > 1) found.push(`${name}: ${Math.round(past)} px`);
    }
    return found;
  });
}

test.describe('layout', () => {
  for (const width of [375, 768, 1400]) {
    test(`the menu and every page fit a ${width} px wide screen, each form control within its card`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const shell = await logInAs(page, await createAccount());
      for (const { link } of PAGES) {
        const box = await shell.nav().getByRole('link', { name: link, exact: true }).boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width, `${link} in the menu is on screen`).toBe(
          true,
        );
      }

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
