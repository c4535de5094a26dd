import { expect, test, type Browser, type Page } from '@playwright/test';
import { FriendsPage } from './pages/FriendsPage';
import { befriend, createAccount, runAs, type TestAccount } from './support/api';
import { openSignedIn } from './support/session';

async function logInToFriends(page: Page, account: TestAccount): Promise<FriendsPage> {
  await openSignedIn(page, account, '/friends-ranking');
  await expect(page.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible();
  return new FriendsPage(page);
}

/** A person with their own browser context, as on their own device. */
async function person(browser: Browser): Promise<{ account: TestAccount; page: Page; friends: FriendsPage }> {
  const account = await createAccount();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return { account, page, friends: await logInToFriends(page, account) };
}

test.describe('friends and the ranking', () => {
  test('A finds B and asks; B accepts; both see each other as friends and in the ranking', async ({
    browser,
  }) => {
    const a = await person(browser);
    const b = await person(browser);

    await a.friends.search(b.account.username.slice(0, 5));
    const found = a.friends.personIn(a.friends.results(), b.account.username);
    await expect(found).toBeVisible();
    await found.getByRole('button', { name: 'Add friend' }).click();
    await expect(found.getByRole('button', { name: 'Requested' })).toBeDisabled();
    await expect(a.friends.personIn(a.friends.outgoing(), b.account.username)).toBeVisible();

    await b.page.reload();
    const request = b.friends.personIn(b.friends.incoming(), a.account.username);
    await expect(request).toBeVisible();
    await request.getByRole('button', { name: 'Accept' }).click();
    await expect(b.friends.personIn(b.friends.friends(), a.account.username)).toBeVisible();
    await expect(b.page.getByText('No one is waiting for your answer.')).toBeVisible();

    await a.friends.goto();
    await expect(a.friends.personIn(a.friends.friends(), b.account.username)).toBeVisible();
    await expect(a.friends.rankingRows()).toHaveCount(2);
    await expect(a.friends.rankingTable()).toContainText(`@${b.account.username}`);
    await expect(a.friends.ownRow()).toHaveCount(1);
    await expect(a.friends.ownRow()).toContainText(`@${a.account.username}`);
    await expect(a.friends.ownRow()).toContainText('(you)');
    await expect(a.page.getByRole('img', { name: /^Active minutes, this week:/ })).toBeVisible();

    await b.page.reload();
    await expect(b.friends.rankingRows()).toHaveCount(2);
    await expect(b.friends.ownRow()).toContainText(`@${b.account.username}`);
    await expect(b.friends.rankingTable()).toContainText(`@${a.account.username}`);

    await a.page.context().close();
    await b.page.context().close();
  });

  test('keeps the ranking settings in the query string and shows the 404 page for a bad one', async ({
    page,
  }) => {
    const friends = await logInToFriends(page, await createAccount());
    await friends.rankBy().selectOption({ label: 'Calories burned' });
    await expect(page).toHaveURL(/metric=caloriesBurned/);
    await page.getByRole('radio', { name: 'This month' }).check();
    await expect(page).toHaveURL(/metric=caloriesBurned&period=month/);
    await expect(friends.rankingTable()).toHaveAccessibleName('Ranking by calories burned, this month');
    await expect(friends.ownRow()).toContainText('0 kcal');

    await page.goto('/friends-ranking?metric=steps');
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
  });

  test('asks for 3 characters and shows no results for 2', async ({ page }) => {
    // The page's own clock, moved on by hand past the pause before a search: no waiting for time.
    await page.clock.install();
    const friends = await logInToFriends(page, await createAccount());
    await friends.search('e2');
    await expect(friends.searchHint()).toBeVisible();
    await page.clock.runFor(600); // longer than the pause before a search
    await expect(friends.results()).toHaveCount(0);
    await expect(page.getByText('No one found')).toHaveCount(0);
    await expect(page).toHaveURL('/friends-ranking');

    // The search never lives in the address: one typed there is dropped.
    await page.goto('/friends-ranking?q=abc');
    await expect(page).toHaveURL('/friends-ranking');
    await expect(friends.rankingTable()).toBeVisible();
  });

  test('removes a friend and blocks another after one confirmation each, then unblocks', async ({ page }) => {
    const me = await createAccount();
    const [bea, cid] = [await createAccount(), await createAccount()];
    await befriend(me, bea);
    await befriend(me, cid);
    const friends = await logInToFriends(page, me);
    await expect(friends.friends().getByRole('listitem')).toHaveCount(2);
    await expect(friends.rankingRows()).toHaveCount(3);

    const first = friends.personIn(friends.friends(), bea.username);
    await first.getByRole('button', { name: 'Remove' }).focus();
    await page.keyboard.press('Enter');
    const confirmRemove = first.getByRole('group', { name: 'Confirm remove' });
    await expect(confirmRemove).toContainText(`Remove ${bea.username} from your friends?`);
    await expect(confirmRemove.getByRole('button', { name: 'Remove friend' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(first).toHaveCount(0);
    await expect(friends.rankingRows()).toHaveCount(2);

    const second = friends.personIn(friends.friends(), cid.username);
    await second.getByRole('button', { name: 'Block' }).click();
    await second.getByRole('group', { name: 'Confirm block' }).getByRole('button', { name: 'Block' }).click();
    await expect(page.getByText('No friends yet.')).toBeVisible();
    const blocked = friends.personIn(page.getByRole('list', { name: 'Blocked' }), cid.username);
    await expect(blocked).toBeVisible();
    await expect(friends.rankingRows()).toHaveCount(1);
    await expect(page.getByText('Add friends to see how you compare with them.')).toBeVisible();
    await expect(page.locator('.ranking-chart')).toHaveCount(0);

    await blocked.getByRole('button', { name: 'Unblock' }).click();
    await expect(page.getByText('You have not blocked anyone.')).toBeVisible();
  });

  for (const width of [375, 1400]) {
    test(`fits a ${width} px wide screen`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' }); // the chart is drawn at once, not mid-animation
      const me = await createAccount();
      const [friend, asker] = [await createAccount(), await createAccount()];
      await befriend(me, friend);
      await runAs(asker, 'sendFriendRequest', { username: me.username });
      const friends = await logInToFriends(page, me);
      await friends.search(friend.username.slice(0, 6));
      await expect(friends.personIn(friends.results(), friend.username)).toBeVisible();
      await expect(friends.rankingRows()).toHaveCount(2);
      await expect(page.locator('.ranking-chart canvas')).toBeVisible();
      for (const header of ['Rank', 'Name', 'Value', 'Movement']) {
        await expect(friends.rankingTable().getByRole('columnheader', { name: header })).toBeVisible();
      }

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const shot = testInfo.outputPath(`friends-page-${width}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      await testInfo.attach(`friends-page-${width}`, { path: shot, contentType: 'image/png' });
    });
  }
});
