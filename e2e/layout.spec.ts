import { expect, test } from '@playwright/test';
import { PAGES } from './pages/AppShell';
import { violationsOn } from './support/accessibility';
import { createAccount } from './support/api';
import { controlsPastTheirCard, overflowOf } from './support/layout';
import { openSignedIn } from './support/session';

// One walk per width checks what every signed-in page must keep there: the layout, and at the
// phone's and the desktop's width the WCAG 2.1 A and AA rules (axe-core, e2e/support/accessibility.ts).
test.describe('every signed-in page', () => {
  // axe-core on six pages takes about 15 s on a quiet 2-core machine, half of a test's default 30 s.
  test.describe.configure({ timeout: 120_000 });

  for (const { width, axe } of [
    { width: 375, axe: true },
    { width: 768, axe: false },
    { width: 1400, axe: true },
  ]) {
    const rules = axe ? ', and breaks no WCAG 2.1 AA rule' : '';
    test(`fits a ${width} px wide screen with the menu, each form control within its card${rules}`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const shell = await openSignedIn(page, await createAccount());
      await shell.expectHeading('Today');
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
        if (axe) expect(await violationsOn(page), `${path} breaks WCAG rules`).toEqual([]);
      }
    });
  }
});
