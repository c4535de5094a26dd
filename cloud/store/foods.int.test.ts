import type ParseSdk from 'parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../database';
import { parseDate, request, saveRow, signUp, type Account } from '../../server/test/rest';
import { storeHarness } from '../../server/test/store';
import type * as foodsStore from './foods';

let store: typeof foodsStore;
let sql: SqlClient;
let Parse: typeof ParseSdk;
let close: () => Promise<void>;
let alice: Account;
let bob: Account;
const ids = { oats: '', alices: '', bobs: '' };

const ownFood = (name: string) => ({
  name,
  kcalPer100g: 410,
  proteinPer100g: 9,
  carbsPer100g: 60,
  fatPer100g: 14,
});

const pointer = (id: string) => ({ __type: 'Pointer', className: 'Food', objectId: id });
const meal = (food: string, eatenAt: string) => ({
  eatenAt: parseDate(new Date(eatenAt)),
  mealType: 'breakfast',
  name: 'food',
  food: pointer(food),
  grams: 50,
  caloriesKcal: 0,
});

beforeAll(async () => {
  ({ store, sql, Parse, close } = await storeHarness(() => import('./foods')));
  alice = await signUp();
  bob = await signUp();
  const where = encodeURIComponent(JSON.stringify({ user: { $exists: false } }));
  const { body } = await request('GET', `/parse/classes/Food?where=${where}&limit=1&order=name`, {
    sessionToken: alice.sessionToken,
  });
  ids.oats = String(body.results?.[0]?.objectId);
  ids.alices = await saveRow(alice, 'Food', ownFood('Granola of Alice'));
  ids.bobs = await saveRow(bob, 'Food', ownFood('Granola of Bob'));
  await saveRow(alice, 'Meal', meal(ids.oats, '2026-03-01T08:00:00Z'));
  await saveRow(alice, 'Meal', meal(ids.alices, '2026-03-02T08:00:00Z'));
  await saveRow(alice, 'Meal', meal(ids.oats, '2026-03-03T08:00:00Z'));
  await saveRow(alice, 'Meal', meal(ids.alices, '2026-02-01T08:00:00Z'));
  await saveRow(bob, 'Meal', meal(ids.bobs, '2026-03-04T08:00:00Z'));
});

afterAll(async () => {
  await close();
});

describe('the foods store answers the same through SQL and through Parse queries', () => {
  it('storedFood: a catalogue food, an own food with its owner, nothing for an id that is no food', async () => {
    for (const id of [ids.oats, ids.alices, ids.bobs, 'NoSuchFood']) {
      expect(await store.storedFood.byQueries(id)).toEqual(await store.storedFood.bySql(sql, id));
    }
    expect(await store.storedFood.bySql(sql, ids.oats)).toMatchObject({ owner: null });
    expect(await store.storedFood.bySql(sql, ids.alices)).toEqual({
      ...ownFood('Granola of Alice'),
      // The granola says nothing of fibre, sugars, saturated fat or salt.
      fibrePer100g: null,
      sugarsPer100g: null,
      saturatedFatPer100g: null,
      saltPer100g: null,
      owner: alice.objectId,
    });
    expect(await store.storedFood.bySql(sql, 'NoSuchFood')).toBeUndefined();
  });

  it('foodUses: each food the person logged since a moment, the latest first, the person’s only', async () => {
    const user = Parse.User.createWithoutData(alice.objectId);
    const since = new Date('2026-02-15T00:00:00Z');
    const [bySql, byQueries] = await Promise.all([
      store.foodUses.bySql(sql, user, since, 10),
      store.foodUses.byQueries(user, since, 10),
    ]);
    expect(byQueries).toEqual(bySql);
    expect(bySql).toEqual([
      { food: ids.oats, uses: 2, last: new Date('2026-03-03T08:00:00Z') },
      { food: ids.alices, uses: 1, last: new Date('2026-03-02T08:00:00Z') },
    ]);
    expect(await store.foodUses.bySql(sql, user, since, 1)).toEqual(bySql.slice(0, 1));
    expect(await store.foodUses.byQueries(user, since, 1)).toEqual(bySql.slice(0, 1));
  });

  it('foodsMatching: own and catalogue foods at word starts, never another person’s, both ways alike', async () => {
    const user = Parse.User.createWithoutData(alice.objectId);
    const byId = (rows: { id: string }[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));
    for (const words of [['granola'], ['gran', 'alice'], ['greek', 'yog'], ['of', 'bob']]) {
      const [bySql, byQueries] = await Promise.all([
        store.foodsMatching.bySql(sql, user, words, 'en'),
        store.foodsMatching.byQueries(user, words, 'en'),
      ]);
      expect(byId(byQueries), words.join(' ')).toEqual(byId(bySql));
    }
    const granola = await store.foodsMatching.bySql(sql, user, ['granola', 'of'], 'en');
    expect(granola).toEqual([
      expect.objectContaining({
        id: ids.alices,
        name: 'Granola of Alice',
        custom: true,
        source: 'user',
        barcode: null,
      }),
    ]);
    const yogurt = await store.foodsMatching.bySql(sql, user, ['greek', 'yog'], 'en');
    expect(yogurt).toContainEqual(
      expect.objectContaining({
        name: 'Greek yogurt, plain, nonfat',
        source: 'usda',
        sourceId: 'greek-yogurt-plain-nonfat',
      }),
    );
  });

  it('foodWithBarcode: the person’s own food before the catalogue’s, in either stored form, both ways alike', async () => {
    const code = '4006381333931';
    const own = await saveRow(alice, 'Food', { ...ownFood('Marker of Alice'), barcode: code });
    const user = (account: Account) => Parse.User.createWithoutData(account.objectId);
    for (const account of [alice, bob]) {
      for (const forms of [[code], ['0000000000000'], []]) {
        expect(await store.foodWithBarcode.byQueries(user(account), forms, 'en')).toEqual(
          await store.foodWithBarcode.bySql(sql, user(account), forms, 'en'),
        );
      }
    }
    expect(await store.foodWithBarcode.bySql(sql, user(alice), [code], 'en')).toMatchObject({
      id: own,
      custom: true,
    });
    expect(await store.foodWithBarcode.bySql(sql, user(bob), [code], 'en')).toBeUndefined();
  });
});
