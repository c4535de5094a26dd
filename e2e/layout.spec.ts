import { expect, test, type Locator, type Page } from '@playwright/test';
import { PAGES } from './pages/AppShell';
import { SettingsPage } from './pages/SettingsPage';
import { SETTINGS_SECTIONS, settingsPath } from '../src/domain/settingsSections';
import { violationsOn } from './support/accessibility';
import { createAccount } from './support/api';
import { controlsPastTheirCard, overflowOf } from './support/layout';
import { openSignedIn } from './support/session';

const PHONE = { width: 375, height: 812 };

/** Each page's main action, which a phone shows in its first screen. */
const PRIMARY_ACTIONS: Readonly<Record<(typeof PAGES)[number]['path'], (page: Page) => Locator>> = {
  '/': (page) => page.getByRole('button', { name: 'Log a workout', exact: true }),
  '/nutrition-log': (page) => page.getByRole('button', { name: 'Add to breakfast', exact: true }),
  '/weight-tracking': (page) => page.getByRole('button', { name: 'Add a weigh-in', exact: true }),
  '/friends-ranking': (page) => page.getByLabel('Find people', { exact: true }),
  '/exercises-chat': (page) => page.getByLabel('Message', { exact: true }),
  '/user-settings': (page) => new SettingsPage(page).sectionList().getByRole('link').first(),
};

/** The settings sections a person who may not invite has, each at its own address. */
const SECTION_PATHS = SETTINGS_SECTIONS.filter((section) => section !== 'invitations').map((section) =>
  settingsPath(section),
);

/** True when the element lies wholly inside the first screen, without scrolling. */
async function inFirstScreen(target: Locator, viewport: { width: number; height: number }): Promise<boolean> {
  await target.waitFor();
  const box = await target.boundingBox();
  return (
    box !== null && box.y >= 0 && box.y + box.height <= viewport.height && box.x + box.width <= viewport.width
  );
}

// One walk per width checks what every signed-in page (and each settings section) must keep there:
// nothing wider than the screen, each control within its card, the main action in a phone's first
// screen, and at the phone's and the desktop's width the WCAG 2.1 A and AA rules (axe-core,
// e2e/support/accessibility.ts). The layout is the same in both themes; their contrast is not, so
// the phone is also walked in the dark theme (dark and wide: e2e/theme.spec.ts audits every page at
// 1280 px with a history drawn in its charts).
test.describe('every signed-in page', () => {
  // axe-core on six pages and eight sections takes about 30 s on a quiet 2-core machine.
  test.describe.configure({ timeout: 150_000 });

  for (const { colorScheme, width, height, axe } of [
    { colorScheme: 'light', ...PHONE, axe: 'pages and sections' },
    { colorScheme: 'dark', ...PHONE, axe: 'pages and sections' },
    { colorScheme: 'light', width: 768, height: 900, axe: 'none' },
    { colorScheme: 'light', width: 1400, height: 900, axe: 'pages' },
  ] as const) {
    const rules = axe === 'none' ? '' : `, and breaks no WCAG 2.1 AA rule on its ${axe}`;
    test(`fits a ${width} px wide ${colorScheme} screen with the menu, each form control within its card${rules}`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height });
      const shell = await openSignedIn(page, await createAccount());
      await shell.expectHeading('Today');
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
      // The online flag sits in the header, over nothing.
      await expect(page.getByRole('banner').getByRole('status')).toHaveText('Online');
      // Below 768 px the menu is a bar along the bottom of the screen, without settings (the name
      // in the header opens them); from 768 px it is in the header with all six pages.
      const phoneBar = width < 768;
      for (const { link } of PAGES) {
        const entry = shell.nav().getByRole('link', { name: link, exact: true });
        if (phoneBar && link === 'Settings') {
          await expect(entry).toBeHidden();
          continue;
        }
        const box = await entry.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width, `${link} in the menu is on screen`).toBe(
          true,
        );
        if (phoneBar && box) {
          expect(box.y, `${link} in the bar at the bottom of the screen`).toBeGreaterThan(height - 80);
          expect(box.y + box.height, `${link} within the screen`).toBeLessThanOrEqual(height);
        }
      }
      const menuTop = phoneBar ? ((await shell.nav().boundingBox())?.y ?? 0) : height;

      const walk = [
        ...PAGES.map(({ path, heading }) => ({ path, heading, axe: axe !== 'none' })),
        ...SECTION_PATHS.map((path) => ({ path, heading: 'Settings', axe: axe === 'pages and sections' })),
      ];
      for (const { path, heading, axe: checkRules } of walk) {
        await page.goto(path);
        await shell.expectHeading(heading);
        await page.waitForLoadState('networkidle');
        const overflow = await overflowOf(page);
        expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
        expect(await controlsPastTheirCard(page), `${path} has controls past their card`).toEqual([]);
        if (width === PHONE.width && path in PRIMARY_ACTIONS) {
          const action = PRIMARY_ACTIONS[path as keyof typeof PRIMARY_ACTIONS](page);
          expect(
            await inFirstScreen(action, { width: PHONE.width, height: menuTop }),
            `${path}: the main action is in the first screen`,
          ).toBe(true);
        }
        if (width === PHONE.width && path.includes('section=')) {
          const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
          expect(pageHeight, `${path} fits in two phone screens`).toBeLessThanOrEqual(2 * PHONE.height);
        }
        if (checkRules) expect(await violationsOn(page), `${path} breaks WCAG rules`).toEqual([]);
      }
    });
  }
});

test.describe('the friends page on a wide screen', () => {
  test('shows people and requests beside the feed, the ranking and challenges', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await openSignedIn(page, await createAccount(), '/friends-ranking');
    const people = page.getByRole('region', { name: 'Add friends' });
    const feed = page.getByRole('region', { name: 'Feed' });
    const ranking = page.getByRole('region', { name: 'Ranking' });
    const challenges = page.getByRole('region', { name: 'Challenges' });
    await expect(ranking).toBeVisible();
    const [peopleBox, feedBox, rankingBox, challengesBox] = await Promise.all(
      [people, feed, ranking, challenges].map((region) => region.boundingBox()),
    );
    if (!peopleBox || !feedBox || !rankingBox || !challengesBox)
      throw new Error('A region of the friends page has no box.');
    // Two columns: the feed starts right of the people, at the same height; the ranking under it,
    // and challenges under the ranking.
    expect(feedBox.x).toBeGreaterThanOrEqual(peopleBox.x + peopleBox.width);
    expect(Math.abs(feedBox.y - peopleBox.y)).toBeLessThan(8);
    expect(rankingBox.x).toBe(feedBox.x);
    expect(rankingBox.y).toBeGreaterThan(feedBox.y + feedBox.height - 1);
    expect(challengesBox.x).toBe(rankingBox.x);
    expect(challengesBox.y).toBeGreaterThan(rankingBox.y + rankingBox.height - 1);
  });
});
