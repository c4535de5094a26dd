import { expect, test, type Locator, type Page } from '@playwright/test';
import { NutritionPage } from './pages/NutritionPage';
import { violationsOn } from './support/accessibility';
import { apiClient, createAccount, requestAs, type TestAccount } from './support/api';
import { overflowOf } from './support/layout';
import { openSignedIn } from './support/session';
import { pointer, userPointer } from '../server/test/restClient';

/** Four foods of the person's own (src/domain/recipes.test.ts sums them by hand). */
const FOODS = {
  Oats: { kcalPer100g: 380, proteinPer100g: 13, carbsPer100g: 60, fatPer100g: 7 },
  Milk: { kcalPer100g: 64, proteinPer100g: 3.4, carbsPer100g: 4.8, fatPer100g: 3.6 },
  Banana: { kcalPer100g: 89, proteinPer100g: 1.1, carbsPer100g: 22.8, fatPer100g: 0.3 },
  Honey: { kcalPer100g: 304, proteinPer100g: 0.3, carbsPer100g: 82.4, fatPer100g: 0 },
};

async function ownFoods(account: TestAccount): Promise<Record<keyof typeof FOODS, string>> {
  const ids: Record<string, string> = {};
  for (const [name, values] of Object.entries(FOODS)) {
    const { objectId } = await requestAs<{ objectId: string }>(account, 'POST', 'classes/Food', {
      name,
      ...values,
    });
    ids[name] = objectId;
  }
  return ids;
}

/** The person's meals as stored on the server, read with the master key. */
async function storedMeals(userId: string): Promise<Record<string, unknown>[]> {
  const where = encodeURIComponent(JSON.stringify({ user: userPointer(userId) }));
  const { body } = await apiClient().request('GET', `/parse/classes/Meal?where=${where}&order=eatenAt`, {
    masterKey: true,
  });
  return body.results ?? [];
}

/** Form controls of a window reaching past its right edge, by their label. */
function controlsPastWindow(window: Locator): Promise<string[]> {
  return window.evaluate((dialog) => {
    const edge = dialog.getBoundingClientRect().right;
    return [...dialog.querySelectorAll('input, select, button')].flatMap((control) => {
      const box = control.getBoundingClientRect();
      return box.width > 0 && box.right > edge + 1
        ? [control.textContent || control.getAttribute('name') || '']
        : [];
    });
  });
}

