import { expect, test, type Page } from '@playwright/test';
import { ActivityPage } from './pages/ActivityPage';
import { AppShell } from './pages/AppShell';
import { NutritionPage } from './pages/NutritionPage';
import { WeightPage } from './pages/WeightPage';
import { violationsOn } from './support/accessibility';
import { createAccount, requestAs, type TestAccount } from './support/api';
import { logInAs } from './support/session';

type LoggedClass = 'Activity' | 'Meal' | 'WeightEntry';

/** How many rows of a class the person has on the server, asked with their own session. */
async function savedCount(account: TestAccount, className: LoggedClass): Promise<number> {
  const { count } = await requestAs<{ count: number }>(
    account,
    'GET',
    `classes/${className}?count=1&limit=0`,
  );
  return count;
}

function waiting(page: Page) {
  return page.getByText('Waiting to sync');
}

test.describe('logging without a network', () => {
  test.use({ serviceWorkers: 'allow' });

  test('keeps a workout, a meal and a weigh-in through a reload offline, then saves each exactly once', async ({
    page,
    context,
  }) => {
    const account = await createAccount();
    await logInAs(page, account);
    const shell = new AppShell(page);
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
      .toBe(true);
    // Each page once online, so this device holds a copy to show offline.
    const weight = new WeightPage(page);
    const nutrition = new NutritionPage(page);
    const activity = new ActivityPage(page);
    await weight.goto();
    await nutrition.goto();
    await activity.goto();

    await context.setOffline(true);
    await activity.openNew();
    await activity.fill({ duration: '30', notes: 'park loop' });
    await activity.save();
    await expect(activity.window()).toBeHidden();
    await expect(activity.workouts().filter({ hasText: 'park loop' })).toContainText('Waiting to sync');

    await shell.open('Nutrition');
    await expect(page.getByText(/It may be out of date/)).toBeVisible();
    await nutrition.quickAdd('Breakfast', '350');
    await expect(nutrition.entries('Breakfast')).toContainText('Waiting to sync');
    await expect(nutrition.totals()).toContainText('350');
    await expect(page.getByText('Meals waiting to sync join the chart once they are saved.')).toBeVisible();

    await shell.open('Weight');
    await weight.addWeighIn('81.4', 0);
    await expect(weight.rows().filter({ hasText: '81.4' })).toContainText('Waiting to sync');
    await expect(
      page.getByText('Weigh-ins waiting to sync join the chart once they are saved.'),
    ).toBeVisible();
    await expect(shell.statusBar()).toContainText('3 changes waiting to sync');

    await page.reload();
    await expect(weight.rows().filter({ hasText: '81.4' })).toContainText('Waiting to sync');
    await expect(shell.statusBar()).toContainText('3 changes waiting to sync');
    expect(await violationsOn(page)).toEqual([]);

    await context.setOffline(false);
    await expect(shell.statusBar()).toHaveText('Online', { timeout: 20_000 });
    await expect(waiting(page)).toHaveCount(0);
    await expect(weight.rows().filter({ hasText: '81.4' })).toHaveCount(1);
    await expect(page.locator('.weight-chart canvas')).toBeVisible();
    expect(await savedCount(account, 'WeightEntry')).toBe(1);
    expect(await savedCount(account, 'Activity')).toBe(1);
    expect(await savedCount(account, 'Meal')).toBe(1);
  });

  test('shows an edit the server refuses, with the reason, and saves it as new when the person chooses', async ({
    page,
    context,
  }) => {
    const account = await createAccount();
    const { objectId } = await requestAs<{ objectId: string }>(account, 'POST', 'classes/WeightEntry', {
      measuredAt: { __type: 'Date', iso: new Date(Date.now() - 3_600_000).toISOString() },
      weightKg: 82,
      note: 'before',
    });
    await logInAs(page, account);
    const weight = new WeightPage(page);
    const shell = new AppShell(page);
    await weight.goto();

    await context.setOffline(true);
    await weight.rows().filter({ hasText: 'before' }).getByRole('button', { name: /^Edit/ }).click();
    const window = weight.window('Edit weigh-in');
    await window.getByLabel('Note').fill('after');
    await window.getByRole('button', { name: 'Save weigh-in' }).click();
    await expect(window).toBeHidden();
    await expect(weight.rows().filter({ hasText: 'after' })).toContainText('Waiting to sync');
    // Meanwhile the weigh-in is deleted from another device.
    await requestAs(account, 'DELETE', `classes/WeightEntry/${objectId}`);

    await context.setOffline(false);
    const refused = page.getByRole('button', { name: '1 change was refused' });
    await refused.click();
    const list = page.getByRole('dialog', { name: /refused/i });
    await expect(list).toContainText('Weigh-in');
    await expect(list).toContainText('not found');
    expect(await violationsOn(page)).toEqual([]);
    expect(await savedCount(account, 'WeightEntry')).toBe(0);

    await list.getByRole('button', { name: 'Save as a new entry' }).click();
    await expect(list).toContainText('No refused changes are left.');
    await expect.poll(() => savedCount(account, 'WeightEntry'), { timeout: 20_000 }).toBe(1);
    await expect(shell.statusBar()).toHaveText('Online');
    const { results } = await requestAs<{ results: { note: string; weightKg: number }[] }>(
      account,
      'GET',
      'classes/WeightEntry',
    );
    expect(results).toEqual([expect.objectContaining({ note: 'after', weightKg: 82 })]);
  });
});

