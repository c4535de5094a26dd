import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDay } from '../../src/domain/calendarDays';
import type { DashboardSummary } from '../../src/domain/dashboard';
import type { AdaptiveCalorieGoal, EnergyExpenditure } from '../../src/domain/expenditure';
import type { NutritionDay } from '../../src/domain/nutrition';
import {
  parseDate,
  request,
  settingsIdOf,
  signUp,
  updateSettings,
  type Account,
} from '../../server/test/rest';

const DAY_MS = 86_400_000;

async function call(account: Account | undefined, params: Record<string, unknown> = {}) {
  return request('POST', '/parse/functions/energyExpenditure', {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    body: params,
  });
}

async function expenditure(
  account: Account,
): Promise<EnergyExpenditure & { calorieGoal: AdaptiveCalorieGoal }> {
  const { status, body } = await call(account);
  expect(status).toBe(200);
  return body.result as EnergyExpenditure & { calorieGoal: AdaptiveCalorieGoal };
}

async function adapt(account: Account | undefined, params: Record<string, unknown>) {
  return request('POST', '/parse/functions/adaptCalorieGoal', {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    body: params,
  });
}

/** The person's Settings row as stored, read with the master key. */
async function storedSettings(account: Account): Promise<Record<string, unknown>> {
  const { body } = await request('GET', `/parse/classes/Settings/${await settingsIdOf(account)}`, {
    masterKey: true,
  });
  return body;
}

/** `days` days back from today at noon UTC (the person's zone is UTC: nothing else is set). */
const noonDaysAgo = (days: number) => {
  const today = localDay(new Date(), 'UTC');
  return new Date(`${addDays(today, -days)}T12:00:00Z`);
};

let alice: Account;
let bob: Account;

/** Alice's log, repeated for each person whose goal the tests change. */
async function logFourWeeks(account: Account): Promise<void> {
  // Alice: 2 000 kcal on each of the last 28 days, and 60 days of weigh-ins falling 0.05 kg a
  // day (0.35 kg a week: 385 kcal a day drawn from her body), so she burns about 2 385 kcal.
  const meals = Array.from({ length: 28 }, (_, index) => ({
    method: 'POST',
    path: '/parse/classes/Meal',
    body: {
      eatenAt: parseDate(noonDaysAgo(index + 1)),
      mealType: 'lunch',
      name: 'Lunch',
      caloriesKcal: 2000,
    },
  }));
  const logged = await request('POST', '/parse/batch', {
    sessionToken: account.sessionToken,
    body: { requests: meals },
  });
  expect(logged.status).toBe(200);
  const rows = Array.from({ length: 60 }, (_, index) => ({
    measuredAt: new Date(noonDaysAgo(60 - index).getTime() - DAY_MS / 4).toISOString(),
    weightKg: Math.round((90 - index * 0.05) * 100) / 100,
  }));
  const imported = await request('POST', '/parse/functions/importWeightEntries', {
    sessionToken: account.sessionToken,
    body: { rows },
  });
  expect(imported.status).toBe(200);
}

beforeAll(async () => {
  [alice, bob] = await Promise.all([signUp(), signUp()]);
  await logFourWeeks(alice);
});

describe('energyExpenditure', () => {
  it('measures what a person burns from their food log and trend weight, beside the formula', async () => {
    await updateSettings(alice, { sex: 'female', heightCm: 170, birthYear: 1990, activityLevel: 1.55 });

    const result = await expenditure(alice);

    expect(result.loggedDays).toBe(28);
    expect(result.windowDays).toBe(28);
    expect(result.meanIntakeKcal).toBe(2000);
    expect(result.weeklyChangeKg).toBeCloseTo(-0.35, 1);
    expect(result.kcalPerDay).toBeGreaterThanOrEqual(2360);
    expect(result.kcalPerDay).toBeLessThanOrEqual(2410);
    // Mifflin–St Jeor for 170 cm, about 87 kg, 36 years, female, × 1.55.
    expect(result.formulaKcalPerDay).toBeGreaterThan(2300);
    expect(result.formulaKcalPerDay).toBeLessThan(2600);
    expect(result.confidence).toBe('high');
    expect(result.explanation).toMatch(/^On the 28 days you logged in the last 28, you ate 2,000 kcal a day/);
  });

  it("says what is missing for someone without a log, and never reads another person's rows", async () => {
    const result = await expenditure(bob);

    expect(result).toMatchObject({
      kcalPerDay: null,
      confidence: null,
      loggedDays: 0,
      formulaKcalPerDay: null,
      meanIntakeKcal: null,
    });
    expect(result.explanation).toBe(
      'To measure what you burn, log your food on 14 of the last 28 days (so far 0) and weigh in over at least two weeks of them.',
    );
  });

  it('refuses an anonymous caller, and a bad time zone with 142 naming it', async () => {
    const anonymous = await call(undefined);
    const badZone = await call(alice, { timeZone: 'Mars/Olympus' });
    const notText = await call(alice, { timeZone: ['UTC'] });

    expect(anonymous.status).toBe(400);
    expect(anonymous.body.code).toBe(209);
    expect([badZone.body.code, notText.body.code]).toEqual([142, 142]);
    expect(badZone.body.error).toContain('timeZone');
  });
});

