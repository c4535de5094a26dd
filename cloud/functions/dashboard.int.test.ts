import { beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../../src/domain/calendarDays';
import { parseDate, request, signUp, updateSettings, type Account } from '../../server/test/rest';

interface Summary {
  date: string;
  today: string;
  timeZone: string;
  weekStartsOn: number;
  caloriesEatenKcal: number;
  caloriesBurnedKcal: number;
  workoutsOnDay: number;
  calorieGoal: number | null;
  calorieBalance: {
    eatenKcal: number;
    goalKcal: number;
    remainingKcal: number;
    overKcal: number;
    source?: string;
    exerciseKcal?: number;
  } | null;
  week: { start: string; activeMinutes: number; sessions: number; goalMinutes: number; metGoal: boolean };
  weight: {
    weightUnit: string;
    trendKg: number | null;
    weeklyChangeKg: number | null;
    weeklyRateKg: number | null;
    goalWeightKg: number | null;
    forecast: { kind: string; date?: string; weeks?: number } | null;
    lastWeighIn: string | null;
  };
  streak: { currentDays: number; longestDays: number };
  counts: { meals: number; workouts: number; weighInDays: number };
}

async function call(account: Account | undefined, params: Record<string, unknown>) {
  return request('POST', '/parse/functions/dashboardSummary', {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    body: params,
  });
}

async function summary(account: Account, params: Record<string, unknown>): Promise<Summary> {
  const { status, body } = await call(account, params);
  expect(status).toBe(200);
  return body.result as Summary;
}

async function create(owner: Account, className: string, body: Record<string, unknown>) {
  const { status } = await request('POST', `/parse/classes/${className}`, {
    sessionToken: owner.sessionToken,
    body,
  });
  expect(status).toBe(201);
}

const at = (iso: string) => parseDate(new Date(iso));

async function meal(owner: Account, eatenAt: string, caloriesKcal: number) {
  await create(owner, 'Meal', { eatenAt: at(eatenAt), mealType: 'lunch', name: 'Meal', caloriesKcal });
}

async function workout(owner: Account, startedAt: string, durationMin: number, caloriesKcal: number) {
  await create(owner, 'Activity', { type: 'run', startedAt: at(startedAt), durationMin, caloriesKcal });
}

async function weighIn(owner: Account, measuredAt: string, weightKg: number) {
  await create(owner, 'WeightEntry', { measuredAt: at(measuredAt), weightKg });
}

let newcomer: Account;
let alice: Account;
let bob: Account;
let carol: Account;

beforeAll(async () => {
  [newcomer, alice, bob, carol] = await Promise.all([signUp(), signUp(), signUp(), signUp()]);

  // Alice: weeks start on Sunday; Thursday 12 March 2026 is the day under test.
  await updateSettings(alice, {
    dailyCalorieGoal: 2000,
    weeklyActiveMinutesGoal: 200,
    weekStartsOn: 0,
    goalWeightKg: 75,
    units: 'imperial',
    timezone: 'UTC',
  });
  await Promise.all([
    meal(alice, '2026-03-12T07:00:00Z', 500),
    meal(alice, '2026-03-12T12:30:00Z', 700),
    meal(alice, '2026-03-12T23:59:00Z', 250),
    meal(alice, '2026-03-11T08:00:00Z', 1300),
    meal(alice, '2026-03-11T19:00:00Z', 1000),
    meal(alice, '2026-03-13T00:00:00Z', 400),
    workout(alice, '2026-03-07T07:00:00Z', 60, 500), // Saturday: the week before
    workout(alice, '2026-03-08T07:00:00Z', 30, 200), // Sunday: first day of the week
    workout(alice, '2026-03-10T07:00:00Z', 40, 300),
    workout(alice, '2026-03-11T07:00:00Z', 20, 150),
    workout(alice, '2026-03-12T06:00:00Z', 45, 350),
    workout(alice, '2026-03-12T18:00:00Z', 15, 100),
    weighIn(alice, '2026-03-01T07:00:00Z', 89),
    weighIn(alice, '2026-03-01T19:00:00Z', 91),
    weighIn(alice, '2026-03-12T07:00:00Z', 80),
    weighIn(alice, '2026-03-13T07:00:00Z', 60),
  ]);

  // Bob logs on the same days, with numbers that would show if they were ever counted for Alice.
  await Promise.all([
    meal(bob, '2026-03-12T09:00:00Z', 3333),
    workout(bob, '2026-03-12T09:00:00Z', 300, 3000),
    weighIn(bob, '2026-03-12T09:00:00Z', 140),
  ]);

  // Carol, without a saved zone: instants near the ends of 12 March in Tokyo (UTC+9).
  await Promise.all([
    meal(carol, '2026-03-11T14:59:00Z', 111), // 23:59 on 11 March in Tokyo
    meal(carol, '2026-03-11T15:00:00Z', 222), // 00:00 on 12 March in Tokyo
    meal(carol, '2026-03-12T14:59:00Z', 333), // 23:59 on 12 March in Tokyo
    meal(carol, '2026-03-12T15:00:00Z', 444), // 00:00 on 13 March in Tokyo
    workout(carol, '2026-03-11T16:00:00Z', 30, 250), // 01:00 on 12 March in Tokyo
  ]);
});

describe('dashboardSummary', () => {
  it('answers zeros, nulls and the default goals for a person who logged nothing', async () => {
    const result = await summary(newcomer, { timeZone: 'UTC' });
    const today = localDay(new Date(), 'UTC');

    expect(result).toMatchObject({
      date: today,
      today,
      timeZone: 'UTC',
      weekStartsOn: 1,
      caloriesEatenKcal: 0,
      caloriesBurnedKcal: 0,
      workoutsOnDay: 0,
      calorieGoal: null,
      calorieBalance: null,
      week: { activeMinutes: 0, sessions: 0, goalMinutes: 150, metGoal: false },
      weight: {
        weightUnit: 'kg',
        trendKg: null,
        weeklyChangeKg: null,
        goalWeightKg: null,
        forecast: null,
        lastWeighIn: null,
      },
      streak: { currentDays: 0, longestDays: 0 },
      counts: { meals: 0, workouts: 0, weighInDays: 0 },
    });
  });

  it('sums the day’s meals and workouts against the goals from settings', async () => {
    const result = await summary(alice, { date: '2026-03-12' });

    expect(result).toMatchObject({
      date: '2026-03-12',
      timeZone: 'UTC',
      weekStartsOn: 0,
      caloriesEatenKcal: 1450,
      caloriesBurnedKcal: 450,
      workoutsOnDay: 2,
      calorieGoal: 2000,
      calorieBalance: { eatenKcal: 1450, goalKcal: 2000, remainingKcal: 550, overKcal: 0 },
      week: { start: '2026-03-08', activeMinutes: 150, sessions: 5, goalMinutes: 200, metGoal: false },
      streak: { currentDays: 3, longestDays: 3 },
      counts: { meals: 6, workouts: 6, weighInDays: 3 },
    });
  });

  it('says how far over the goal a day went', async () => {
    const result = await summary(alice, { date: '2026-03-11' });

    expect(result.caloriesEatenKcal).toBe(2300);
    expect(result.calorieBalance).toMatchObject({ remainingKcal: 0, overKcal: 300 });
    expect(result.streak.currentDays).toBe(2);
  });

  it('gives the weight trend up to the day from daily means, its weekly change and the forecast', async () => {
    const { weight } = await summary(alice, { date: '2026-03-12' });

    // 1 March's mean is 90 kg; after an 11-day gap the trend moves by α = 1 − 0.9^11 toward 80 kg.
    const trendKg = 90 + (1 - 0.9 ** 11) * (80 - 90);
    expect(weight.weightUnit).toBe('lb');
    expect(weight.goalWeightKg).toBe(75);
    expect(weight.trendKg).toBeCloseTo(trendKg, 6);
    expect(weight.weeklyChangeKg).toBeCloseTo(trendKg - 90, 6);
    expect(weight.weeklyRateKg).toBeCloseTo(((trendKg - 90) / 11) * 7, 6);
    expect(weight.forecast).toEqual({ kind: 'date', date: '2026-03-26', weeks: 2 });
    expect(weight.lastWeighIn).toBe('2026-03-12');
  });

  it('counts meals and workouts on the local days of the time zone', async () => {
    const tokyo = await summary(carol, { date: '2026-03-12', timeZone: 'Asia/Tokyo' });
    expect(tokyo.timeZone).toBe('Asia/Tokyo');
    expect(tokyo.caloriesEatenKcal).toBe(555);
    expect(tokyo.caloriesBurnedKcal).toBe(250);
    expect(tokyo.streak.currentDays).toBe(1);

    const utc = await summary(carol, { date: '2026-03-12', timeZone: 'UTC' });
    expect(utc.caloriesEatenKcal).toBe(777);
    expect(utc.caloriesBurnedKcal).toBe(0);
  });

  it('prefers the saved time zone to the browser’s', async () => {
    const result = await summary(alice, { date: '2026-03-12', timeZone: 'Asia/Tokyo' });

    expect(result.timeZone).toBe('UTC');
    expect(result.caloriesEatenKcal).toBe(1450);
  });

  it('never counts another person’s meals, workouts or weigh-ins', async () => {
    const result = await summary(bob, { date: '2026-03-12', timeZone: 'UTC' });

    expect(result).toMatchObject({
      caloriesEatenKcal: 3333,
      caloriesBurnedKcal: 3000,
      week: { activeMinutes: 300, sessions: 1 },
      counts: { meals: 1, workouts: 1, weighInDays: 1 },
    });
    expect(result.weight.trendKg).toBe(140);
  });

  it('refuses an anonymous caller with 209', async () => {
    const { body } = await call(undefined, { date: '2026-03-12' });
    expect(body.code).toBe(209);
  });

  it.each([
    ['12.03.2026', 'date must be a day written YYYY-MM-DD.'],
    ['2026-02-30', 'date must be a day written YYYY-MM-DD.'],
    [20260312, 'date must be a day written YYYY-MM-DD.'],
    ['1899-12-31', 'date must be a day from 1900 to 2999.'],
    ['9999-12-31', 'date must be a day from 1900 to 2999.'],
  ])('refuses the date %s with 142 naming the field', async (date, message) => {
    const { body } = await call(alice, { date });
    expect(body).toMatchObject({ code: 142, error: message });
  });

  it('refuses an unknown time zone with 142 naming the field', async () => {
    const { body } = await call(alice, { timeZone: 'Mars/Olympus' });
    expect(body).toMatchObject({
      code: 142,
      error: 'timeZone must be a time zone name such as Europe/Berlin.',
    });
  });
});

describe('the one daily calorie goal', () => {
  it('is the formula’s for the body data and trend weight, the same on the start page and the nutrition page, with counted workouts added', async () => {
    const dana = await signUp();
    await updateSettings(dana, {
      sex: 'female',
      birthYear: 1990,
      heightCm: 168,
      activityLevel: 1.375,
      weeklyRateKg: -0.5,
      countExerciseCalories: true,
      timezone: 'UTC',
    });
    await Promise.all([
      weighIn(dana, '2026-03-12T07:00:00Z', 78),
      meal(dana, '2026-03-12T12:00:00Z', 600),
      workout(dana, '2026-03-12T18:00:00Z', 40, 320),
    ]);
    const start = await summary(dana, { date: '2026-03-12' });
    // 10·78 + 6.25·168 − 5·age − 161, × 1.375, − 550 a day for 0.5 kg a week, to 10 kcal.
    const age = new Date().getUTCFullYear() - 1990;
    const formula = Math.round(((10 * 78 + 6.25 * 168 - 5 * age - 161) * 1.375 - 550) / 10) * 10;
    expect(start.calorieGoal).toBe(formula);
    expect(start.calorieBalance).toMatchObject({
      goalKcal: formula,
      source: 'formula',
      exerciseKcal: 320,
      remainingKcal: formula - 600 + 320,
    });

    const { status, body } = await request('POST', '/parse/functions/nutritionDay', {
      sessionToken: dana.sessionToken,
      body: { date: '2026-03-12' },
    });
    expect(status).toBe(200);
    expect(body.result).toMatchObject({
      calorieGoal: formula,
      calorieGoalSource: 'formula',
      countsExercise: true,
      workoutsKcal: 320,
    });

    // A goal of the person's own wins, on both pages.
    await updateSettings(dana, { dailyCalorieGoal: 1800 });
    expect((await summary(dana, { date: '2026-03-12' })).calorieBalance).toMatchObject({
      goalKcal: 1800,
      source: 'own',
    });
  });

  it('refuses a setting to count workouts that is not true or false, with 142 naming the field', async () => {
    const erin = await signUp();
    const { status, body } = await request('GET', '/parse/classes/Settings', {
      sessionToken: erin.sessionToken,
    });
    expect(status).toBe(200);
    const id = String((body.results as { objectId: string }[])[0]?.objectId);
    const refused = await request('PUT', `/parse/classes/Settings/${id}`, {
      sessionToken: erin.sessionToken,
      body: { countExerciseCalories: 'yes' },
    });
    expect(refused.body).toMatchObject({ code: 142 });
    expect(String(refused.body.error)).toContain('countExerciseCalories');
  });
});
