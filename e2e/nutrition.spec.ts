import { expect, test, type Page } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { NutritionPage } from './pages/NutritionPage';
import { violationsOn } from './support/accessibility';
import { apiClient, createAccount, requestAs, runAs, type TestAccount } from './support/api';
import { userPointer } from '../server/test/restClient';
import { openSignedIn } from './support/session';

async function signedIn(page: Page): Promise<{ nutrition: NutritionPage; account: TestAccount }> {
  const account = await createAccount();
  await openSignedIn(page, account, '/nutrition-log');
  const nutrition = new NutritionPage(page);
  await expect(nutrition.heading()).toBeVisible();
  return { nutrition, account };
}

/** The person's meals as stored on the server, read with the master key. */
async function storedMeals(
  userId: string,
): Promise<{ name: string; caloriesKcal: number; mealType: string }[]> {
  const where = encodeURIComponent(JSON.stringify({ user: userPointer(userId) }));
  const { body } = await apiClient().request('GET', `/parse/classes/Meal?where=${where}&order=eatenAt`, {
    masterKey: true,
  });
  return (body.results ?? []).map(({ name, caloriesKcal, mealType }) => ({
    name: String(name),
    caloriesKcal: Number(caloriesKcal),
    mealType: String(mealType),
  }));
}

