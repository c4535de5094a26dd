import { expect, test, type Page } from '@playwright/test';
import { ActivityPage } from './pages/ActivityPage';
import { DailySummaryCards } from './pages/DailySummaryCards';
import { NutritionPage } from './pages/NutritionPage';
import { createAccount, requestAs, type TestAccount } from './support/api';
import { openSignedIn } from './support/session';

const DAY_MS = 86_400_000;

async function signedIn(page: Page): Promise<{ cards: DailySummaryCards; account: TestAccount }> {
  const account = await createAccount();
  await openSignedIn(page, account);
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  return { cards: new DailySummaryCards(page), account };
}

async function weighIn(account: TestAccount, daysAgo: number, weightKg: number): Promise<void> {
  const measuredAt = new Date(Date.now() - daysAgo * DAY_MS - 60_000);
  await requestAs(account, 'POST', 'classes/WeightEntry', {
    measuredAt: { __type: 'Date', iso: measuredAt.toISOString() },
    weightKg,
  });
}

test.describe('daily summary on the start page', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  test('greets a new person with an invitation on every card', async ({ page }) => {
    const { cards } = await signedIn(page);

    await expect(cards.region()).toContainText('Welcome! Log a meal, a workout or a weigh-in');
    await expect(cards.calories()).toContainText('Nothing logged yet.');
    await expect(cards.calories().getByRole('link', { name: 'Log your first meal' })).toHaveAttribute(
      'href',
      '/nutrition-log',
    );
    await expect(cards.week()).toContainText('No workouts yet.');
    await expect(cards.week()).toContainText('150 a week');
    await expect(cards.weight().getByRole('link', { name: 'Log your first weigh-in' })).toHaveAttribute(
      'href',
      '/weight-tracking',
    );
    await expect(cards.streak()).toContainText('Log a workout today to start a streak');

    await cards.calories().getByRole('link', { name: 'Log your first meal' }).click();
    await expect(new NutritionPage(page).heading()).toBeVisible();
  });

  test('shows the numbers after a meal, a workout and weigh-ins, and each card links to its module', async ({
    page,
  }) => {
    const { cards, account } = await signedIn(page);
    await weighIn(account, 8, 82);
    await weighIn(account, 0, 81);

    const nutrition = new NutritionPage(page);
    await nutrition.goto();
    await nutrition.setCalorieGoal('2000');
    await nutrition.quickAdd('Lunch', '650');

    const activity = new ActivityPage(page);
    await activity.goto();
    await activity.openNew();
    await activity.fill({ duration: '45', calories: '300' });
    await activity.save();
    await expect(activity.window()).toBeHidden();

    await expect(cards.region()).not.toContainText('Welcome!');
    // One equation; this person does not count workouts (their activity level allows for them).
    await expect(cards.calories().getByLabel('Today’s calories: goal minus food plus exercise')).toHaveText(
      'Goal2,000−Food650=Remaining1,350',
    );
    await expect(
      cards.calories().getByRole('progressbar', { name: '650 kcal eaten of 2,000 kcal' }),
    ).toBeVisible();
    await expect(cards.calories()).toContainText('1,350 kcal remaining.');
    await expect(cards.week().getByRole('progressbar', { name: '45 of 150 active minutes' })).toBeVisible();
    await expect(cards.week()).toContainText('1 h 45 min to go.');
    // Trend: 82 kg, then 81 kg eight days later moves it by 1 − 0.9^8 of the difference.
    await expect(cards.weight().getByRole('definition')).toHaveText(['81.4 kg', '−0.57 kg']);
    await expect(cards.weight()).toContainText('Set a goal weight in weight tracking');
    await expect(cards.streak()).toContainText('1 day in a row with a workout');

    await cards.weight().getByRole('link', { name: 'Open weight tracking' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Weight' })).toBeVisible();
    await page.goBack();
    await cards.calories().getByRole('link', { name: 'Open the nutrition log' }).click();
    await expect(nutrition.heading()).toBeVisible();
    await expect(nutrition.entries('Lunch')).toHaveCount(1);
    await page.goBack();
    await cards.week().getByRole('link', { name: 'Open the activity calendar' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(activity.workouts()).toHaveCount(1);
  });

  test('follows the day chosen on the calendar', async ({ page }) => {
    const { cards } = await signedIn(page);
    await page.goto('/?month=2026-02&date=2026-02-14');

    await expect(cards.card('Calories on 14 February')).toBeVisible();
    await expect(
      cards.card('Calories on 14 February').getByRole('link', { name: 'Log your first meal' }),
    ).toHaveAttribute('href', '/nutrition-log?date=2026-02-14');
    await expect(cards.card('Active minutes, week of 9 February')).toBeVisible();
  });

  for (const width of [375, 768, 1400]) {
    test(`fits a ${width} px wide screen`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      const { cards, account } = await signedIn(page);
      await weighIn(account, 0, 80);
      await page.reload();
      await expect(cards.weight().getByRole('definition').first()).toHaveText('80.0 kg');

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const shot = testInfo.outputPath(`daily-summary-${width}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      await testInfo.attach(`daily-summary-${width}`, { path: shot, contentType: 'image/png' });
    });
  }
});
