import { expect, test } from '@playwright/test';
import { violationsOn } from './support/accessibility';
import { befriend, createAccount, requestAs, runAs } from './support/api';
import { openSignedIn } from './support/session';

const today = () => new Date().toLocaleDateString('sv');
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv');

test.describe('challenges', () => {
  test('a friend accepts a challenge, sees the leaderboard move when a workout is logged and talks in its room', async ({
    page,
  }) => {
    const [me, rival] = await Promise.all([createAccount(), createAccount()]);
    await befriend(me, rival);
    await requestAs(rival, 'PUT', `users/${rival.objectId}`, { displayName: 'Rita Rival' });
    await runAs(rival, 'createChallenge', {
      title: 'Lunch-break minutes',
      metric: 'activeMinutes',
      startDate: today(),
      endDate: inDays(7),
      friendIds: [me.objectId],
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    await openSignedIn(page, me, '/friends-ranking');
    const section = page.getByRole('region', { name: 'Challenges' });

    await expect(section.getByRole('list', { name: 'Invitations' })).toContainText(
      'Rita Rival invites you to “Lunch-break minutes”',
    );
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    const bell = page.getByRole('dialog', { name: 'Notifications' });
    await expect(
      bell.getByRole('link', { name: 'Rita Rival invited you to the challenge “Lunch-break minutes”.' }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    expect(await violationsOn(page)).toEqual([]);
    await section.getByRole('button', { name: 'Accept “Lunch-break minutes”' }).click();
    await expect(section.getByRole('list', { name: 'Members of “Lunch-break minutes”' })).toContainText(
      'Rita Rival started it',
    );
    await section.getByRole('button', { name: 'Leaderboard of “Lunch-break minutes”' }).click();
    const board = page.getByRole('dialog', { name: 'Leaderboard: Lunch-break minutes' });
    const rivalRow = board.getByRole('row').filter({ hasText: `@${rival.username}` });
    await expect(rivalRow).toContainText('0 min');
    expect(await violationsOn(page)).toEqual([]);

    await requestAs(rival, 'POST', 'classes/Activity', {
      type: 'run',
      startedAt: { __type: 'Date', iso: new Date(Date.now() - 60_000).toISOString() },
      durationMin: 42,
    });
    // The board asks again on its own every few seconds, and whenever the window regains focus.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(rivalRow).toContainText('42 min');
    await expect(board.getByRole('row').nth(1)).toContainText(`@${rival.username}`);

    await board.getByRole('link', { name: 'Open its chat room' }).click();
    const room = page.getByRole('region', { name: 'Lunch-break minutes' });
    await room.getByRole('textbox', { name: 'Message' }).fill('Catch me if you can');
    await room.getByRole('button', { name: 'Send' }).click();
    await expect(room.getByRole('log')).toContainText('Catch me if you can');
  });

  test('starts a challenge with friends from the friends page', async ({ page }) => {
    const [me, friend] = await Promise.all([createAccount(), createAccount()]);
    await befriend(me, friend);
    await openSignedIn(page, me, '/friends-ranking');
    const section = page.getByRole('region', { name: 'Challenges' });
    await expect(section).toContainText('No challenges yet.');

    await section.getByRole('button', { name: 'New challenge' }).click();
    const window = page.getByRole('dialog', { name: 'New challenge' });
    await window.getByRole('button', { name: 'Start the challenge' }).click();
    // The refusal sits at the field it is about, which points at it.
    const title = window.getByRole('textbox', { name: 'Title' });
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expect(title).toHaveAccessibleDescription('Title must be 1 to 80 characters.');
    await expect(window.getByRole('alert')).toHaveCount(0);
    await title.fill('Ten days of steps');
    await window.getByLabel('What counts').selectOption({ label: 'Active days' });
    await window.getByLabel('Last day').fill(inDays(10));
    await window.getByRole('button', { name: 'Start the challenge' }).click();
    await expect(window.getByRole('group', { name: /Friends to invite/ })).toHaveAccessibleDescription(
      'Choose at least one friend to invite.',
    );
    await expect(title).not.toHaveAttribute('aria-invalid');
    await window.getByRole('checkbox', { name: new RegExp(`@${friend.username}`) }).check();
    expect(await violationsOn(page)).toEqual([]);
    await window.getByRole('button', { name: 'Start the challenge' }).click();

    await expect(window).toBeHidden();
    await expect(section.getByRole('list', { name: 'Your challenges' })).toContainText(
      'Ten days of steps · Active days',
    );
    const members = section.getByRole('list', { name: 'Members of “Ten days of steps”' });
    // Each after its avatar (initials, hidden from screen readers).
    await expect(members.getByRole('listitem')).toHaveText([
      new RegExp(`${me.username} started it$`),
      new RegExp(`${friend.username} invited$`),
    ]);
    const theirs = await runAs(friend, 'listChallenges');
    expect(theirs).toEqual([expect.objectContaining({ title: 'Ten days of steps', myStatus: 'invited' })]);
  });
});
