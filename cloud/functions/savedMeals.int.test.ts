import { beforeAll, describe, expect, it } from 'vitest';
import { itemClientKey } from '../../src/domain/savedMeals';
import { parseDate, request, signUp, uniqueName, updateSettings, type Account } from '../../server/test/rest';

interface LoggedMeal {
  id: string;
  name: string;
  mealType: string;
  eatenAt: string;
  grams: number | null;
  caloriesKcal: number;
  proteinG: number;
  carbsG: number;
  fatG: number;
  food: { id: string } | null;
}

const tag = uniqueName('sm').replace('_', '');

async function call(name: string, account: Account | undefined, params: Record<string, unknown>) {
  return request('POST', `/parse/functions/${name}`, {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    body: params,
  });
}

async function mealsOn(account: Account, date: string, timeZone: string): Promise<LoggedMeal[]> {
  const { status, body } = await call('nutritionDay', account, { date, timeZone });
  expect(status).toBe(200);
  return (body.result as { meals: LoggedMeal[] }).meals;
}

async function saveMeal(owner: Account, fields: Record<string, unknown>) {
  return request('POST', '/parse/classes/SavedMeal', { sessionToken: owner.sessionToken, body: fields });
}

async function createFood(owner: Account | 'catalogue', fields: Record<string, unknown>): Promise<string> {
  const { status, body } = await request('POST', '/parse/classes/Food', {
    ...(owner === 'catalogue'
      ? { masterKey: true, body: { ACL: { '*': { read: true } }, ...fields } }
      : { sessionToken: owner.sessionToken, body: fields }),
  });
  expect(status).toBe(201);
  return String(body.objectId);
}

let alice: Account;
let friend: Account;
let stranger: Account;
let oatsId: string;
let alicesJamId: string;
let friendsHoneyId: string;

beforeAll(async () => {
  [alice, friend, stranger] = [await signUp(), await signUp(), await signUp()];
  await call('sendFriendRequest', alice, { username: friend.username });
  await call('sendFriendRequest', friend, { username: alice.username });
  oatsId = await createFood('catalogue', {
    name: `Oats ${tag}`,
    kcalPer100g: 380,
    proteinPer100g: 13,
    carbsPer100g: 68,
    fatPer100g: 7,
  });
  alicesJamId = await createFood(alice, {
    name: `Jam ${tag}`,
    kcalPer100g: 250,
    proteinPer100g: 0,
    carbsPer100g: 62,
    fatPer100g: 0,
  });
  friendsHoneyId = await createFood(friend, {
    name: `Honey ${tag}`,
    kcalPer100g: 304,
    proteinPer100g: 0,
    carbsPer100g: 82,
    fatPer100g: 0,
  });
});

const breakfast = () => ({
  name: 'Weekday breakfast',
  items: [
    { foodId: oatsId, grams: 60 },
    { foodId: alicesJamId, grams: 20 },
    { name: 'Coffee with milk', caloriesKcal: 40, proteinG: 2, carbsG: 3, fatG: 2 },
  ],
});

