import { expect, test } from '@playwright/test';
import { violationsOn } from './support/accessibility';
import { createAccount, requestAs, runAs } from './support/api';
import { openSignedIn } from './support/session';

test.describe('notifications', () => {
  test('the bell shows a friend request the moment it is sent, lists it, and is read once opened', async ({
    page,
  }) => {
    const [me, asker] = await Promise.all([createAccount(), createAccount()]);
    await requestAs(asker, 'PUT', `users/${asker.objectId}`, { displayName: 'Asha Kumar' });
    await openSignedIn(page, me);
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications');

    await runAs(asker, 'sendFriendRequest', { username: me.username });

    // No reload: the count arrives over the live connection.
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    await bell.click();
    const window = page.getByRole('dialog', { name: 'Notifications' });
    // Named as the person calls themselves, not by their username.
    const link = window.getByRole('link', { name: 'Asha Kumar sent you a friend request.' });
    await expect(link).toBeVisible();
    expect(await violationsOn(page)).toEqual([]);
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible();
    await expect(window).toBeHidden();
    await expect(bell).toHaveAccessibleName('Notifications');

    // Read stays read after a reload.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible();
    await expect(bell).toHaveAccessibleName('Notifications');
  });
});

test.describe('the notifications window on a phone', () => {
  test('lists one notification a row, across the window', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const [me, first, second] = await Promise.all([createAccount(), createAccount(), createAccount()]);
    await runAs(first, 'sendFriendRequest', { username: me.username });
    await runAs(second, 'sendFriendRequest', { username: me.username });
    await openSignedIn(page, me);
    const bell = page.getByRole('button', { name: 'Notifications, 2 unread' });
    await bell.click();
    const list = page.getByRole('dialog', { name: 'Notifications' }).getByRole('list');
    await expect(list.getByRole('listitem')).toHaveCount(2);
    const [listBox, ...rows] = await Promise.all([
      list.boundingBox(),
      ...[0, 1].map((index) => list.getByRole('listitem').nth(index).boundingBox()),
    ]);
    const [upper, lower] = rows;
    if (!listBox || !upper || !lower) throw new Error('The list or a row has no box.');
    // Each row as wide as the list, the second under the first (not columns side by side).
    expect(upper.width).toBeGreaterThan(listBox.width - 1);
    expect(lower.width).toBeGreaterThan(listBox.width - 1);
    expect(lower.y).toBeGreaterThanOrEqual(upper.y + upper.height - 1);
  });
});
