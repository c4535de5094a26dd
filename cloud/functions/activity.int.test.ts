import { beforeAll, describe, expect, it } from 'vitest';
import { parseDate, request, signUp, type Account } from '../../server/test/rest';

interface Summary {
  today: string;
  date: string;
  month: string;
  timeZone: string;
  weeklyGoalMin: number;
  days: { date: string; minutes: number; kcal: number; sessions: number }[];
  thisWeek: { minutes: number; sessions: number };
  weeks: { start: string; minutes: number }[];
  streaks: { currentDays: number; longestDays: number };
  dayActivities: { id: string; type: string; durationMin: number; caloriesEstimated: boolean }[];
}

async function summary(account: Account | undefined, params: Record<string, unknown>) {
  return request('POST', '/parse/functions/activitySummary', {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    body: params,
  });
}

async function log(owner: Account, startedAt: string, fields: Record<string, unknown> = {}) {
  const { status } = await request('POST', '/parse/classes/Activity', {
    sessionToken: owner.sessionToken,
    body: { type: 'run', startedAt: parseDate(new Date(startedAt)), durationMin: 30, ...fields },
  });
  expect(status).toBe(201);
}

let alice: Account;
let bob: Account;

beforeAll(async () => {
  alice = await signUp();
  bob = await signUp();
  await log(alice, '2026-03-10T07:00:00Z', { durationMin: 40, caloriesKcal: 300 });
  await log(alice, '2026-03-10T18:00:00Z', { durationMin: 20, caloriesKcal: 100 });
  // 23:30 on 11 March in Berlin, 22:30 UTC
  await log(alice, '2026-03-11T22:30:00Z', { durationMin: 15, caloriesKcal: 50 });
  await log(bob, '2026-03-10T09:00:00Z', { durationMin: 300, caloriesKcal: 3000 });
});

describe('activitySummary of a day near the year 9999', () => {
  it('is refused with 142 instead of failing in the query', async () => {
    const { body } = await summary(await signUp(), { date: '9999-12-31' });

    expect(body).toMatchObject({ code: 142, error: 'date must be a day from 1900 to 2999.' });
  });
});

describe('activitySummary', () => {
  it("totals the caller's days of the month and lists the chosen day's workouts", async () => {
    const { status, body } = await summary(alice, { month: '2026-03', date: '2026-03-10', timeZone: 'UTC' });
    const result = body.result as Summary;

    expect(status).toBe(200);
    expect(result.days).toEqual([
      { date: '2026-03-10', minutes: 60, kcal: 400, sessions: 2 },
      { date: '2026-03-11', minutes: 15, kcal: 50, sessions: 1 },
    ]);
    expect(result.dayActivities.map((row) => row.durationMin)).toEqual([40, 20]);
    expect(result.weeklyGoalMin).toBe(150);
    expect(result.weeks).toHaveLength(12);
  });

  it('puts a workout on the local day of the time zone', async () => {
    const { body } = await summary(alice, { month: '2026-03', date: '2026-03-12', timeZone: 'Asia/Tokyo' });
    const result = body.result as Summary;

    expect(result.timeZone).toBe('Asia/Tokyo');
    expect(result.days.map((day) => day.date)).toEqual(['2026-03-10', '2026-03-11', '2026-03-12']);
    expect(result.dayActivities).toHaveLength(1);
    const berlin = (await summary(alice, { month: '2026-03', timeZone: 'Europe/Berlin' })).body
      .result as Summary;
    expect(berlin.days.find((day) => day.date === '2026-03-11')?.minutes).toBe(15);
  });

  it("never counts or lists another person's workouts", async () => {
    const { body } = await summary(bob, { month: '2026-03', date: '2026-03-10', timeZone: 'UTC' });
    const result = body.result as Summary;

    expect(result.days).toEqual([{ date: '2026-03-10', minutes: 300, kcal: 3000, sessions: 1 }]);
    expect(result.dayActivities).toHaveLength(1);
  });

  it('answers zeros and today for a person with no workouts', async () => {
    const newcomer = await signUp();
    const { body } = await summary(newcomer, { timeZone: 'UTC' });
    const result = body.result as Summary;

    expect(result.date).toBe(result.today);
    expect(result.days).toEqual([]);
    expect(result.thisWeek).toMatchObject({ minutes: 0, sessions: 0 });
    expect(result.streaks).toMatchObject({ currentDays: 0, longestDays: 0 });
  });

  it.each([
    ['month', { month: '2026-13' }],
    ['date', { date: '2026-02-30' }],
    ['timeZone', { timeZone: 'Mars/Olympus' }],
    ['month', { month: { $gt: '' } }],
  ])('refuses a bad %s with error 142 naming it', async (field, params) => {
    const { body } = await summary(alice, params);

    expect(body.code).toBe(142);
    expect(body.error).toContain(field);
  });

  it('refuses an anonymous caller', async () => {
    const { body } = await summary(undefined, { month: '2026-03' });

    expect(body.code).toBe(209);
    expect(body.result).toBeUndefined();
  });
});
