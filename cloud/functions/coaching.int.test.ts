import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDay } from '../../src/domain/calendarDays';
import type { EnergyExpenditure } from '../../src/domain/expenditure';
import { parseDate, request, signUp, updateSettings, type Account } from '../../server/test/rest';

const DAY_MS = 86_400_000;

async function call(account: Account | undefined, params: Record<string, unknown> = {}) {
  return request('POST', '/parse/functions/energyExpenditure', {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    body: params,
  });
}

async function expenditure(account: Account): Promise<EnergyExpenditure> {
  const { status, body } = await call(account);
  expect(status).toBe(200);
  return body.result as EnergyExpenditure;
}

/** `days` days back from today at noon UTC (the person's zone is UTC: nothing else is set). */
const noonDaysAgo = (days: number) => {
  const today = localDay(new Date(), 'UTC');
  return new Date(`${addDays(today, -days)}T12:00:00Z`);
};

let alice: Account;
let bob: Account;

beforeAll(async () => {
  [alice, bob] = await Promise.all([signUp(), signUp()]);
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
    sessionToken: alice.sessionToken,
    body: { requests: meals },
  });
  expect(logged.status).toBe(200);
  const rows = Array.from({ length: 60 }, (_, index) => ({
    measuredAt: new Date(noonDaysAgo(60 - index).getTime() - DAY_MS / 4).toISOString(),
    weightKg: Math.round((90 - index * 0.05) * 100) / 100,
  }));
  const imported = await request('POST', '/parse/functions/importWeightEntries', {
    sessionToken: alice.sessionToken,
    body: { rows },
  });
  expect(imported.status).toBe(200);
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
