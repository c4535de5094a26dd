import { expect, test, type Locator, type Page } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { NutritionPage } from './pages/NutritionPage';
import { violationsOn } from './support/accessibility';
import { createAccount, requestAs, type TestAccount } from './support/api';
import { logInAs, openSignedIn } from './support/session';

/** What inside a window reaches past its edges, each as "tag text: N px". */
function pastTheWindow(window: Locator): Promise<string[]> {
  return window.evaluate((dialog) => {
    const edge = dialog.getBoundingClientRect();
    const found: string[] = [];
    for (const element of dialog.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0) continue;
      const past = Math.max(box.right - edge.right, edge.left - box.left);
      if (past > 1)
        found.push(`${element.tagName} ${element.textContent?.slice(0, 30) ?? ''}: ${Math.round(past)} px`);
    }
    return found;
  });
}

/** Axe finds nothing on the page as it is, in the light and the dark theme. */
async function expectAccessibleInBothThemes(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await violationsOn(page), colorScheme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

function savedMealsCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Saved meals' });
}

async function savedCount(account: TestAccount, className: 'Meal' | 'SavedMeal'): Promise<number> {
  const { count } = await requestAs<{ count: number }>(
    account,
    'GET',
    `classes/${className}?count=1&limit=0`,
  );
  return count;
}

test.describe('saved meals', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  // Three windows, each checked in two themes: beside another busy browser this takes 30–55 s.
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  test('saves a breakfast as a meal, logs it on another day in one step, then renames and deletes it', async ({
    page,
  }) => {
    const account = await createAccount();
    await openSignedIn(page, account, '/nutrition-log');
    const nutrition = new NutritionPage(page);
    await expect(nutrition.heading()).toBeVisible();
    await expect(savedMealsCard(page)).toContainText('No saved meals yet.');

    const window = await nutrition.addFromCatalogue('Breakfast', 'greek yog', /^Greek yogurt, plain, nonfat/);
    await window.getByRole('button', { name: 'Save entry' }).click();
    await expect(window).toBeHidden();
    await nutrition.quickAdd('Breakfast', '250', { protein: '5', carbs: '40', fat: '8' });
    await expect(nutrition.entries('Breakfast')).toHaveCount(2);

    await nutrition.section('Breakfast').getByRole('button', { name: 'Save breakfast as a meal' }).click();
    const save = nutrition.window('Save breakfast as a meal');
    await expect(save.getByLabel('Name')).toHaveValue(/^Breakfast, \d{1,2} \w+ \d{4}$/);
    await expect(save).toContainText('2 items · 350 kcal');
    await expect(save.getByRole('listitem')).toHaveText([
      /^Greek yogurt, plain, nonfat\s*170 g · 100 kcal$/,
      /^Quick add\s*250 kcal$/,
    ]);
    await save.getByLabel('Name').fill('');
    await save.getByRole('button', { name: 'Save meal' }).click();
    await expect(save.getByText('Name the meal (up to 80 characters).')).toBeVisible();
    await expect(save.getByLabel('Name')).toHaveAccessibleDescription('Name the meal (up to 80 characters).');
    await save.getByLabel('Name').fill('Weekday breakfast');
    await expectAccessibleInBothThemes(page);
    expect(await pastTheWindow(save)).toEqual([]);
    await save.getByRole('button', { name: 'Save meal' }).click();
    await expect(save).toBeHidden();
    await expect(savedMealsCard(page).getByRole('button', { name: /Weekday breakfast/ })).toContainText(
      '2 items · 350 kcal',
    );

    await page.getByRole('link', { name: 'Previous day' }).click();
    await expect(nutrition.section('Breakfast')).toContainText('Nothing logged for breakfast.');
    await nutrition.section('Breakfast').getByRole('button', { name: 'Add to breakfast' }).click();
    const add = nutrition.window('Add to breakfast');
    await add.getByRole('tab', { name: 'Saved meals' }).click();
    await expect(add.getByRole('tab', { name: 'Saved meals' })).toHaveAttribute('aria-selected', 'true');
    const choice = add
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Weekday breakfast' }) });
    await expect(choice).toContainText('2 items · 350 kcal');
    await expect(choice).toContainText('Greek yogurt, plain, nonfat');
    await expectAccessibleInBothThemes(page);
    expect(await pastTheWindow(add)).toEqual([]);
    await add.getByRole('button', { name: 'Log Weekday breakfast into breakfast' }).click();
    await expect(add).toBeHidden();
    await expect(nutrition.entries('Breakfast')).toHaveCount(2);
    await expect(nutrition.entries('Breakfast').first()).toContainText('Greek yogurt, plain, nonfat');
    await expect(nutrition.entries('Breakfast').first()).toContainText('08:00');
    await expect(nutrition.section('Breakfast')).toContainText('350 kcal');
    await expect(nutrition.totals()).toContainText('350 kcal');

    await savedMealsCard(page)
      .getByRole('button', { name: /Weekday breakfast/ })
      .click();
    const manage = nutrition.window('Saved meal: Weekday breakfast');
    await expect(manage.getByRole('listitem')).toHaveCount(2);
    await expectAccessibleInBothThemes(page);
    expect(await pastTheWindow(manage)).toEqual([]);
    await manage.getByLabel('Name').fill('Workday breakfast');
    await manage.getByRole('button', { name: 'Save meal' }).click();
    await expect(manage).toBeHidden();
    await savedMealsCard(page)
      .getByRole('button', { name: /Workday breakfast/ })
      .click();
    const renamed = nutrition.window('Saved meal: Workday breakfast');
    await renamed.getByRole('button', { name: 'Delete' }).click();
    await expect(renamed).toContainText(
      'Delete the saved meal Workday breakfast? Meals already logged from it stay.',
    );
    await renamed.getByRole('button', { name: 'Delete meal' }).click();
    await expect(renamed).toBeHidden();
    await expect(savedMealsCard(page)).toContainText('No saved meals yet.');
    await expect(nutrition.entries('Breakfast')).toHaveCount(2);
    expect(await savedCount(account, 'Meal')).toBe(4);
  });
});