describe('a saved meal', () => {
  it('is its owner’s alone: a friend, a stranger and an anonymous caller can neither read, change, delete nor log it', async () => {
    const created = await saveMeal(alice, breakfast());
    expect(created.status).toBe(201);
    const id = String(created.body.objectId);
    const path = `/parse/classes/SavedMeal/${id}`;
    const where = `/parse/classes/SavedMeal?where=${encodeURIComponent(JSON.stringify({ objectId: id }))}`;
    const log = { savedMealId: id, mealType: 'lunch', date: '2026-03-01', timeZone: 'UTC' };

    for (const other of [friend, stranger, undefined]) {
      const as = other ? { sessionToken: other.sessionToken } : {};
      const [got, found, changed, deleted, logged] = await Promise.all([
        request('GET', path, as),
        request('GET', where, as),
        request('PUT', path, { ...as, body: { name: 'Mine now' } }),
        request('DELETE', path, as),
        call('logSavedMeal', other, log),
      ]);
      expect(found.body.results ?? []).toEqual([]);
      expect([got, changed, deleted, logged].map(({ body }) => body.code)).toEqual(
        other ? [101, 101, 101, 101] : [101, 101, 101, 209],
      );
    }
    const own = await request('GET', path, { sessionToken: alice.sessionToken });
    expect(own.body).toMatchObject({ name: 'Weekday breakfast' });
    expect(await mealsOn(friend, '2026-03-01', 'UTC')).toEqual([]);
  });

  it('keeps each food item’s name and numbers, worked out by the server whatever the client sent', async () => {
    const created = await saveMeal(alice, {
      name: 'Oats only',
      items: [{ foodId: oatsId, grams: 50, name: 'Air', caloriesKcal: 1 }],
    });
    const stored = await request('GET', `/parse/classes/SavedMeal/${String(created.body.objectId)}`, {
      sessionToken: alice.sessionToken,
    });
    expect(stored.body.items).toEqual([
      {
        foodId: oatsId,
        grams: 50,
        name: `Oats ${tag}`,
        caloriesKcal: 190,
        proteinG: 6.5,
        carbsG: 34,
        fatG: 3.5,
      },
    ]);
    expect(stored.body.ACL).toEqual({ [alice.objectId]: { read: true, write: true } });
  });

  it.each([
    ['name', { name: '' }],
    ['name', { name: 'x'.repeat(81) }],
    ['items', { items: [] }],
    ['items', { items: Array.from({ length: 51 }, () => ({ name: 'Nut', caloriesKcal: 7 })) }],
    ['items', { items: 'oats' }],
    ['items[0].grams', { items: [{ foodId: 'OATS', grams: 0 }] }],
    ['items[0].grams', { items: [{ foodId: 'OATS', grams: 5001 }] }],
    ['items[0].foodId', { items: [{ foodId: 'xxxxxxxxxx', grams: 50 }] }],
    [
      'items[1].foodId',
      {
        items: [
          { foodId: 'OATS', grams: 50 },
          { foodId: 'HONEY', grams: 20 },
        ],
      },
    ],
    ['items[0].colour', { items: [{ foodId: 'OATS', grams: 50, colour: 'red' }] }],
    ['items[0].user', { items: [{ name: 'Tea', caloriesKcal: 2, user: 'x' }] }],
    ['items[0].name', { items: [{ caloriesKcal: 100 }] }],
    ['items[0].caloriesKcal', { items: [{ name: 'Cake', caloriesKcal: 10_001 }] }],
    ['items[0].fatG', { items: [{ name: 'Cake', caloriesKcal: 400, fatG: -1 }] }],
    ['items[0]', { items: ['oats'] }],
  ])('is refused with 142 naming %s when it is out of bounds', async (field, change) => {
    const body = JSON.parse(
      JSON.stringify({ ...breakfast(), ...change })
        .replaceAll('"OATS"', JSON.stringify(oatsId))
        .replaceAll('"HONEY"', JSON.stringify(friendsHoneyId)),
    ) as Record<string, unknown>;
    const created = await saveMeal(alice, body);
    expect(created.body.code).toBe(142);
    expect(created.body.field ?? created.body.error).toContain(field);
    expect(String(created.body.error)).toContain(field);
  });

  it('is renamed and deleted by its owner; a bad change of its items keeps what was saved', async () => {
    const created = await saveMeal(alice, breakfast());
    const path = `/parse/classes/SavedMeal/${String(created.body.objectId)}`;
    const as = { sessionToken: alice.sessionToken };
    const renamed = await request('PUT', path, { ...as, body: { name: 'Sunday breakfast' } });
    const refused = await request('PUT', path, {
      ...as,
      body: { items: [{ foodId: friendsHoneyId, grams: 20 }] },
    });
    expect(renamed.status).toBe(200);
    expect(refused.body).toMatchObject({ code: 142, field: 'items[0].foodId' });
    const kept = await request('GET', path, as);
    expect(kept.body).toMatchObject({ name: 'Sunday breakfast' });
    expect(kept.body.items).toHaveLength(3);
    expect((await request('DELETE', path, as)).status).toBe(200);
    expect((await request('GET', path, as)).body.code).toBe(101);
  });
});

