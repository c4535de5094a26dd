import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../database';
import { parseDate, saveRow, signUp, type Account } from '../../server/test/rest';
import { storeHarness } from '../../server/test/store';
import type * as rankingStore from './ranking';

let store: typeof rankingStore;
let sql: SqlClient;
let close: () => Promise<void>;
let ada: Account;
let ben: Account;
let cai: Account;
let outsider: Account;
let people: rankingStore.RankedPerson[];

const at = (iso: string) => parseDate(new Date(iso));
const workout = (startedAt: string, durationMin: number, caloriesKcal: number) => ({
  type: 'run',
  startedAt: at(startedAt),
  durationMin,
  caloriesKcal,
});
const meal = (eatenAt: string) => ({
  eatenAt: at(eatenAt),
  mealType: 'lunch',
  name: 'Soup',
  caloriesKcal: 300,
});
const weighIn = (measuredAt: string, weightKg: number) => ({ measuredAt: at(measuredAt), weightKg });

/** This week and the one before, as every person's spans (days in their own zones). */
const SPANS = {
  current: { start: '2026-03-09', end: '2026-03-15' },
  previous: { start: '2026-03-02', end: '2026-03-08' },
};
const SINCE = new Date('2026-02-28T00:00:00Z');

beforeAll(async () => {
  ({ store, sql, close } = await storeHarness(() => import('./ranking')));
  [ada, ben, cai, outsider] = await Promise.all([signUp(), signUp(), signUp(), signUp()]);
  people = [
    { userId: ada.objectId, timeZone: 'UTC' },
    { userId: ben.objectId, timeZone: 'Europe/Berlin' },
    { userId: cai.objectId, timeZone: 'America/Los_Angeles' },
  ];
  // Ada: two runs this week on one day, one last week.
  await saveRow(ada, 'Activity', workout('2026-03-10T07:00:00Z', 30, 300));
  await saveRow(ada, 'Activity', workout('2026-03-10T18:00:00Z', 20, 150));
  await saveRow(ada, 'Activity', workout('2026-03-04T07:00:00Z', 40, 400));
  // Ben: Sunday 8 March 23:30 UTC is Monday 9 March in Berlin, this week.
  await saveRow(ben, 'Activity', workout('2026-03-08T23:30:00Z', 25, 200));
  // Cai: Monday 9 March 05:00 UTC is Sunday 8 March in Los Angeles, last week.
  await saveRow(cai, 'Activity', workout('2026-03-09T05:00:00Z', 60, 500));
  // Not ranked: never counted.
  await saveRow(outsider, 'Activity', workout('2026-03-10T07:00:00Z', 90, 900));

  // Logs for the streaks: Ada on 10, 11 and 12 March (a workout, a meal, a weigh-in) and 4 March.
  await saveRow(ada, 'Meal', meal('2026-03-11T12:00:00Z'));
  await saveRow(ada, 'WeightEntry', weighIn('2026-03-12T06:00:00Z', 70));
  // Ben: 9 March (the workout) and 10 March in Berlin (a meal at 23:10 UTC on the 9th).
  await saveRow(ben, 'Meal', meal('2026-03-09T23:10:00Z'));
  await saveRow(ben, 'WeightEntry', weighIn('2026-03-03T07:00:00Z', 90));
  await saveRow(ben, 'WeightEntry', weighIn('2026-03-03T19:00:00Z', 91));
  await saveRow(outsider, 'WeightEntry', weighIn('2026-03-03T07:00:00Z', 150));
});

afterAll(async () => {
  await close();
});

describe('the ranking store answers the same through SQL and through Parse queries', () => {
  it('activityTotals: each person’s minutes, kcal and active days this and last week, in their zone', async () => {
    const spansOf = new Map(people.map((p) => [p.userId, SPANS]));
    const [bySql, byQueries] = await Promise.all([
      store.activityTotals.bySql(sql, people, spansOf, SINCE),
      store.activityTotals.byQueries(people, spansOf, SINCE),
    ]);
    expect(byQueries).toEqual(bySql);
    expect(bySql).toEqual(
      new Map([
        [
          ada.objectId,
          {
            current: { minutes: 50, kcal: 450, activeDays: 1 },
            previous: { minutes: 40, kcal: 400, activeDays: 1 },
          },
        ],
        [
          ben.objectId,
          {
            current: { minutes: 25, kcal: 200, activeDays: 1 },
            previous: { minutes: 0, kcal: 0, activeDays: 0 },
          },
        ],
        [
          cai.objectId,
          {
            current: { minutes: 0, kcal: 0, activeDays: 0 },
            previous: { minutes: 60, kcal: 500, activeDays: 1 },
          },
        ],
      ]),
    );
  });

  it('logRuns: runs of days with any log, in each person’s zone, that reach the day asked', async () => {
    const reach = new Map(people.map((p) => [p.userId, '2026-03-09']));
    const [bySql, byQueries] = await Promise.all([
      store.logRuns.bySql(sql, people, reach, SINCE),
      store.logRuns.byQueries(people, reach, SINCE),
    ]);
    const sorted = (runs: rankingStore.LogRun[]) =>
      [...runs].sort((a, b) => a.userId.localeCompare(b.userId) || a.first.localeCompare(b.first));
    expect(sorted(byQueries)).toEqual(sorted(bySql));
    expect(sorted(bySql)).toEqual(
      sorted([
        { userId: ada.objectId, first: '2026-03-10', last: '2026-03-12' },
        { userId: ben.objectId, first: '2026-03-09', last: '2026-03-10' },
      ]),
    );
  });

  it('weightDays: each person’s mean weight per local day, never an outsider’s', async () => {
    const [bySql, byQueries] = await Promise.all([
      store.weightDays.bySql(sql, people),
      store.weightDays.byQueries(people),
    ]);
    const sorted = (days: rankingStore.WeightDay[]) =>
      [...days].sort((a, b) => a.userId.localeCompare(b.userId) || a.day.localeCompare(b.day));
    expect(sorted(byQueries)).toEqual(sorted(bySql));
    expect(sorted(bySql)).toEqual(
      sorted([
        { userId: ada.objectId, day: '2026-03-12', weightKg: 70 },
        { userId: ben.objectId, day: '2026-03-03', weightKg: 90.5 },
      ]),
    );
    expect(await store.weightDays.bySql(sql, [])).toEqual([]);
    expect(await store.weightDays.byQueries([])).toEqual([]);
  });
});
