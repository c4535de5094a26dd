import { expect, test } from '@playwright/test';
import { PAGES } from './pages/AppShell';
import { createAccount } from './support/api';
import { controlsPastTheirCard, overflowOf } from './support/layout';
import { logInAs } from './support/session';

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
        const overflow = await overflowOf(page);
        expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
        expect(await controlsPastTheirCard(page), `${path} has controls past their card`).toEqual([]);
      }
    });
  }
});
