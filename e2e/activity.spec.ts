import { expect, test, type Page } from '@playwright/test';
import { ActivityPage } from './pages/ActivityPage';
import { createAccount } from './support/api';
import { openSignedIn } from './support/session';

async function signedIn(page: Page): Promise<ActivityPage> {
  const account = await createAccount();
  await openSignedIn(page, account);
  const activity = new ActivityPage(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  return activity;
}

test.describe('activity on the start page', () => {
  test('logs a run from the calendar, shows it on the calendar and in the week, reads it in its summary, edits it and deletes it with undo', async ({
    page,
  }) => {
    const activity = await signedIn(page);
    await activity.today().click();
    await activity.openNew();
    await activity.fill({
      type: 'Running',
      time: '06:30',
      duration: '45',
      distance: '8',
      notes: 'Easy run',
    });
    await activity.save();

    await expect(activity.window()).toBeHidden();
    await expect(activity.workouts()).toHaveCount(1);
    // (8 − 1) × 70 kg × 0.75 h = 367.5 → 368 kcal, estimated
    await expect(activity.workouts().first()).toContainText('06:30 · 45 min · 8.0 km · 368 kcal (estimated)');
    await expect(activity.weekTotal()).toHaveText('45 of 150 active minutes');
    await expect(activity.today()).toHaveAccessibleName(/45 min active, 1 workout/);

    // A workout opens to read: its pace, no form, Edit and Delete in its menu (axe: accessibility.spec
    // and theme.spec).
    const row = activity.workouts().first().getByRole('button');
    await activity.openSummary(activity.workouts().first());
    const summary = activity.summary();
    await expect(summary.getByRole('heading', { level: 2 })).toBeFocused();
    await expect(summary.getByRole('definition').filter({ hasText: '/km' })).toHaveText('5:38 /km');
    await expect(summary.getByRole('textbox')).toHaveCount(0);
    await summary.getByRole('button', { name: 'More actions for this workout' }).click();
    await expect(summary.getByRole('menuitem')).toHaveText(['Edit', 'Delete']);
    await page.keyboard.press('Escape');
    await expect(summary.getByRole('menu')).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(summary).toBeHidden();
    await expect(row).toBeFocused();

    await activity.openToEdit(activity.workouts().first());
    await expect(activity.window().getByLabel('Duration (min)')).toHaveValue('45');
    await activity.fill({ duration: '60', calories: '500' });
    await activity.save();
    await expect(activity.workouts().first()).toContainText('1 h · 8.0 km · 500 kcal');
    await expect(row).toBeFocused();
    await expect(activity.weekTotal()).toHaveText('60 of 150 active minutes');

    await activity.deleteWorkout(activity.workouts().first());
    await expect(activity.workouts()).toHaveCount(0);
    await expect(page.getByText('Workout deleted.')).toBeVisible();
    await expect(activity.weekTotal()).toHaveText('0 of 150 active minutes');

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(activity.workouts()).toHaveCount(1);
    await expect(activity.workouts().first()).toContainText('1 h · 8.0 km · 500 kcal');
    await expect(activity.weekTotal()).toHaveText('60 of 150 active minutes');
  });

  test('can be used with the keyboard alone: open the window, fill it, save, and focus returns', async ({
    page,
  }) => {
    const activity = await signedIn(page);
    const add = page.getByRole('button', { name: 'Log a workout' });
    await add.focus();
    await page.keyboard.press('Enter');
    const window = activity.window();
    await expect(window.getByLabel('Type')).toBeFocused();
    await page.keyboard.press('ArrowDown'); // Running → Walking
    // On past the date button and the start time's hour, minute (and AM/PM) parts.
    const duration = window.getByLabel('Duration (min)');
    for (
      let tab = 0;
      tab < 6 && !(await duration.evaluate((input) => input === document.activeElement));
      tab++
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(duration).toBeFocused();
    await page.keyboard.type('30');
    await page.keyboard.press('Enter');

    await expect(window).toBeHidden();
    await expect(add).toBeFocused();
    await expect(activity.workouts().first()).toContainText('Walking');
    await expect(activity.workouts().first()).toContainText('30 min');
  });

  test('names the bad field and saves nothing when a value is out of range', async ({ page }) => {
    const activity = await signedIn(page);
    await activity.openNew();
    await activity.fill({ duration: '0', distance: '-3' });
    await activity.save();

    await expect(activity.window().getByText('Duration must be between 1 and 1440 minutes.')).toBeVisible();
    await expect(activity.window().getByText(/Distance must be a number from 0 to 1000 km/)).toBeVisible();
    await activity.window().getByRole('button', { name: 'Close' }).click();
    await expect(activity.workouts()).toHaveCount(0);
  });

  test('keeps the month and day in the query string, and shows the 404 page for a bad one', async ({
    page,
  }) => {
    const activity = await signedIn(page);
    await activity.goto('?month=2026-02&date=2026-02-14');
    await expect(page.getByRole('heading', { name: 'Saturday 14 February 2026' })).toBeVisible();
    await expect(activity.calendar()).toContainText('February 2026');
    await activity
      .calendar()
      .getByRole('button', { name: /next month/i })
      .click();
    await expect(page).toHaveURL(/month=2026-03/);

    await page.goto('/?date=2026-02-30');
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
  });

  for (const width of [375, 1400]) {
    test(`fits a ${width} px wide screen`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' }); // the chart is drawn at once, not mid-animation
      const activity = await signedIn(page);
      await activity.openNew();
      await activity.fill({ duration: '40' });
      await activity.save();
      await expect(activity.workouts()).toHaveCount(1);
      await expect(page.locator('.chart-box canvas')).toBeVisible();

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`start-page-${width}.png`), fullPage: true });
      await testInfo.attach(`start-page-${width}`, {
        path: testInfo.outputPath(`start-page-${width}.png`),
        contentType: 'image/png',
      });
    });
  }
});
