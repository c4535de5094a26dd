import { expect, test } from '@playwright/test';
import { NutritionPage } from './pages/NutritionPage';
import { violationsOn } from './support/accessibility';
import { apiClient, createAccount } from './support/api';
import { userPointer } from '../server/test/restClient';
import { openSignedIn } from './support/session';

/** The grams and energy of the person's meals as the server stored them. */
async function storedMeals(userId: string): Promise<{ grams: number; caloriesKcal: number }[]> {
  const where = encodeURIComponent(JSON.stringify({ user: userPointer(userId) }));
  const { body } = await apiClient().request('GET', `/parse/classes/Meal?where=${where}`, {
    masterKey: true,
  });
  return (body.results ?? []).map(({ grams, caloriesKcal }) => ({
    grams: Number(grams),
    caloriesKcal: Number(caloriesKcal),
  }));
}

test.describe('servings', () => {
  test('creates a food with its own servings on a phone, logs two slices of it as grams and changes its servings', async ({
    page,
  }) => {
    // Two audits of the window, in both themes, beside a whole story of logging.
    test.setTimeout(60_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 375, height: 800 });
    const account = await createAccount();
    await openSignedIn(page, account, '/nutrition-log');
    const nutrition = new NutritionPage(page);
    await expect(nutrition.heading()).toBeVisible();

    await nutrition.section('Breakfast').getByRole('button', { name: 'Add to breakfast' }).click();
    const window = nutrition.window('Add to breakfast');
    await window.getByRole('radio', { name: 'New food' }).check();
    await window.getByLabel('Name', { exact: true }).fill('Rye bread');
    await window.getByLabel('Energy (kcal per 100 g)').fill('250');
    await window.getByLabel('Protein (g per 100 g)').fill('8');
    await window.getByLabel('Carbs (g per 100 g)').fill('48');
    await window.getByLabel('Fat (g per 100 g)').fill('1.5');
    await window.getByLabel('Name of serving 1').fill('slice');
    await window.getByLabel('Grams of serving 1').fill('30');
    await window.getByRole('button', { name: 'Add a serving' }).click();
    await expect(window.getByLabel('Name of serving 2')).toBeFocused();
    await window.getByLabel('Name of serving 2').fill('Slice');
    await window.getByLabel('Grams of serving 2').fill('500');
    await window.getByRole('button', { name: 'Save food' }).click();
    await expect(window.getByText(/^Serving 2 needs a name of up to 40 characters/)).toBeVisible();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await violationsOn(page), scheme).toEqual([]);
    }
    await window.getByLabel('Name of serving 2').fill('loaf');
    await window.getByRole('button', { name: 'Save food' }).click();

    await expect(window.getByText('Rye bread', { exact: true })).toBeVisible();
    await expect(
      window.getByText(
        'Fibre not known · sugars not known · saturated fat not known · salt not known per 100 g',
      ),
    ).toBeVisible();
    const unit = window.getByLabel('Unit');
    await expect(unit).toHaveValue('serving-0');
    await expect(unit.getByRole('option')).toHaveText(['grams', 'slice (30 g)', 'loaf (500 g)']);
    await window.getByLabel('Amount').fill('2');
    await expect(window.getByText('60 g: 150 kcal · protein 4.8 g · carbs 29 g · fat 0.9 g')).toBeVisible();
    await window.getByRole('button', { name: 'Save entry' }).click();
    await expect(window).toBeHidden();
    await expect(nutrition.entries('Breakfast')).toContainText('60 g');
    await expect(nutrition.section('Breakfast')).toContainText('150 kcal');
    expect(await storedMeals(account.objectId)).toEqual([{ grams: 60, caloriesKcal: 150 }]);

    // Editing shows the entry in the serving its grams are a whole number of.
    await nutrition
      .section('Breakfast')
      .getByRole('button', { name: /^Edit Rye bread/ })
      .click();
    const edit = nutrition.window('Edit Rye bread');
    await expect(edit.getByLabel('Unit')).toHaveValue('serving-0');
    await expect(edit.getByLabel('Amount')).toHaveValue('2');

    // The person's own food is changed from the same window; the entry keeps its grams.
    await edit.getByRole('button', { name: 'Edit this food' }).click();
    await expect(edit.getByLabel('Name of serving 1')).toHaveValue('slice');
    await expect(edit.getByLabel('Grams of serving 2')).toHaveValue('500');
    await edit.getByLabel('Grams of serving 2').fill('400');
    await edit.getByRole('button', { name: 'Save food' }).click();
    await expect(edit.getByLabel('Unit').getByRole('option')).toHaveText([
      'grams',
      'slice (30 g)',
      'loaf (400 g)',
    ]);
    await edit.getByLabel('Unit').selectOption({ label: 'loaf (400 g)' });
    await edit.getByLabel('Amount').fill('0.5');
    await edit.getByRole('button', { name: 'Save entry' }).click();
    await expect(edit).toBeHidden();
    await expect(nutrition.section('Breakfast')).toContainText('500 kcal');
    expect(await storedMeals(account.objectId)).toEqual([{ grams: 200, caloriesKcal: 500 }]);
  });
});
