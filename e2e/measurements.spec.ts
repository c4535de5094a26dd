import { writeFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { format, subDays } from 'date-fns';
import { violationsOn } from './support/accessibility';
import { createAccount, requestAs } from './support/api';
import { openSignedIn } from './support/session';

/** Adds a day's measurements `daysBack` days before today, choosing the day by keyboard. */
async function addMeasurements(page: Page, daysBack: number, values: Record<string, string>): Promise<void> {
  await page.getByRole('button', { name: 'Add measurements' }).click();
  const window = page.getByRole('dialog', { name: 'Add measurements' });
  for (const [label, value] of Object.entries(values)) await window.getByLabel(label).fill(value);
  await window.getByRole('button', { name: /^Date/ }).click();
  const picker = page.getByRole('dialog', { name: 'Date' });
  const focusedDay = picker.locator('td button:focus');
  await expect(focusedDay).toHaveAccessibleName(/, today/);
  for (let day = 0; day < daysBack; day++) await page.keyboard.press('ArrowLeft');
  await expect(focusedDay).toHaveAccessibleName(
    new RegExp(`^${format(subDays(new Date(), daysBack), 'EEEE d MMMM yyyy')}`),
  );
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await window.getByRole('button', { name: 'Save measurements' }).click();
  await expect(window).toBeHidden();
}

async function axeInBothThemes(page: Page, width: number): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await violationsOn(page), `light at ${width} px`).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await violationsOn(page), `dark at ${width} px`).toEqual([]);
}

test('a person logs measurements on two days, sees the chart and the Navy estimate, and imports a CSV file', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1400, height: 900 });
  const account = await createAccount();
  const { results } = await requestAs<{ results: { objectId: string }[] }>(
    account,
    'GET',
    'classes/Settings',
  );
  await requestAs(account, 'PUT', `classes/Settings/${results[0]?.objectId ?? ''}`, {
    sex: 'male',
    heightCm: 180,
  });
  await openSignedIn(page, account, '/weight-tracking');
  const section = page.getByRole('region', { name: 'Body measurements' });
  await expect(section.getByText('No measurements in this range (3 months).')).toBeVisible();

  await addMeasurements(page, 7, { 'Waist (cm)': '90' });
  await expect(
    section.getByText('To estimate your body fat by the U.S. Navy formula, add a neck measurement.'),
  ).toBeVisible();
  await addMeasurements(page, 0, { 'Waist (cm)': '88', 'Neck (cm)': '40', 'Body fat (%)': '20' });

  await expect(section.getByRole('listitem')).toHaveCount(2);
  await expect(section.getByText('88.0 cm (−2.0 cm over 3 months)')).toBeVisible();
  await expect(section.getByText('40.0 cm', { exact: true })).toBeVisible();
  await expect(
    section.getByRole('img', { name: /^Waist chart, 2 days from .*; latest 88 cm, trend/ }),
  ).toBeVisible();
  // Men: 86.010·log10((88 − 40) / 2.54) − 70.041·log10(180 / 2.54) + 36.76 = 16.9 %.
  await expect(section.getByText('Estimated (U.S. Navy formula)')).toBeVisible();
  // Measured beside estimated.
  await expect(section.locator('.body-fat dd')).toHaveText(['20.0 %', '16.9 %']);
  await axeInBothThemes(page, 1400);

  const file = testInfo.outputPath('measurements.csv');
  const day = (back: number) => format(subDays(new Date(), back), 'yyyy-MM-dd');
  await writeFile(
    file,
    `date,waist,neck,unit\n${day(21)},36,16,in\n${day(14)},91,wide,cm\n${day(10)},90.5,40,cm\n`,
  );
  await section.getByRole('button', { name: 'Import measurements' }).click();
  const importer = page.getByRole('dialog', { name: 'Import measurements' });
  await importer.getByLabel('CSV file').setInputFiles(file);
  await expect(importer.getByText('2 lines read: 2 new; 1 rejected.')).toBeVisible();
  await expect(importer.getByText(/Line 3 .*: Neck: not a number\./)).toBeVisible();
  await importer.getByRole('button', { name: 'Import 2 days' }).click();
  await expect(importer.getByText('Imported 2 days of measurements.')).toBeVisible();
  await importer.getByRole('button', { name: 'Close' }).click();
  await expect(section.getByRole('listitem')).toHaveCount(4);
  await expect(section.getByText('88.0 cm (−3.4 cm over 3 months)')).toBeVisible();

  await page.setViewportSize({ width: 375, height: 800 });
  await section.getByRole('button', { name: 'Add measurements' }).scrollIntoViewIfNeeded();
  await expect(section.getByRole('button', { name: 'Add measurements' })).toBeInViewport();
  const shot = testInfo.outputPath('measurements-375.png');
  await page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach('measurements at 375 px', { path: shot, contentType: 'image/png' });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - globalThis.innerWidth),
  ).toBeLessThanOrEqual(0);
  await axeInBothThemes(page, 375);
});