test.describe('saved meals without a network', () => {
  test.use({ serviceWorkers: 'allow' });
  test.describe.configure({ timeout: 60_000 });

  test('logs a saved meal offline as one waiting entry per item, and saves them when back online', async ({
    page,
    context,
  }) => {
    const account = await createAccount();
    await requestAs(account, 'POST', 'classes/SavedMeal', {
      name: 'Tea and toast',
      items: [
        { name: 'Toast', caloriesKcal: 180, carbsG: 30 },
        { name: 'Tea', caloriesKcal: 20 },
      ],
    });
    await logInAs(page, account);
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
      .toBe(true);
    const nutrition = new NutritionPage(page);
    await nutrition.goto();
    await expect(savedMealsCard(page)).toContainText('Tea and toast');

    const shell = new AppShell(page);
    await context.setOffline(true);
    await nutrition.section('Snacks').getByRole('button', { name: 'Add to snacks' }).click();
    const add = nutrition.window('Add to snacks');
    await add.getByRole('tab', { name: 'Saved meals' }).click();
    await add.getByRole('button', { name: 'Log Tea and toast into snacks' }).click();
    await expect(add).toBeHidden();
    await expect(nutrition.entries('Snacks')).toHaveCount(2);
    await expect(nutrition.entries('Snacks').first()).toContainText('Waiting to sync');
    await expect(nutrition.section('Snacks')).toContainText('200 kcal');
    await expect(shell.statusBar()).toContainText('2 changes waiting to sync');

    await context.setOffline(false);
    await expect(shell.statusBar()).toHaveText('Online', { timeout: 20_000 });
    await expect(page.getByText('Waiting to sync')).toHaveCount(0);
    expect(await savedCount(account, 'Meal')).toBe(2);
  });
});