test.describe('nutrition log', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  test('searches the catalogue, logs a serving and a quick add, and the totals and charts follow', async ({
    page,
  }, testInfo) => {
    const { nutrition, account } = await signedIn(page);
    await expect(nutrition.section('Breakfast')).toContainText('Nothing logged for breakfast.');
    await expect(page.getByText('No calories logged in the last 7 days.')).toBeVisible();
    await nutrition.setCalorieGoal('2000');

    const window = await nutrition.addFromCatalogue('Breakfast', 'greek yog', /^Greek yogurt, plain, nonfat/);
    await expect(window.getByLabel('Unit')).toHaveValue('serving');
    await expect(window.getByText('170 g: 100 kcal · protein 17 g · carbs 6.1 g · fat 0.7 g')).toBeVisible();
    await window.getByLabel('Amount').fill('2');
    await expect(window.getByText(/^340 g: 201 kcal/)).toBeVisible();
    await window.getByRole('button', { name: 'Save entry' }).click();
    await expect(window).toBeHidden();
    await expect(nutrition.entries('Breakfast')).toHaveCount(1);
    await expect(nutrition.entries('Breakfast')).toContainText('2 × 1 container (170 g)');
    await expect(nutrition.section('Breakfast')).toContainText('201 kcal');

    await nutrition.quickAdd('Lunch', '650', { protein: '30', carbs: '70', fat: '25' });
    await expect(nutrition.entries('Lunch')).toHaveCount(1);
    await expect(nutrition.totals()).toContainText('851 kcal eaten of 2,000 kcal');
    await expect(nutrition.totals()).toContainText('1,149 kcal remaining.');
    await expect(nutrition.totals()).toContainText(/Protein\s*65 g · 31% of energy/);
    // Neither the shipped yogurt nor the quick add says how much fibre it has.
    await expect(nutrition.totals()).toContainText(/Fibre\s*Not known/);
    await expect(nutrition.chart(/^Share of energy: protein 31%, carbs 40%, fat 29%\.$/)).toBeVisible();
    await expect(
      nutrition.chart(/^Calories eaten per day, last 7 days, goal 2000 kcal: .* 851\.$/),
    ).toBeVisible();

    await nutrition.page30Days();
    await expect(nutrition.chart(/^Calories eaten per day, last 30 days/)).toBeVisible();

    const shot = testInfo.outputPath('nutrition-page.png');
    await page.screenshot({ path: shot, fullPage: true });
    await testInfo.attach('nutrition-page', { path: shot, contentType: 'image/png' });

    // The server computed the yogurt's energy from the food and the grams.
    expect(await storedMeals(account.objectId)).toEqual([
      expect.objectContaining({
        name: 'Greek yogurt, plain, nonfat',
        caloriesKcal: 200.6,
        mealType: 'breakfast',
      }),
      expect.objectContaining({ name: 'Quick add', caloriesKcal: 650, mealType: 'lunch' }),
    ]);
  });

  test("copies yesterday's breakfast onto today", async ({ page }) => {
    const { nutrition, account } = await signedIn(page);
    await page.getByRole('link', { name: 'Previous day' }).click();
    await expect(page.getByRole('main').getByRole('link', { name: 'Today' })).toBeVisible();
    await nutrition.addFromCatalogue('Breakfast', 'banana', /^Banana, raw/);
    await nutrition.window('Add to breakfast').getByRole('button', { name: 'Save entry' }).click();
    await expect(nutrition.window('Add to breakfast')).toBeHidden();
    await nutrition.quickAdd('Breakfast', '5');
    await nutrition.quickAdd('Dinner', '700');
    await expect(nutrition.entries('Breakfast')).toHaveCount(2);

    await page.getByRole('main').getByRole('link', { name: 'Today' }).click();
    await expect(page.getByRole('main').getByRole('link', { name: 'Today' })).toBeHidden();
    await expect(nutrition.entries('Breakfast')).toHaveCount(0);
    await nutrition
      .section('Breakfast')
      .getByRole('button', { name: 'Copy breakfast from the day before' })
      .click();
    await expect(nutrition.section('Breakfast')).toContainText('Copied 2 entries from the day before.');
    await expect(nutrition.entries('Breakfast')).toHaveCount(2);
    await expect(nutrition.section('Breakfast')).toContainText('Banana, raw');
    await expect(nutrition.section('Breakfast')).toContainText('Quick add');
    await expect(nutrition.entries('Dinner')).toHaveCount(0);
    await expect(nutrition.totals()).toContainText('110 kcal eaten');
    expect(await storedMeals(account.objectId)).toHaveLength(5);
  });

  test('creates a private food and logs it, and edits and deletes an entry', async ({ page }) => {
    const { nutrition } = await signedIn(page);
    await nutrition.section('Snacks').getByRole('button', { name: 'Add to snacks' }).click();
    const window = nutrition.window('Add to snacks');
    await window.getByRole('radio', { name: 'New food' }).check();
    await window.getByLabel('Name', { exact: true }).fill("Grandma's granola");
    await window.getByLabel('Energy (kcal per 100 g)').fill('45');
    await window.getByLabel('Protein (g per 100 g)').fill('10');
    await window.getByLabel('Carbs (g per 100 g)').fill('60');
    await window.getByLabel('Fat (g per 100 g)').fill('18');
    await window.getByLabel('Serving (g)').fill('45');
    await window.getByRole('button', { name: 'Save food' }).click();
    await expect(
      window.getByText(/The energy does not match the macros: by 4\/4\/9 they give 442 kcal/),
    ).toBeVisible();
    await window.getByLabel('Energy (kcal per 100 g)').fill('450');
    await window.getByRole('button', { name: 'Save food' }).click();

    await expect(window.getByText("Grandma's granola", { exact: true })).toBeVisible();
    await window.getByLabel('Amount').fill('2');
    await expect(window.getByText(/^90 g: 405 kcal/)).toBeVisible();
    await window.getByRole('button', { name: 'Save entry' }).click();
    await expect(window).toBeHidden();
    await expect(nutrition.entries('Snacks')).toContainText("Grandma's granola");

    await nutrition
      .section('Snacks')
      .getByRole('button', { name: /^Edit Grandma's granola/ })
      .click();
    const edit = nutrition.window("Edit Grandma's granola");
    await edit.getByLabel('Amount').fill('0');
    await edit.getByRole('button', { name: 'Save entry' }).click();
    await expect(edit.getByText('Enter an amount above 0 and up to 5000 g.')).toBeVisible();
    await edit.getByLabel('Amount').fill('1');
    await edit.getByRole('button', { name: 'Save entry' }).click();
    await expect(edit).toBeHidden();
    await expect(nutrition.section('Snacks')).toContainText('203 kcal');

    await nutrition
      .section('Snacks')
      .getByRole('button', { name: /^Edit Grandma's granola/ })
      .click();
    await edit.getByRole('button', { name: 'Delete' }).click();
    await edit.getByRole('button', { name: 'Delete entry' }).click();
    await expect(edit).toBeHidden();
    await expect(nutrition.entries('Snacks')).toHaveCount(0);

    // The own food is found by search next time, marked as the person's.
    await nutrition.section('Snacks').getByRole('button', { name: 'Add to snacks' }).click();
    await window.getByLabel('Search foods').fill('grandma gran');
    await expect(window.getByRole('button', { name: /Grandma's granola\s*My food/ })).toBeVisible();
  });

  test('opens the day and span in the query string, and the 404 page for a date that does not exist', async ({
    page,
  }) => {
    const { nutrition } = await signedIn(page);
    await nutrition.goto('?date=2026-02-28&days=30');
    await expect(page.getByText('Saturday 28 February 2026')).toBeVisible();
    await expect(page.getByText('No calories logged in the last 30 days.')).toBeVisible();
    await page.goto('/nutrition-log?date=2026-02-30');
    await expect(page.getByText('This page could not be found')).toBeVisible();
    await page.goto('/nutrition-log?days=365');
    await expect(page.getByText('This page could not be found')).toBeVisible();
  });
});

test.describe('what a person burns', () => {
  test('says what is missing at first, and after four weeks of logs shows the measured expenditure', async ({
    page,
  }) => {
    const { nutrition, account } = await signedIn(page);
    const card = page.getByRole('region', { name: 'What you burn' });
    await expect(card).toContainText(
      'To measure what you burn, log your food on 14 of the last 28 days (so far 0) and weigh in over at least two weeks of them.',
    );

    // Four weeks of 2 000 kcal a day, and six weeks of weigh-ins falling 0.05 kg a day.
    const day = (daysAgo: number, hour: number) => {
      const date = new Date();
      date.setDate(date.getDate() - daysAgo);
      date.setHours(hour, 0, 0, 0);
      return date.toISOString();
    };
    const meals = Array.from({ length: 28 }, (_, index) => ({
      method: 'POST',
      path: '/parse/classes/Meal',
      body: {
        eatenAt: { __type: 'Date', iso: day(index + 1, 13) },
        mealType: 'lunch',
        name: 'Lunch',
        caloriesKcal: 2000,
      },
    }));
    await requestAs(account, 'POST', 'batch', { requests: meals });
    const rows = Array.from({ length: 42 }, (_, index) => ({
      measuredAt: day(42 - index, 7),
      weightKg: Math.round((84 - index * 0.05) * 100) / 100,
    }));
    await runAs(account, 'importWeightEntries', { rows });

    await page.reload();
    await expect(nutrition.heading()).toBeVisible();
    await expect(card.getByText(/^2,[34]\d0 kcal$/)).toBeVisible();
    // 27 when midnight passes during the test: the window moves with today.
    await expect(card).toContainText(/On the 2[78] days you logged in the last 28, you ate 2,000 kcal a day/);
    await card.getByRole('button', { name: 'How this is worked out' }).focus();
    await expect(page.getByRole('tooltip')).toContainText('2,000 kcal eaten a day on the days logged, plus');
    expect(await violationsOn(page)).toEqual([]);
  });

  test('lets the calorie goal follow the measured burn, shows it on the start page, and stops when a goal is set by hand', async ({
    page,
  }) => {
    const { nutrition, account } = await signedIn(page);
    await nutrition.setCalorieGoal('1500');
    // Four weeks of 2 000 kcal a day and a steady weight: the burn is 2 000 kcal a day.
    const day = (daysAgo: number, hour: number) => {
      const date = new Date();
      date.setDate(date.getDate() - daysAgo);
      date.setHours(hour, 0, 0, 0);
      return date.toISOString();
    };
    const meals = Array.from({ length: 28 }, (_, index) => ({
      method: 'POST',
      path: '/parse/classes/Meal',
      body: {
        eatenAt: { __type: 'Date', iso: day(index + 1, 13) },
        mealType: 'lunch',
        name: 'Lunch',
        caloriesKcal: 2000,
      },
    }));
    await requestAs(account, 'POST', 'batch', { requests: meals });
    const rows = Array.from({ length: 42 }, (_, index) => ({ measuredAt: day(42 - index, 7), weightKg: 80 }));
    await runAs(account, 'importWeightEntries', { rows });
    await page.reload();

    const card = page.getByRole('region', { name: 'What you burn' });
    const follow = card.getByRole('checkbox', { name: 'Use it for my calorie goal' });
    await expect(follow).toHaveAccessibleDescription(/^Your daily goal would be 2,000 kcal/);
    await follow.click();
    await expect(follow).toBeChecked();
    await expect(follow).toBeEnabled();
    await expect(nutrition.totals()).toContainText('of 2,000 kcal');
    await expect(follow).toHaveAccessibleDescription(
      /^Your goal of 2,000 kcal follows what you burn, last set on/,
    );
    expect(await violationsOn(page)).toEqual([]);

    await new AppShell(page).open('Today');
    await expect(page.getByText(/^You burn about 2,000 kcal a day/)).toContainText(
      'measured from your last four weeks (high confidence). Your calorie goal follows it.',
    );

    await nutrition.goto();
    await nutrition.setCalorieGoal('1800');
    await expect(card.getByRole('checkbox', { name: 'Use it for my calorie goal' })).not.toBeChecked();
    await expect(nutrition.totals()).toContainText('of 1,800 kcal');
  });
});

test.describe('nutrition log in German', () => {
  test.use({ locale: 'de' });

  test('finds everyday foods by their German names, accents aside, and says where each one’s values come from', async ({
    page,
  }) => {
    const account = await createAccount();
    await openSignedIn(page, account, '/nutrition-log');
    await page.getByRole('button', { name: 'Zum Frühstück hinzufügen' }).click();
    const window = page.getByRole('dialog', { name: 'Zum Frühstück hinzufügen' });

    await window.getByLabel('Lebensmittel suchen').fill('brotchen');
    await window.getByRole('button', { name: /^Brötchen \(Kaiserbrötchen\)/ }).click();
    await expect(window.getByText('Quelle: USDA FoodData Central, CC0 1.0')).toBeVisible();
    expect(await violationsOn(page)).toEqual([]);

    await window.getByRole('button', { name: 'Anderes Lebensmittel' }).click();
    await window.getByLabel('Lebensmittel suchen').fill('quark mager');
    await window.getByRole('button', { name: /^Quark, mager \(Magerquark\)/ }).click();
    await expect(window.getByText('Quelle: ANSES-CIQUAL 2020, Licence Ouverte 2.0')).toBeVisible();
  });
});
