import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHALLENGE_METRICS } from '../../src/domain/challenges';
import type { SqlClient } from '../database';
import { parseDate, saveRow, signUp, type Account } from '../../server/test/rest';
import { storeHarness } from '../../server/test/store';
import type * as challengesStore from './challenges';

let store: typeof challengesStore;
let sql: SqlClient;
let close: () => Promise<void>;
let ada: Account;
let ben: Account;
let cai: Account;

const at = (iso: string) => parseDate(new Date(iso));
const FROM = new Date('2026-03-02T00:00:00Z');
const TO = new Date('2026-03-09T00:00:00Z');

beforeAll(async () => {
  ({ store, sql, close } = await storeHarness(() => import('./challenges')));
  [ada, ben, cai] = await Promise.all([signUp(), signUp(), signUp()]);
  const run = (startedAt: string, durationMin: number, distanceKm?: number) => ({
    type: 'run',
    startedAt: at(startedAt),
    durationMin,
    caloriesKcal: 100,
    ...(distanceKm === undefined ? {} : { distanceKm }),
  });
  // Ada: two runs on 3 March (one at 23:30 UTC, the 4th in Berlin), one before the challenge, a meal.
  await saveRow(ada, 'Activity', run('2026-03-03T07:00:00Z', 30, 5.25));
  await saveRow(ada, 'Activity', run('2026-03-03T23:30:00Z', 20, 3.333));
  await saveRow(ada, 'Activity', run('2026-03-01T07:00:00Z', 90, 20));
  await saveRow(ada, 'Meal', {
    eatenAt: at('2026-03-06T12:00:00Z'),
    mealType: 'lunch',
    name: 'Soup',
    caloriesKcal: 300,
  });
  // Ben: a walk without distance, and a weigh-in.
  await saveRow(ben, 'Activity', {
    type: 'walk',
    startedAt: at('2026-03-05T07:00:00Z'),
    durationMin: 45,
    caloriesKcal: 90,
  });
  await saveRow(ben, 'WeightEntry', { measuredAt: at('2026-03-07T07:00:00Z'), weightKg: 80 });
  // Cai: only after the end.
  await saveRow(cai, 'Activity', run('2026-03-09T00:00:00Z', 60, 10));
});

afterAll(async () => {
  await close();
});

describe('the challenges store answers the same through SQL and through Parse queries', () => {
  it('challengeValuesOf: every metric, days by the challenge’s zone, nothing outside its days', async () => {
    const members = [ada.objectId, ben.objectId, cai.objectId];
    const values = async (metric: (typeof CHALLENGE_METRICS)[number], timeZone: string) => {
      const [bySql, byQueries] = await Promise.all([
        store.challengeValuesOf.bySql(sql, members, metric, FROM, TO, timeZone),
        store.challengeValuesOf.byQueries(members, metric, FROM, TO, timeZone),
      ]);
      expect(byQueries).toEqual(bySql);
      return bySql;
    };
    for (const metric of CHALLENGE_METRICS) await values(metric, 'Europe/Berlin');
    expect(await values('activeMinutes', 'UTC')).toEqual(
      new Map([
        [ada.objectId, 50],
        [ben.objectId, 45],
      ]),
    );
    expect(await values('workouts', 'UTC')).toEqual(
      new Map([
        [ada.objectId, 2],
        [ben.objectId, 1],
      ]),
    );
    expect(await values('distanceKm', 'UTC')).toEqual(
      new Map([
        [ada.objectId, 8.58],
        [ben.objectId, 0],
      ]),
    );
    expect(await values('activeDays', 'UTC')).toEqual(
      new Map([
        [ada.objectId, 1],
        [ben.objectId, 1],
      ]),
    );
    expect(await values('activeDays', 'Europe/Berlin')).toEqual(
      new Map([
        [ada.objectId, 2],
        [ben.objectId, 1],
      ]),
    );
    expect(await values('loggingDays', 'UTC')).toEqual(
      new Map([
        [ada.objectId, 2],
        [ben.objectId, 2],
      ]),
    );
  });
});
