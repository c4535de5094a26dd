import { writeFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { WeightPage } from './pages/WeightPage';
import { createAccount } from './support/api';
import { openSignedIn } from './support/session';

const TREND = [15, 118, 110] as const;
const GOAL = [180, 83, 9] as const;
const POINTS = [100, 116, 139] as const;

async function signedIn(page: Page): Promise<WeightPage> {
  const account = await createAccount();
  await openSignedIn(page, account, '/weight-tracking');
  await expect(page.getByRole('heading', { level: 1, name: 'Weight' })).toBeVisible();
  return new WeightPage(page);
}

function isoDay(daysBack: number): string {
  const date = new Date();
  date.setDate(date.getDate() - daysBack);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

test.describe('weight tracking', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' }); // charts drawn at once, not mid-animation
  });

  test('draws three weigh-ins, the trend and the goal, and switches units to lb and back', async ({
    page,
  }, testInfo) => {
    const weight = await signedIn(page);
    await expect(page.getByText('Your weigh-ins will show here as points')).toBeVisible();
    await weight.addWeighIn('82', 10);
    await weight.addWeighIn('81.5', 5);
    await weight.addWeighIn('81', 1);
    await expect(weight.rows()).toHaveCount(3);
    await expect(weight.rows().first()).toContainText('81.0 kg');

    await page.getByRole('button', { name: 'Goal and height' }).click();
    const goal = weight.window('Goal and height');
    await goal.getByLabel('Goal weight (kg)').fill('75');
    await goal.getByLabel('Height (cm)').fill('180');
    await goal.getByRole('button', { name: 'Save goal' }).click();
    await expect(goal).toBeHidden();

    await expect(page.getByText('BMI')).toBeVisible();
    await expect(page.getByText(/\(Overweight\)|\(Normal weight\)/)).toBeVisible();
    await expect(page.getByText(/reach 75\.0 kg around/)).toBeVisible();
    await expect.poll(() => weight.chartPixels(TREND)).toBeGreaterThan(50);
    await expect.poll(() => weight.chartPixels(GOAL)).toBeGreaterThan(50);
    await expect.poll(() => weight.chartPixels(POINTS)).toBeGreaterThan(20);
    const shot = testInfo.outputPath('weight-page.png');
    await page.screenshot({ path: shot, fullPage: true });
    await testInfo.attach('weight-page', { path: shot, contentType: 'image/png' });

    await page.getByRole('radio', { name: 'lb', exact: true }).check();
    await expect(weight.rows().first()).toContainText('178.6 lb');
    await expect(page.getByRole('button', { name: 'Add a weigh-in' })).toBeVisible();
    await page.getByRole('button', { name: 'Add a weigh-in' }).click();
    await expect(weight.window('Add a weigh-in').getByLabel('Weight (lb)')).toBeVisible();
    await weight.window('Add a weigh-in').getByRole('button', { name: 'Close' }).click();

    await page.getByRole('radio', { name: 'st + lb' }).check();
    await expect(weight.rows().first()).toContainText('12 st 10.6 lb');
    await page.getByRole('radio', { name: 'kg' }).check();
    await expect(weight.rows().first()).toContainText('81.0 kg');
  });

  test('edits and deletes a weigh-in, and names a bad weight without saving it', async ({ page }) => {
    const weight = await signedIn(page);
    await weight.addWeighIn('90', 0, '06:00');

    await weight.rows().first().getByRole('button', { name: /^Edit/ }).click();
    const edit = weight.window('Edit weigh-in');
    await edit.getByLabel('Weight (kg)').fill('5');
    await edit.getByRole('button', { name: 'Save weigh-in' }).click();
    await expect(edit.getByText('Weight must be between 20 and 500 kg.')).toBeVisible();
    await edit.getByLabel('Weight (kg)').fill('89.5');
    await edit.getByRole('button', { name: 'Save weigh-in' }).click();
    await expect(edit).toBeHidden();
    await expect(weight.rows().first()).toContainText('89.5 kg');

    await weight.rows().first().getByRole('button', { name: /^Edit/ }).click();
    await weight.window('Edit weigh-in').getByRole('button', { name: 'Delete', exact: true }).click();
    await weight.window('Edit weigh-in').getByRole('button', { name: 'Delete weigh-in' }).click();
    await expect(weight.rows()).toHaveCount(0);
    await expect(page.getByText('Your weigh-ins will show here as points')).toBeVisible();
  });

  test('imports a CSV file with one bad row: previews, reports the rejected line and imports the rest', async ({
    page,
  }, testInfo) => {
    const weight = await signedIn(page);
    const file = testInfo.outputPath('weights.csv');
    await writeFile(
      file,
      ['date,weight', `${isoDay(3)},80.2`, `${isoDay(2)},heavy`, `${isoDay(1)} 07:30,79.8`].join('\n'),
    );

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const importer = weight.window('Import weigh-ins');
    await importer.getByLabel('CSV file').setInputFiles(file);
    await expect(importer.getByText('2 lines read: 2 new; 1 rejected.')).toBeVisible();
    await expect(importer.getByText(/Line 3 .*: the weight is not a number\./)).toBeVisible();
    await importer.getByRole('button', { name: 'Import 2 weigh-ins' }).click();
    await expect(importer.getByText('Imported 2 weigh-ins.')).toBeVisible();
    await importer.getByRole('button', { name: 'Close' }).click();
    await expect(weight.rows()).toHaveCount(2);

    await page.getByRole('button', { name: 'Import CSV' }).click();
    await weight.window('Import weigh-ins').getByLabel('CSV file').setInputFiles(file);
    await expect(
      weight
        .window('Import weigh-ins')
        .getByText('2 lines read: 0 new, 2 already saved (skipped); 1 rejected.'),
    ).toBeVisible();
  });

  test('keeps the range in the query string, says when it holds no weigh-in, and shows the 404 page for a bad one', async ({
    page,
  }) => {
    const weight = await signedIn(page);
    await weight.addWeighIn('84', 40);
    await page.getByRole('link', { name: '1 month' }).click();
    await expect(page).toHaveURL(/range=1m/);
    await expect(
      page.getByText('No weigh-ins in this range (1 month). Choose All to see every one.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'All' }).click();
    await expect(page.locator('.weight-chart canvas')).toBeVisible();
    await page.getByRole('link', { name: '1 year' }).click();
    await expect(page).toHaveURL(/range=1y/);
    await expect(page.getByRole('link', { name: '1 year' })).toHaveAttribute('aria-current', 'true');
    await page.goto('/weight-tracking?range=2w');
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
  });
});
