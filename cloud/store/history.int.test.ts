import type ParseSdk from 'parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../database';
import { parseDate, saveRow, signUp, type Account } from '../../server/test/rest';
import { storeHarness } from '../../server/test/store';
import type * as historyStore from './history';

let store: typeof historyStore;
let sql: SqlClient;
let Parse: typeof ParseSdk;
let close: () => Promise<void>;
let alice: Account;
let bob: Account;

const at = (iso: string) => parseDate(new Date(iso));

beforeAll(async () => {
  ({ store, sql, Parse, close } = await storeHarness(() => import('./history')));
  alice = await signUp();
  bob = await signUp();
  // Two workouts on 10 March in UTC, one of them (23:30) on 11 March in Berlin.
  await saveRow(alice, 'Activity', {
    type: 'run',
    startedAt: at('2026-03-10T07:00:00Z'),
    durationMin: 30,
    caloriesKcal: 300,
  });
  await saveRow(alice, 'Activity', {
    type: 'walk',
    startedAt: at('2026-03-10T23:30:00Z'),
    durationMin: 20,
    caloriesKcal: 80,
  });
  await saveRow(alice, 'Activity', {
    type: 'yoga',
    startedAt: at('2026-03-12T12:00:00Z'),
    durationMin: 45,
    caloriesKcal: 120,
  });
  // Two weigh-ins on 10 March in UTC (mean 80.5), the second on 11 March in Berlin.
  await saveRow(alice, 'WeightEntry', { measuredAt: at('2026-03-10T06:00:00Z'), weightKg: 80 });
  await saveRow(alice, 'WeightEntry', { measuredAt: at('2026-03-10T23:15:00Z'), weightKg: 81 });
  await saveRow(alice, 'WeightEntry', { measuredAt: at('2026-03-12T06:00:00Z'), weightKg: 79.4 });
  const meal = (eatenAt: string, mealType: string, caloriesKcal: number) => ({
    eatenAt: at(eatenAt),
    mealType,
    name: 'Porridge',
    caloriesKcal,
  });
  await saveRow(alice, 'Meal', meal('2026-03-10T08:00:00Z', 'breakfast', 400));
  await saveRow(alice, 'Meal', meal('2026-03-10T19:00:00Z', 'dinner', 650.5));
  await saveRow(alice, 'Meal', meal('2026-03-10T23:40:00Z', 'snack', 150));
  await saveRow(alice, 'Meal', meal('2026-03-13T12:00:00Z', 'lunch', 700));
  // Bob's rows on the same days: never in Alice's answers.
  await saveRow(bob, 'Activity', {
    type: 'run',
    startedAt: at('2026-03-10T07:00:00Z'),
    durationMin: 90,
    caloriesKcal: 900,
  });
  await saveRow(bob, 'WeightEntry', { measuredAt: at('2026-03-10T06:00:00Z'), weightKg: 120 });
  await saveRow(bob, 'Meal', meal('2026-03-10T08:00:00Z', 'breakfast', 2000));
});

afterAll(async () => {
  await close();
});

const aliceUser = () => Parse.User.createWithoutData(alice.objectId);
const byDate = <Row extends { date: string }>(rows: Row[]) =>
  [...rows].sort((a, b) => a.date.localeCompare(b.date));

describe('the history store answers the same through SQL and through Parse queries', () => {
  it('workoutDayTotals: minutes, calories and workouts per local day, the person’s only', async () => {
    const days = async (timeZone: string) => {
      const [bySql, byQueries] = await Promise.all([
        store.workoutDayTotals.bySql(sql, aliceUser(), timeZone),
        store.workoutDayTotals.byQueries(aliceUser(), timeZone),
      ]);
      expect(byDate(byQueries)).toEqual(byDate(bySql));
      return byDate(bySql);
    };
    expect(await days('UTC')).toEqual([
      { date: '2026-03-10', minutes: 50, kcal: 380, sessions: 2 },
      { date: '2026-03-12', minutes: 45, kcal: 120, sessions: 1 },
    ]);
    expect(await days('Europe/Berlin')).toEqual([
      { date: '2026-03-10', minutes: 30, kcal: 300, sessions: 1 },
      { date: '2026-03-11', minutes: 20, kcal: 80, sessions: 1 },
      { date: '2026-03-12', minutes: 45, kcal: 120, sessions: 1 },
    ]);
  });

  it('workoutDayTotals in a span: only the workouts started in it', async () => {
    const span = { from: new Date('2026-03-10T23:00:00Z'), to: new Date('2026-03-11T23:00:00Z') };
    const [bySql, byQueries] = await Promise.all([
      store.workoutDayTotals.bySql(sql, aliceUser(), 'Europe/Berlin', span),
      store.workoutDayTotals.byQueries(aliceUser(), 'Europe/Berlin', span),
    ]);
    expect(byQueries).toEqual(bySql);
    expect(bySql).toEqual([{ date: '2026-03-11', minutes: 20, kcal: 80, sessions: 1 }]);
  });

  it('dailyWeights: each local day’s mean weight, in date order', async () => {
    const weights = async (timeZone: string) => {
      const [bySql, byQueries] = await Promise.all([
        store.dailyWeights.bySql(sql, aliceUser(), timeZone),
        store.dailyWeights.byQueries(aliceUser(), timeZone),
      ]);
      expect(byQueries).toEqual(bySql);
      return bySql;
    };
    expect(await weights('UTC')).toEqual([
      { date: '2026-03-10', weightKg: 80.5 },
      { date: '2026-03-12', weightKg: 79.4 },
    ]);
    expect(await weights('Europe/Berlin')).toEqual([
      { date: '2026-03-10', weightKg: 80 },
      { date: '2026-03-11', weightKg: 81 },
      { date: '2026-03-12', weightKg: 79.4 },
    ]);
  });

  it('latestWeight: the latest weigh-in’s weight, nothing before the first', async () => {
    expect(await store.latestWeight.bySql(sql, aliceUser())).toBe(79.4);
    expect(await store.latestWeight.byQueries(aliceUser())).toBe(79.4);
    const newcomer = Parse.User.createWithoutData((await signUp()).objectId);
    expect(await store.latestWeight.bySql(sql, newcomer)).toBeUndefined();
    expect(await store.latestWeight.byQueries(newcomer)).toBeUndefined();
  });

  it('mealEnergy: the meals of a span by local day, nothing outside it', async () => {
    const energy = async (start: string, end: string, timeZone: string) => {
      const [bySql, byQueries] = await Promise.all([
        store.mealEnergy.bySql(sql, aliceUser(), new Date(start), new Date(end), timeZone),
        store.mealEnergy.byQueries(aliceUser(), new Date(start), new Date(end), timeZone),
      ]);
      expect(byQueries).toEqual(bySql);
      return bySql;
    };
    expect(await energy('2026-03-10T00:00:00Z', '2026-03-13T00:00:00Z', 'UTC')).toEqual(
      new Map([['2026-03-10', 1200.5]]),
    );
    expect(await energy('2026-03-09T23:00:00Z', '2026-03-12T23:00:00Z', 'Europe/Berlin')).toEqual(
      new Map([
        ['2026-03-10', 1050.5],
        ['2026-03-11', 150],
      ]),
    );
  });
});