describe('logSavedMeal', () => {
  it('logs each item as its own meal in the section of the day, at the section’s time in the person’s zone', async () => {
    const person = await signUp();
    await updateSettings(person, { timezone: 'America/New_York' });
    const jamId = await createFood(person, {
      name: `Jam ${tag}`,
      kcalPer100g: 250,
      proteinPer100g: 0,
      carbsPer100g: 62,
      fatPer100g: 0,
    });
    const created = await saveMeal(person, {
      name: 'Weekday breakfast',
      items: [breakfast().items[0], { foodId: jamId, grams: 20 }, breakfast().items[2]],
    });
    const savedMealId = String(created.body.objectId);

    const logged = await call('logSavedMeal', person, {
      savedMealId,
      mealType: 'breakfast',
      date: '2026-03-01',
    });
    expect(logged.body.result).toEqual({ logged: 3 });
    const meals = await mealsOn(person, '2026-03-01', 'America/New_York');
    expect(
      meals.map(({ name, mealType, eatenAt, grams, caloriesKcal, proteinG, carbsG, fatG, food }) => ({
        name,
        mealType,
        eatenAt: eatenAt.slice(0, 19),
        grams,
        numbers: [caloriesKcal, proteinG, carbsG, fatG],
        food: food?.id ?? null,
      })),
    ).toEqual([
      {
        name: `Oats ${tag}`,
        mealType: 'breakfast',
        eatenAt: '2026-03-01T13:00:00',
        grams: 60,
        numbers: [228, 7.8, 40.8, 4.2],
        food: oatsId,
      },
      {
        name: `Jam ${tag}`,
        mealType: 'breakfast',
        eatenAt: '2026-03-01T13:00:00',
        grams: 20,
        numbers: [50, 0, 12.4, 0],
        food: jamId,
      },
      {
        name: 'Coffee with milk',
        mealType: 'breakfast',
        eatenAt: '2026-03-01T13:00:00',
        grams: null,
        numbers: [40, 2, 3, 2],
        food: null,
      },
    ]);

    // An instant is taken as the day it falls on in the zone: 03:00 UTC on 3 March is 2 March there.
    const fromInstant = await call('logSavedMeal', person, {
      savedMealId,
      mealType: 'dinner',
      date: '2026-03-03T03:00:00.000Z',
    });
    const fromParseDate = await call('logSavedMeal', person, {
      savedMealId,
      mealType: 'snack',
      date: parseDate(new Date('2026-03-03T03:00:00.000Z')),
    });
    expect([fromInstant.body.result, fromParseDate.body.result]).toEqual([{ logged: 3 }, { logged: 3 }]);
    const second = await mealsOn(person, '2026-03-02', 'America/New_York');
    expect(second.map((meal) => [meal.mealType, meal.eatenAt.slice(0, 19)])).toEqual([
      ['snack', '2026-03-02T21:00:00'],
      ['snack', '2026-03-02T21:00:00'],
      ['snack', '2026-03-02T21:00:00'],
      ['dinner', '2026-03-03T00:00:00'],
      ['dinner', '2026-03-03T00:00:00'],
      ['dinner', '2026-03-03T00:00:00'],
    ]);

    // A food deleted since is logged with the name and numbers it had when the meal was saved.
    expect(
      (await request('DELETE', `/parse/classes/Food/${jamId}`, { sessionToken: person.sessionToken })).status,
    ).toBe(200);
    await call('logSavedMeal', person, { savedMealId, mealType: 'lunch', date: '2026-03-04' });
    const later = await mealsOn(person, '2026-03-04', 'America/New_York');
    expect(later.map((meal) => [meal.name, meal.caloriesKcal, meal.grams, meal.food?.id ?? null])).toEqual([
      [`Oats ${tag}`, 228, 60, oatsId],
      [`Jam ${tag}`, 50, null, null],
      ['Coffee with milk', 40, null, null],
    ]);
  });

  it('logs now on today, in the zone the caller sends when the settings name none', async () => {
    const person = await signUp();
    const created = await saveMeal(person, { name: 'Tea', items: [{ name: 'Tea', caloriesKcal: 2 }] });
    const zone = 'Pacific/Kiritimati';
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    const before = Date.now();
    const logged = await call('logSavedMeal', person, {
      savedMealId: String(created.body.objectId),
      mealType: 'snack',
      date: today,
      timeZone: zone,
    });
    expect(logged.body.result).toEqual({ logged: 1 });
    const [tea] = await mealsOn(person, today, zone);
    expect(new Date(tea?.eatenAt ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(tea?.eatenAt ?? 0).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('keys each meal from the clientKey sent, so the same items queued after a lost answer are recognised', async () => {
    const person = await signUp();
    const created = await saveMeal(person, {
      name: 'Tea and toast',
      items: [
        { name: 'Tea', caloriesKcal: 2 },
        { name: 'Toast', caloriesKcal: 180 },
      ],
    });
    const clientKey = '2f1c4d3e-8a9b-4c7d-9e0f-1a2b3c4dfffe';
    const log = {
      savedMealId: String(created.body.objectId),
      mealType: 'snack',
      date: '2026-03-01',
      clientKey,
    };
    expect((await call('logSavedMeal', person, log)).body.result).toEqual({ logged: 2 });

    // What the device would send for the second item had the answer been lost: the same key.
    const replayed = await request('POST', '/parse/classes/Meal', {
      sessionToken: person.sessionToken,
      body: {
        name: 'Toast',
        caloriesKcal: 180,
        mealType: 'snack',
        eatenAt: parseDate(new Date('2026-03-01T15:00:00Z')),
        clientKey: itemClientKey(clientKey, 1),
      },
    });
    expect(replayed.body).toMatchObject({ code: 137 });
    expect(await call('logSavedMeal', person, log)).toMatchObject({ body: { code: 137 } });
    expect(await mealsOn(person, '2026-03-01', 'UTC')).toHaveLength(2);
    expect((await call('logSavedMeal', person, { ...log, clientKey: 'nope' })).body).toMatchObject({
      code: 142,
      field: 'clientKey',
    });
  });

  it('refuses with 142 naming the parameter what it cannot log', async () => {
    const created = await saveMeal(alice, breakfast());
    const savedMealId = String(created.body.objectId);
    const refusals = await Promise.all(
      [
        { savedMealId: 'not an id', mealType: 'lunch', date: '2026-03-01' },
        { savedMealId, mealType: 'brunch', date: '2026-03-01' },
        { savedMealId, mealType: 'lunch', date: 'yesterday' },
        { savedMealId, mealType: 'lunch', date: '2026-02-30' },
        { savedMealId, mealType: 'lunch', date: '2999-01-01' },
        { savedMealId, mealType: 'lunch', date: '2026-03-01', timeZone: 'Mars/Base' },
      ].map((params) => call('logSavedMeal', alice, params)),
    );
    expect(refusals.map(({ body }) => [body.code, body.field])).toEqual([
      [142, 'savedMealId'],
      [142, 'mealType'],
      [142, 'date'],
      [142, 'date'],
      [142, 'date'],
      [142, 'timeZone'],
    ]);
  });
});
