import { expect, test, type Page } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { SignupPage } from './pages/SignupPage';
import { violationsOn } from './support/accessibility';
import { createAccount, requestAs, uniqueName } from './support/api';
import { overflowOf } from './support/layout';
import { openSignedIn } from './support/session';

const EQUATION = 'Today’s calories: goal minus food plus exercise';

/** The goal and what is left as the equation on the page shows them ("Goal1,500−Food0=Remaining1,500"). */
function equationOn(page: Page) {
  return page.getByLabel(EQUATION);
}

test.describe('the first day', () => {
  test.use({ viewport: { width: 375, height: 812 }, locale: 'en-GB', timezoneId: 'UTC' });

  test('a new account answers the questions one a screen and sees the same goal on every page', async ({
    page,
  }) => {
    const username = uniqueName('first');
    await new SignupPage(page).goto();
    await new SignupPage(page).signUp({
      username,
      email: `${username}@example.com`,
      password: 'a fine password 1',
    });
    await expect(page).toHaveURL(/\/welcome$/);
    const shell = new AppShell(page);
    await shell.expectHeading('Your goal');
    await expect(page.getByText('Question 1 of 9')).toBeVisible();
    expect(await violationsOn(page)).toEqual([]);

    await page.getByRole('button', { name: 'Lose weight' }).click();
    await page.getByRole('button', { name: 'Female' }).click();
    // A refused answer is said at the question, in a sentence, and nothing moves on.
    await page.getByLabel('Year of birth').fill('2020');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('alert')).toHaveText(/^Enter a year of birth from \d{4} to \d{4}\.$/);
    await expect(page.getByLabel('Year of birth')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Year of birth').fill('1990');
    await page.getByRole('button', { name: 'Next' }).click();

    // Left halfway, the questions resume where they were (kept on this device).
    await expect(page.getByRole('heading', { name: 'How tall are you?' })).toBeFocused();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'How tall are you?' })).toBeVisible();
    await page.getByLabel('Height (cm)').fill('168');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Weight today (kg)').fill('78');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Goal weight (kg)').fill('80');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'To lose weight, the goal must be below what you weigh today.',
    );
    await page.getByLabel('Goal weight (kg)').fill('68');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Lose 0.50 kg a week (suggested)' }).click();
    await page.getByRole('button', { name: /^Lightly active/ }).click();

    // Mifflin–St Jeor for a woman of 168 cm and 78 kg, × 1.375, − 550 kcal for 0.5 kg a week.
    await expect(page.getByRole('heading', { name: 'Your daily calorie goal' })).toBeVisible();
    const age = new Date().getFullYear() - 1990;
    const goal = Math.round(((10 * 78 + 6.25 * 168 - 5 * age - 161) * 1.375 - 550) / 10) * 10;
    const goalText = goal.toLocaleString('en-GB');
    await expect(page.locator('.onboarding-goal')).toHaveText(`${goalText} kcal a day`);
    expect(await overflowOf(page)).toBe(0);
    expect(await violationsOn(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save and start' }).click();

    await shell.expectHeading('Today');
    await expect(equationOn(page)).toHaveText(`Goal${goalText}−Food0=Remaining${goalText}`);
    await page.goto('/nutrition-log');
    await expect(equationOn(page)).toHaveText(`Goal${goalText}−Food0=Remaining${goalText}`);
    await page.goto('/user-settings?section=goals');
    await expect(page.locator('#current-calorie-goal')).toContainText(
      `Your daily goal now: ${goalText} kcal`,
    );
    await page.goto('/weight-tracking');
    await expect(page.getByRole('cell', { name: '78.0 kg' }).first()).toBeVisible();
  });

  test('counted workouts add to what is left, the same on the start page and the nutrition page', async ({
    page,
  }) => {
    const account = await createAccount();
    // The account's Settings row is made at sign-up: its own goal, and workouts counted.
    const { results } = await requestAs<{ results: { objectId: string }[] }>(
      account,
      'GET',
      'classes/Settings',
    );
    await requestAs(account, 'PUT', `classes/Settings/${results[0]?.objectId ?? ''}`, {
      dailyCalorieGoal: 2000,
      countExerciseCalories: true,
    });
    // Both early today in the browser's zone (UTC here), whatever the hour the test runs at.
    const today = new Date().toISOString().slice(0, 10);
    const at = (time: string) => ({ __type: 'Date', iso: `${today}T${time}:00.000Z` });
    await requestAs(account, 'POST', 'classes/Activity', {
      type: 'run',
      startedAt: at('06:00'),
      durationMin: 30,
      caloriesKcal: 300,
    });
    await requestAs(account, 'POST', 'classes/Meal', {
      name: 'Porridge',
      mealType: 'breakfast',
      eatenAt: at('07:00'),
      caloriesKcal: 450,
    });

    await openSignedIn(page, account, '/');
    await expect(equationOn(page)).toHaveText('Goal2,000−Food450+Exercise300=Remaining1,850');
    await page.goto('/nutrition-log');
    await expect(equationOn(page)).toHaveText('Goal2,000−Food450+Exercise300=Remaining1,850');
    await page.getByText('How is this computed?').click();
    await expect(page.getByText('Your workouts are added to what you may eat')).toBeVisible();
  });

  test('the “+” logs a weigh-in from any page, and logging out is in the settings on a phone', async ({
    page,
  }) => {
    const account = await createAccount();
    await openSignedIn(page, account, '/friends-ranking');
    const bar = page.getByRole('navigation', { name: 'Main' });
    await bar.getByRole('button', { name: 'Log' }).click();
    await expect(bar.getByRole('link', { name: 'Meal' })).toBeVisible();
    expect(await violationsOn(page)).toEqual([]);
    await bar.getByRole('link', { name: 'Weigh-in' }).click();
    await expect(page).toHaveURL(/\/weight-tracking$/);
    const window = page.getByRole('dialog');
    await expect(window).toBeVisible();
    await window.getByLabel('Weight (kg)').fill('81.4');
    await window.getByRole('button', { name: 'Save' }).click();
    await expect(window).toBeHidden();
    await expect(page.getByRole('cell', { name: '81.4 kg' })).toHaveCount(1);
    // The next weigh-in starts from the last: the same weight is two taps, nothing typed.
    await page.getByRole('button', { name: 'Add a weigh-in' }).click();
    await expect(window.getByLabel('Weight (kg)')).toHaveValue('81.4');
    await window.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('cell', { name: '81.4 kg' })).toHaveCount(2);

    await expect(page.getByRole('button', { name: 'Log out' })).toBeHidden();
    await page.getByRole('link', { name: account.username }).click();
    await page.getByRole('link', { name: 'All settings' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login\?notice=logged-out$/);
  });
});
