import { expect, test, type Browser, type Page } from '@playwright/test';
import { violationsOn } from './support/accessibility';
import { befriend, createAccount, requestAs } from './support/api';
import { openSignedIn } from './support/session';

async function deviceOf(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return page;
}

async function expectNoViolationsInBothThemes(page: Page, where: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await violationsOn(page), `${where}, ${colorScheme}`).toEqual([]);
  }
}

test.describe('the friends’ feed, kudos and comments', () => {
  // axe-core in two themes on two pages, with two people's browsers.
  test.describe.configure({ timeout: 150_000 });

  for (const width of [375, 1400]) {
    test(`at ${width} px a friend sees a shared workout, gives kudos and comments; its owner is told`, async ({
      browser,
    }) => {
      const owner = await createAccount();
      const friend = await createAccount();
      await befriend(owner, friend);
      const startedAt = new Date(Date.now() - 2 * 3_600_000);
      await requestAs(owner, 'POST', 'classes/Activity', {
        type: 'run',
        startedAt: { __type: 'Date', iso: startedAt.toISOString() },
        durationMin: 42,
        distanceKm: 8.4,
        visibility: 'friends',
      });
      await requestAs(owner, 'POST', 'classes/Activity', {
        type: 'walk',
        startedAt: { __type: 'Date', iso: startedAt.toISOString() },
        durationMin: 20,
        visibility: 'private',
      });

      const page = await deviceOf(browser, width);
      await openSignedIn(page, friend, '/friends-ranking');
      const feed = page.getByRole('region', { name: 'Feed' });
      const entry = feed.getByRole('listitem').filter({ hasText: `@${owner.username}` });
      await expect(entry).toHaveCount(1);
      await expect(entry).toContainText('Running');
      await expect(entry).toContainText('8.4 km');
      await expect(entry).toContainText('42 min');
      if (width === 375) {
        // On a phone the feed comes right after the search.
        const search = await page.getByRole('region', { name: 'Add friends' }).boundingBox();
        const feedBox = await feed.boundingBox();
        const ranking = await page.getByRole('heading', { name: 'Ranking' }).boundingBox();
        expect(search && feedBox && search.y < feedBox.y).toBe(true);
        expect(feedBox && ranking && feedBox.y < ranking.y).toBe(true);
      }

      const kudos = entry.getByRole('button', { name: /^Kudos/ });
      await expect(kudos).toHaveAttribute('aria-pressed', 'false');
      await kudos.click();
      await expect(kudos).toHaveAttribute('aria-pressed', 'true');
      await expect(kudos).toHaveAccessibleName('Kudos (1)');

      await entry.getByRole('button', { name: /^Comments/ }).click();
      const comment = entry.getByLabel('Your comment');
      await comment.fill('Strong pace on the hills!');
      await expect(entry.getByText('25 of 500 characters')).toBeVisible();
      await entry.getByRole('button', { name: 'Post comment' }).click();
      const comments = entry.getByRole('list', { name: 'Comments' });
      await expect(comments).toContainText('Strong pace on the hills!');
      await expect(comment).toHaveValue('');
      await expect(entry.getByText('Kudos from')).toBeVisible();
      await expectNoViolationsInBothThemes(page, 'feed with a comment open');

      const ownerPage = await deviceOf(browser, width);
      await openSignedIn(ownerPage, owner, '/friends-ranking');
      await expect(ownerPage.getByRole('region', { name: 'Feed' })).toContainText('Nothing here yet.');
      // The friend's acceptance, the kudos and the comment.
      const bell = ownerPage.getByRole('button', { name: /^Notifications/ });
      await expect(bell).toHaveAccessibleName('Notifications, 3 unread');
      await bell.click();
      const window = ownerPage.getByRole('dialog', { name: 'Notifications' });
      await expect(window).toContainText(`${friend.username} commented on your workout (Running).`);
      await expect(window).toContainText(`${friend.username} gave kudos to your workout (Running).`);
      await expectNoViolationsInBothThemes(ownerPage, 'notifications');

      await page.context().close();
      await ownerPage.context().close();
    });
  }
});