describe('adaptCalorieGoal', () => {
  const today = () => localDay(new Date(), 'UTC');

  it('sets the goal to the measured burn minus the weekly rate’s deficit, and keeps it when turned off', async () => {
    const carol = await signUp();
    await logFourWeeks(carol);
    await updateSettings(carol, { sex: 'female', weeklyRateKg: -0.5, dailyCalorieGoal: 1500 });
    const measured = (await expenditure(carol)).kcalPerDay ?? 0;
    const expected = Math.round((measured - 550) / 10) * 10;

    const { status, body } = await adapt(carol, { on: true });

    expect(status).toBe(200);
    expect(body.result).toEqual({ on: true, kcal: expected, setOn: today(), dailyCalorieGoal: expected });
    expect(await storedSettings(carol)).toMatchObject({
      adaptiveCalorieGoal: true,
      calorieGoalSetOn: today(),
      dailyCalorieGoal: expected,
    });
    const dashboard = await request('POST', '/parse/functions/dashboardSummary', {
      sessionToken: carol.sessionToken,
      body: {},
    });
    expect((dashboard.body.result as DashboardSummary).calorieBalance?.goalKcal).toBe(expected);

    const off = await adapt(carol, { on: false });

    expect(off.body.result).toMatchObject({ on: false, dailyCalorieGoal: expected });
    expect(await storedSettings(carol)).toMatchObject({
      adaptiveCalorieGoal: false,
      dailyCalorieGoal: expected,
    });
  });

  it('sets it again when a week has passed, the next time the goal is read', async () => {
    const dave = await signUp();
    await logFourWeeks(dave);
    await updateSettings(dave, { sex: 'male', weeklyRateKg: 0 });
    await adapt(dave, { on: true });
    const settingsId = await settingsIdOf(dave);
    // Eight days ago, at a goal the measurement would not give.
    await request('PUT', `/parse/classes/Settings/${settingsId}`, {
      masterKey: true,
      body: { dailyCalorieGoal: 3000, calorieGoalSetOn: addDays(today(), -8) },
    });
    const sixDaysAgo = { dailyCalorieGoal: 3000, calorieGoalSetOn: addDays(today(), -6) };

    const day = await request('POST', '/parse/functions/nutritionDay', {
      sessionToken: dave.sessionToken,
      body: {},
    });

    const measured = (await expenditure(dave)).kcalPerDay ?? 0;
    expect((day.body.result as NutritionDay).calorieGoal).toBe(Math.round(measured / 10) * 10);
    expect(await storedSettings(dave)).toMatchObject({
      calorieGoalSetOn: today(),
      adaptiveCalorieGoal: true,
    });

    await request('PUT', `/parse/classes/Settings/${settingsId}`, { masterKey: true, body: sixDaysAgo });
    const early = await request('POST', '/parse/functions/nutritionDay', {
      sessionToken: dave.sessionToken,
      body: {},
    });
    expect((early.body.result as NutritionDay).calorieGoal).toBe(3000);
  });

  it('stops following the measurement when the person sets a goal themselves', async () => {
    const erin = await signUp();
    await logFourWeeks(erin);
    await adapt(erin, { on: true });

    await updateSettings(erin, { dailyCalorieGoal: 1800 });

    expect(await storedSettings(erin)).toMatchObject({ adaptiveCalorieGoal: false, dailyCalorieGoal: 1800 });
    expect((await expenditure(erin)).calorieGoal).toMatchObject({ on: false, dailyCalorieGoal: 1800 });
  });

  it('sets the goal afresh for a new weekly rate the next time it is read', async () => {
    const fay = await signUp();
    await logFourWeeks(fay);
    await updateSettings(fay, { sex: 'female', weeklyRateKg: 0 });
    const { body } = await adapt(fay, { on: true });
    const measured = (await expenditure(fay)).kcalPerDay ?? 0;
    expect((body.result as AdaptiveCalorieGoal).dailyCalorieGoal).toBe(measured);

    await updateSettings(fay, { weeklyRateKg: -0.25 });
    const result = await expenditure(fay);

    // −0.25 kg a week takes 275 kcal a day off.
    const expected = Math.round((measured - 275) / 10) * 10;
    expect(result.calorieGoal).toMatchObject({ on: true, setOn: today(), dailyCalorieGoal: expected });
  });

  it('refuses to follow a burn not measured yet with 142, and keeps the goal saved', async () => {
    await updateSettings(bob, { dailyCalorieGoal: 2100 });

    const { body } = await adapt(bob, { on: true });

    expect(body.code).toBe(142);
    expect(body.field).toBe('on');
    expect(body.error).toMatch(
      /^What you burn is not measured yet\. To measure what you burn, log your food/,
    );
    expect(await storedSettings(bob)).toMatchObject({ adaptiveCalorieGoal: false, dailyCalorieGoal: 2100 });
  });

  it('refuses an anonymous caller and a bad parameter, and only ever changes the caller’s own goal', async () => {
    const before = await storedSettings(alice);

    const anonymous = await adapt(undefined, { on: true });
    const notBoolean = await adapt(bob, { on: 'yes' });
    const missing = await adapt(bob, {});
    const badZone = await adapt(bob, { on: false, timeZone: 'Nowhere/Else' });
    // Another person names Alice: the function has no parameter for whom, so Bob's own row changes.
    const other = await adapt(bob, { on: false, user: alice.objectId, userId: alice.objectId });

    expect(anonymous.body.code).toBe(209);
    expect([notBoolean.body.code, missing.body.code, badZone.body.code]).toEqual([142, 142, 142]);
    expect(notBoolean.body.error).toBe('on must be true or false.');
    expect(badZone.body.error).toContain('timeZone');
    expect(other.status).toBe(200);
    expect(await storedSettings(alice)).toEqual(before);
  });
});