test.describe('logging out with changes waiting', () => {
  test('asks first, keeps the change for its own account only, and sends it when that account is back', async ({
    page,
    context,
  }) => {
    const alice = await createAccount();
    const bob = await createAccount();
    await logInAs(page, alice);
    const weight = new WeightPage(page);
    const shell = new AppShell(page);
    await weight.goto();

    await context.setOffline(true);
    await weight.addWeighIn('77.7', 0);
    await page.getByRole('button', { name: 'Log out' }).click();
    const ask = page.getByRole('dialog', { name: 'Log out?' });
    await expect(ask).toContainText('1 change on this device has not been sent yet.');
    expect(await violationsOn(page)).toEqual([]);
    await ask.getByRole('button', { name: 'Stay logged in' }).click();
    await expect(ask).toBeHidden();
    await expect(shell.statusBar()).toContainText('1 change waiting to sync');

    await page.getByRole('button', { name: 'Log out' }).click();
    await ask.getByRole('button', { name: 'Log out and keep it here' }).click();
    await expect(page).toHaveURL(/\/login/);
    await context.setOffline(false);

    // Another person on the same device sees nothing of it, and it is not sent with their session.
    await logInAs(page, bob);
    await expect(shell.statusBar()).toHaveText('Online');
    await weight.goto();
    await expect(weight.rows()).toHaveCount(0);
    expect(await savedCount(bob, 'WeightEntry')).toBe(0);
    expect(await savedCount(alice, 'WeightEntry')).toBe(0);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login/);

    await logInAs(page, alice);
    await expect.poll(() => savedCount(alice, 'WeightEntry'), { timeout: 20_000 }).toBe(1);
    await expect(shell.statusBar()).toHaveText('Online');
    expect(await savedCount(bob, 'WeightEntry')).toBe(0);
  });
});

test.describe('a lost answer', () => {
  test('does not save a queued weigh-in twice when the answer to its first sending is lost', async ({
    page,
    context,
  }) => {
    const account = await createAccount();
    await logInAs(page, account);
    const weight = new WeightPage(page);
    const shell = new AppShell(page);
    await weight.goto();

    await context.setOffline(true);
    await weight.addWeighIn('79.9', 0);
    await expect(shell.statusBar()).toContainText('1 change waiting to sync');

    let lost = 0;
    await page.route('**/parse/classes/WeightEntry', async (route) => {
      if (route.request().method() !== 'POST' || lost > 0) return route.fallback();
      lost += 1;
      // The server saves the weigh-in; its answer never reaches the page.
      await route.fetch();
      return route.abort('connectionreset');
    });
    await context.setOffline(false);

    await expect(shell.statusBar()).toHaveText('Online', { timeout: 30_000 });
    expect(lost).toBe(1);
    expect(await savedCount(account, 'WeightEntry')).toBe(1);
    await expect(weight.rows().filter({ hasText: '79.9' })).toHaveCount(1);
    await expect(waiting(page)).toHaveCount(0);
  });
});