async function axeInBothThemes(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    expect(await violationsOn(page), colorScheme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe('recipes', () => {
  // axe-core twice per window and a phone's width: more than the 30 s a test gets by default.
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  test('logs 1.5 servings of a recipe of four ingredients, and the entry stays as it was when the recipe changes', async ({
    page,
    context,
  }) => {
    const account = await createAccount();
    const foods = await ownFoods(account);
    await requestAs(account, 'POST', 'classes/Recipe', {
      name: 'Porridge',
      servings: 2,
      ingredients: [
        { foodId: foods.Oats, grams: 80 },
        { foodId: foods.Milk, grams: 300 },
        { foodId: foods.Banana, grams: 120 },
        { foodId: foods.Honey, grams: 20 },
      ],
    });
    await page.setViewportSize({ width: 375, height: 800 });
    await openSignedIn(page, account, '/nutrition-log');
    const nutrition = new NutritionPage(page);
    await expect(nutrition.heading()).toBeVisible();

    await nutrition.section('Breakfast').getByRole('button', { name: 'Add to breakfast' }).click();
    const window = nutrition.window('Add to breakfast');
    await window.getByRole('radio', { name: 'Recipes' }).check();
    await expect(window.getByRole('button', { name: /^Porridge/ })).toContainText(
      '332 kcal per serving · makes 2 servings',
    );
    await axeInBothThemes(page);
    await window.getByRole('button', { name: /^Porridge/ }).click();
    await window.getByLabel('Servings').fill('1.5');
    // 663.6 kcal in 520 g, two servings: 1.5 of them are 390 g, 497.7 kcal, 16.5 g protein, 79.7 g carbs, 12.6 g fat.
    await expect(window.getByText('390 g: 498 kcal · protein 17 g · carbs 80 g · fat 13 g')).toBeVisible();
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
    expect(await controlsPastWindow(window)).toEqual([]);
    await window.getByRole('button', { name: 'Save entry' }).click();
    await expect(window).toBeHidden();

    await expect(nutrition.entries('Breakfast')).toHaveCount(1);
    await expect(nutrition.entries('Breakfast')).toContainText('Porridge');
    await expect(nutrition.entries('Breakfast')).toContainText('390 g');
    await expect(nutrition.section('Breakfast')).toContainText('498 kcal');
    await expect(nutrition.totals()).toContainText('498 kcal');
    const logged = {
      name: 'Porridge',
      grams: 390,
      caloriesKcal: 497.7,
      proteinG: 16.5,
      carbsG: 79.7,
      fatG: 12.6,
      mealType: 'breakfast',
    };
    expect(await storedMeals(account.objectId)).toEqual([expect.objectContaining(logged)]);

    // The recipe changes: four servings, no honey, more milk.
    await page
      .getByRole('region', { name: 'Recipes' })
      .getByRole('button', { name: 'Edit Porridge' })
      .click();
    const editor = nutrition.window('Edit recipe Porridge');
    await editor.getByLabel('Servings it makes').fill('4');
    await editor.getByRole('button', { name: 'Remove Honey' }).click();
    await editor.getByLabel('Grams of Milk').fill('400');
    await editor.getByRole('button', { name: 'Add an ingredient' }).click();
    await editor.getByLabel('Search foods').fill('banana');
    await editor
      .getByRole('button', { name: /^Banana/ })
      .first()
      .click();
    await expect(editor.getByLabel('Grams of Banana')).toHaveCount(2);
    await axeInBothThemes(page);
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
    expect(await controlsPastWindow(editor)).toEqual([]);
    await editor.getByRole('button', { name: 'Save recipe' }).click();
    await expect(editor).toBeHidden();
    // 80 g oats, 400 g milk, 220 g banana: 700 g, 304 + 256 + 195.8 = 755.8 kcal, 189 kcal a serving.
    await expect(page.getByRole('region', { name: 'Recipes' })).toContainText(
      '700 g in all · 189 kcal per serving',
    );

    await page.reload();
    await expect(nutrition.section('Breakfast')).toContainText('498 kcal');
    await expect(nutrition.totals()).toContainText('498 kcal');
    expect(await storedMeals(account.objectId)).toEqual([expect.objectContaining(logged)]);

    // Offline, a serving is logged with the numbers of the recipe as last loaded, and sent later.
    await context.setOffline(true);
    await nutrition.section('Snacks').getByRole('button', { name: 'Add to snacks' }).click();
    const snack = nutrition.window('Add to snacks');
    await snack.getByRole('radio', { name: 'Recipes' }).check();
    await snack.getByRole('button', { name: /^Porridge/ }).click();
    await expect(snack.getByText(/^175 g: 189 kcal/)).toBeVisible();
    await snack.getByRole('button', { name: 'Save entry' }).click();
    await expect(snack).toBeHidden();
    await expect(nutrition.entries('Snacks')).toContainText('Waiting to sync');
    await expect(nutrition.section('Snacks')).toContainText('189 kcal');
    await context.setOffline(false);
    await expect(page.getByText('Waiting to sync')).toHaveCount(0);
    await expect
      .poll(async () =>
        (await storedMeals(account.objectId)).map((meal) => [meal.mealType, meal.grams]).sort(),
      )
      .toEqual([
        ['breakfast', 390],
        ['snack', 175],
      ]);
  });

  test('saves a section as a recipe, leaving out the entries without a food, and finds it in the food search', async ({
    page,
  }) => {
    const account = await createAccount();
    const foods = await ownFoods(account);
    const eatenAt = { __type: 'Date', iso: new Date(Date.now() - 60_000).toISOString() };
    for (const [food, grams] of [
      [foods.Oats, 60],
      [foods.Milk, 200],
    ] as const) {
      await requestAs(account, 'POST', 'classes/Meal', {
        eatenAt,
        mealType: 'lunch',
        name: 'Food',
        caloriesKcal: 0,
        food: pointer('Food', food),
        grams,
      });
    }
    await requestAs(account, 'POST', 'classes/Meal', {
      eatenAt,
      mealType: 'lunch',
      name: 'Coffee',
      caloriesKcal: 5,
    });
    await openSignedIn(page, account, '/nutrition-log');
    const nutrition = new NutritionPage(page);
    await expect(nutrition.entries('Lunch')).toHaveCount(3);

    await nutrition.section('Lunch').getByRole('button', { name: 'Save lunch as a recipe' }).click();
    const window = nutrition.window('Save lunch as a recipe');
    await expect(window).toContainText('1 entry without a food is left out: a recipe is made of foods.');
    await expect(window.getByRole('listitem')).toHaveText(['Oats · 60 g', 'Milk · 200 g']);
    await window.getByLabel('Recipe name').fill('Overnight oats');
    await axeInBothThemes(page);
    await window.getByRole('button', { name: 'Save recipe' }).click();
    await expect(window).toBeHidden();
    // 60 g oats and 200 g milk: 228 + 128 = 356 kcal in 260 g, one serving.
    await expect(page.getByRole('region', { name: 'Recipes' })).toContainText(
      'Overnight oats260 g in all · 356 kcal per serving',
    );

    await nutrition.section('Dinner').getByRole('button', { name: 'Add to dinner' }).click();
    const add = nutrition.window('Add to dinner');
    await add.getByLabel('Search foods').fill('overnight');
    const found = add.getByRole('button', { name: /^Overnight oats/ });
    await expect(found).toContainText('Recipe');
    await found.click();
    await expect(add.getByRole('radio', { name: 'Recipes' })).toBeChecked();
    await expect(add.getByText('260 g: 356 kcal · protein 15 g · carbs 46 g · fat 11 g')).toBeVisible();
    await add.getByRole('button', { name: 'Save entry' }).click();
    await expect(add).toBeHidden();
    await expect(nutrition.entries('Dinner')).toContainText('Overnight oats');
    await expect(nutrition.section('Dinner')).toContainText('356 kcal');
  });
});
