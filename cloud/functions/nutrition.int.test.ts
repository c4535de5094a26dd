import { beforeAll, describe, expect, it } from 'vitest';
import {
  parseDate,
  pointer,
  request,
  signUp,
  uniqueName,
  updateSettings,
  type Account,
  type ParseReply,
} from '../../server/test/rest';

interface FoodRow {
  id: string;
  name: string;
  custom: boolean;
  source?: string;
  sourceId?: string | null;
}

interface NutritionDay {
  date: string;
  timeZone: string;
  calorieGoal: number | null;
  meals: { id: string; name: string; mealType: string; caloriesKcal: number; food: FoodRow | null }[];
  sections: Record<string, { caloriesKcal: number; proteinG: number }>;
  totals: { caloriesKcal: number; proteinG: number; carbsG: number; fatG: number };
  extras: Record<string, { grams: number; unknown: number }>;
  history: { date: string; caloriesKcal: number }[];
  recentFoods: FoodRow[];
  frequentFoods: FoodRow[];
}

async function call(name: string, account: Account | undefined, params: Record<string, unknown>) {
  return request('POST', `/parse/functions/${name}`, {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    body: params,
  });
}

async function day(account: Account, params: Record<string, unknown>): Promise<NutritionDay> {
  const { status, body } = await call('nutritionDay', account, { timeZone: 'UTC', ...params });
  expect(status).toBe(200);
  return body.result as NutritionDay;
}

/** A catalogue row as the server writes it: no owner, readable by every signed-in user. */
async function catalogueFood(fields: Record<string, unknown>): Promise<string> {
  const { status, body } = await request('POST', '/parse/classes/Food', {
    masterKey: true,
    body: { ACL: { '*': { read: true } }, ...fields },
  });
  expect(status).toBe(201);
  return String(body.objectId);
}

async function ownFood(owner: Account, fields: Record<string, unknown>): Promise<ParseReply> {
  const { body } = await request('POST', '/parse/classes/Food', {
    sessionToken: owner.sessionToken,
    body: fields,
  });
  return body;
}

async function logMeal(owner: Account, fields: Record<string, unknown>): Promise<ParseReply> {
  const { body } = await request('POST', '/parse/classes/Meal', {
    sessionToken: owner.sessionToken,
    body: { mealType: 'lunch', name: 'Meal', caloriesKcal: 0, ...fields },
  });
  return body;
}

const at = (iso: string) => parseDate(new Date(iso));
const tag = uniqueName('zq').replace('_', '');

let alice: Account;
let bob: Account;
let butterId: string;
let yogurtId: string;

beforeAll(async () => {
  alice = await signUp();
  bob = await signUp();
  butterId = await catalogueFood({
    name: `Butter ${tag}, salted`,
    kcalPer100g: 717,
    proteinPer100g: 0.9,
    carbsPer100g: 0.1,
    fatPer100g: 81.1,
    fibrePer100g: 0,
    sugarsPer100g: 0.1,
    saturatedFatPer100g: 51.4,
    saltPer100g: 1.6,
    servingG: 14,
    servingLabel: '1 tbsp (14 g)',
  });
  yogurtId = await catalogueFood({
    name: `Yogurt ${tag}, Greek, plain, nonfat`,
    kcalPer100g: 59,
    proteinPer100g: 10.2,
    carbsPer100g: 3.6,
    fatPer100g: 0.4,
  });
});

describe('Meal from a food', () => {
  it('computes energy and macros on the server from the food and the grams, whatever the client claims', async () => {
    const created = await logMeal(alice, {
      eatenAt: at('2026-05-01T08:00:00Z'),
      food: pointer('Food', butterId),
      grams: 100,
      name: 'Air',
      caloriesKcal: 10,
      fatG: 0,
    });
    const { body } = await request('GET', `/parse/classes/Meal/${String(created.objectId)}`, {
      sessionToken: alice.sessionToken,
    });

    expect(body).toMatchObject({
      name: `Butter ${tag}, salted`,
      caloriesKcal: 717,
      fatG: 81.1,
      proteinG: 0.9,
    });
  });

  it('recomputes when the grams change', async () => {
    const created = await logMeal(alice, {
      eatenAt: at('2026-05-01T08:05:00Z'),
      food: pointer('Food', butterId),
      grams: 10,
    });
    const path = `/parse/classes/Meal/${String(created.objectId)}`;
    await request('PUT', path, { sessionToken: alice.sessionToken, body: { grams: 20, caloriesKcal: 1 } });

    const { body } = await request('GET', path, { sessionToken: alice.sessionToken });
    expect(body).toMatchObject({ grams: 20, caloriesKcal: 143.4 });
  });

  it('takes fibre, sugars, saturated fat and salt from the food, and leaves out what the food does not say', async () => {
    const butter = await logMeal(alice, {
      eatenAt: at('2026-05-01T08:10:00Z'),
      food: pointer('Food', butterId),
      grams: 50,
      saltG: 0,
    });
    const yogurt = await logMeal(alice, {
      eatenAt: at('2026-05-01T08:15:00Z'),
      food: pointer('Food', yogurtId),
      grams: 100,
      fibreG: 3,
    });
    const read = async (id: unknown) =>
      (await request('GET', `/parse/classes/Meal/${String(id)}`, { sessionToken: alice.sessionToken })).body;

    expect(await read(butter.objectId)).toMatchObject({
      fibreG: 0,
      sugarsG: 0.05,
      saturatedFatG: 25.7,
      saltG: 0.8,
    });
    const plain = await read(yogurt.objectId);
    for (const field of ['fibreG', 'sugarsG', 'saturatedFatG', 'saltG'])
      expect(plain).not.toHaveProperty(field);
  });

  it('refuses a food without grams, and an amount whose energy breaks the limit, naming the field', async () => {
    const noGrams = await logMeal(alice, {
      eatenAt: at('2026-05-01T08:00:00Z'),
      food: pointer('Food', butterId),
    });
    const tooMuch = await logMeal(alice, {
      eatenAt: at('2026-05-01T08:00:00Z'),
      food: pointer('Food', butterId),
      grams: 5000,
    });

    expect(noGrams.code).toBe(142);
    expect(noGrams.error).toContain('grams');
    expect(tooMuch.code).toBe(142);
    expect(tooMuch.error).toContain('caloriesKcal');
  });

  it("refuses another person's own food and a food that does not exist", async () => {
    const secret = await ownFood(bob, {
      name: `Bob's bread ${tag}`,
      kcalPer100g: 250,
      proteinPer100g: 9,
      carbsPer100g: 49,
      fatPer100g: 2,
    });
    const theirs = await logMeal(alice, {
      eatenAt: at('2026-05-01T08:00:00Z'),
      food: pointer('Food', String(secret.objectId)),
      grams: 50,
    });
    const missing = await logMeal(alice, {
      eatenAt: at('2026-05-01T08:00:00Z'),
      food: pointer('Food', 'nope123456'),
      grams: 50,
    });

    expect([theirs.code, missing.code]).toEqual([142, 142]);
    expect(theirs.error).toContain('food');
  });

  it('keeps quick-add energy and macros typed without a food', async () => {
    const created = await logMeal(alice, {
      eatenAt: at('2026-05-02T12:00:00Z'),
      name: 'Office cake',
      caloriesKcal: 350,
      carbsG: 40,
    });
    const { body } = await request('GET', `/parse/classes/Meal/${String(created.objectId)}`, {
      sessionToken: alice.sessionToken,
    });
    expect(body).toMatchObject({ name: 'Office cake', caloriesKcal: 350, carbsG: 40 });
  });
});

describe('Food', () => {
  it('keeps a custom food private to its owner', async () => {
    const created = await ownFood(alice, {
      name: `Granola ${tag}`,
      kcalPer100g: 450,
      proteinPer100g: 10,
      carbsPer100g: 60,
      fatPer100g: 18,
      servingG: 45,
      servingLabel: '1 bowl (45 g)',
    });
    const path = `/parse/classes/Food/${String(created.objectId)}`;

    const [stranger, anonymous, change, removal] = await Promise.all([
      request('GET', path, { sessionToken: bob.sessionToken }),
      request('GET', path, {}),
      request('PUT', path, { sessionToken: bob.sessionToken, body: { name: 'Mine now' } }),
      request('DELETE', path, { sessionToken: bob.sessionToken }),
    ]);
    const found = await call('searchFoods', bob, { query: `granola ${tag}` });

    expect([stranger.body.code, anonymous.body.code, change.body.code, removal.body.code]).toEqual([
      101, 101, 101, 101,
    ]);
    expect(found.body.result).toEqual([]);
    const own = await request('GET', path, { sessionToken: alice.sessionToken });
    expect(own.body.name).toBe(`Granola ${tag}`);
  });

  it('refuses a custom food whose energy does not agree with its macros, saying why', async () => {
    const reply = await ownFood(alice, {
      name: `Butter light ${tag}`,
      kcalPer100g: 10,
      proteinPer100g: 1,
      carbsPer100g: 1,
      fatPer100g: 80,
    });

    expect(reply.code).toBe(142);
    expect(reply.error).toContain('kcalPer100g (10) does not match the macros');
  });

  it('keeps the servings of a custom food, labels trimmed, and answers them to its owner alone', async () => {
    const barcode = '4006381333931';
    const created = await ownFood(alice, {
      name: `Rye bread ${tag}`,
      kcalPer100g: 250,
      proteinPer100g: 8,
      carbsPer100g: 48,
      fatPer100g: 1.5,
      barcode,
      servings: [
        { label: ' 1 slice ', grams: 30 },
        { label: '1 loaf', grams: 500 },
      ],
    });
    expect(created.objectId).toBeDefined();
    const servings = [
      { label: '1 slice', grams: 30 },
      { label: '1 loaf', grams: 500 },
    ];

    const found = await call('searchFoods', alice, { query: `rye bread ${tag}` });
    const scanned = await call('foodByBarcode', alice, { code: barcode });
    const theirs = await call('searchFoods', bob, { query: `rye bread ${tag}` });
    const path = `/parse/classes/Food/${String(created.objectId)}`;
    const change = await request('PUT', path, {
      sessionToken: bob.sessionToken,
      body: { servings: [{ label: '1 crumb', grams: 1 }] },
    });

    expect((found.body.result as (FoodRow & { servings: unknown })[])[0]?.servings).toEqual(servings);
    expect((scanned.body.result as { servings: unknown } | undefined)?.servings).toEqual(servings);
    expect(theirs.body.result).toEqual([]);
    expect(change.body.code).toBe(101);
    const stored = await request('GET', path, { masterKey: true });
    expect(stored.body.servings).toEqual(servings);
  });

  it('refuses servings beyond the contract, naming the serving and its field', async () => {
    const bread = {
      name: `Bread ${tag}`,
      kcalPer100g: 250,
      proteinPer100g: 8,
      carbsPer100g: 48,
      fatPer100g: 1.5,
    };
    const slice = { label: '1 slice', grams: 30 };
    const cases: [unknown, string][] = [
      [[slice, { label: '1 cup', grams: 0 }], 'servings[1].grams'],
      [[slice, { label: '1 SLICE', grams: 25 }], 'servings[1].label'],
      [[{ label: '', grams: 30 }], 'servings[0].label'],
      [[{ ...slice, kcal: 75 }], 'servings[0].kcal'],
      [Array.from({ length: 11 }, (_, index) => ({ label: `${index}`, grams: 10 })), 'servings'],
      ['1 slice', 'servings'],
    ];
    for (const [servings, field] of cases) {
      const reply = await ownFood(alice, { ...bread, servings });
      expect(reply.code, field).toBe(142);
      expect(reply.error, field).toMatch(new RegExp(`^${field.replace(/[[\]]/g, '\\$&')} `));
    }
    const mine = await ownFood(alice, { ...bread, servings: [slice] });
    const change = await request('PUT', `/parse/classes/Food/${String(mine.objectId)}`, {
      sessionToken: alice.sessionToken,
      body: { servings: [slice, { label: '1 loaf', grams: 5001 }] },
    });
    expect(change.body.code).toBe(142);
    expect(change.body.error).toContain('servings[1].grams');
    const kept = await request('PUT', `/parse/classes/Food/${String(mine.objectId)}`, {
      sessionToken: alice.sessionToken,
      body: { servings: [slice, { label: '1 loaf', grams: 500 }] },
    });
    expect(kept.status).toBe(200);
    const stored = await request('GET', `/parse/classes/Food/${String(mine.objectId)}`, {
      sessionToken: alice.sessionToken,
    });
    expect(stored.body.servings).toEqual([slice, { label: '1 loaf', grams: 500 }]);
  });

  it('never lets a client change or delete a catalogue food, nor create one', async () => {
    const path = `/parse/classes/Food/${butterId}`;
    const change = await request('PUT', path, { sessionToken: alice.sessionToken, body: { kcalPer100g: 1 } });
    const removal = await request('DELETE', path, { sessionToken: alice.sessionToken });
    const posing = await ownFood(alice, {
      name: `Fake catalogue ${tag}`,
      kcalPer100g: 100,
      proteinPer100g: 5,
      carbsPer100g: 15,
      fatPer100g: 2,
      catalogueKey: 'ifct:A001',
      ACL: { '*': { read: true } },
    });

    expect(change.body.code).toBe(101);
    expect(removal.body.code).toBe(101);
    const stored = await request('GET', path, { masterKey: true });
    expect(stored.body.kcalPer100g).toBe(717);
    const posed = await request('GET', `/parse/classes/Food/${String(posing.objectId)}`, { masterKey: true });
    expect(posed.body.user).toMatchObject({ objectId: alice.objectId });
    expect(posed.body.catalogueKey).toBeUndefined();
    expect(posed.body.ACL).toEqual({ [alice.objectId]: { read: true, write: true } });
  });
});

describe('searchFoods', () => {
  it('finds foods by the beginnings of their words, in any order', async () => {
    const { status, body } = await call('searchFoods', alice, { query: `${tag} greek yog` });
    const names = (body.result as FoodRow[]).map((food) => food.name);

    expect(status).toBe(200);
    expect(names).toEqual([`Yogurt ${tag}, Greek, plain, nonfat`]);
    const none = await call('searchFoods', alice, { query: `${tag} ogurt` });
    expect(none.body.result).toEqual([]);
  });

  it('finds the shipped foods by their German, French and Spanish names, accents aside, named in the asked language', async () => {
    const [roll, ham, yogurt, badLanguage] = await Promise.all([
      call('searchFoods', alice, { query: 'brotchen', language: 'de' }),
      call('searchFoods', alice, { query: 'jamon serrano', language: 'es' }),
      call('searchFoods', alice, { query: 'greek yogurt plain nonfat', language: 'fr' }),
      call('searchFoods', alice, { query: 'bread', language: 'xx' }),
    ]);

    expect((roll.body.result as FoodRow[])[0]).toMatchObject({
      name: 'Brötchen (Kaiserbrötchen)',
      source: 'usda',
      sourceId: 'sr28-18353',
    });
    expect((ham.body.result as FoodRow[])[0]).toMatchObject({ name: 'Jamón serrano', source: 'ciqual' });
    expect((yogurt.body.result as FoodRow[]).map((food) => food.sourceId)).toContain(
      'greek-yogurt-plain-nonfat',
    );
    expect(
      (yogurt.body.result as FoodRow[]).find((food) => food.sourceId === 'greek-yogurt-plain-nonfat')?.name,
    ).toMatch(/yaourt/i);
    expect(badLanguage.body).toMatchObject({ code: 142 });
    expect(badLanguage.body.error).toContain('language');
  });

  it('treats the search as words, not as a pattern', async () => {
    const { status, body } = await call('searchFoods', alice, { query: `${tag}.* ') OR 1=1 --` });
    expect(status).toBe(200);
    expect(body.result).toEqual([]);
  });

  it('refuses a missing or overlong query and an anonymous caller', async () => {
    const missing = await call('searchFoods', alice, {});
    const long = await call('searchFoods', alice, { query: 'a'.repeat(61) });
    const limit = await call('searchFoods', alice, { query: 'apple', limit: 1000 });
    const anonymous = await call('searchFoods', undefined, { query: 'apple' });

    expect([missing.body.code, long.body.code, limit.body.code]).toEqual([142, 142, 142]);
    expect(missing.body.error).toContain('query');
    expect(limit.body.error).toContain('limit');
    expect(anonymous.body.code).toBe(209);
  });
});

describe('foodByBarcode', () => {
  /** An in-store code (prefix 20, in no catalogue) of this run's own, its check digit computed. */
  function inStoreCode(): string {
    const first12 = `20${String(Date.now() % 1e10).padStart(10, '0')}`;
    const sum = [...first12].reduce((total, digit, index) => total + Number(digit) * (index % 2 ? 3 : 1), 0);
    return `${first12}${(10 - (sum % 10)) % 10}`;
  }

  it("finds a person's own food by its barcode for them alone: 101 for another, refused to anonymous", async () => {
    const code = inStoreCode();
    const created = await ownFood(alice, {
      name: `Rye crackers ${tag}`,
      kcalPer100g: 417,
      proteinPer100g: 10,
      carbsPer100g: 70,
      fatPer100g: 8,
      servingG: 30,
      barcode: code,
    });
    const [owner, other, anonymous] = await Promise.all([
      call('foodByBarcode', alice, { code }),
      call('foodByBarcode', bob, { code }),
      call('foodByBarcode', undefined, { code }),
    ]);

    expect(owner.status).toBe(200);
    expect(owner.body.result).toMatchObject({
      id: created.objectId,
      name: `Rye crackers ${tag}`,
      custom: true,
      barcode: code,
      source: 'user',
    });
    expect(other.body).toMatchObject({ code: 101 });
    expect(other.text).not.toContain('Rye crackers');
    expect(anonymous.status).toBeGreaterThanOrEqual(400);
    expect(anonymous.text).not.toContain('Rye crackers');
  });
});

describe('nutritionDay', () => {
  let carol: Account;

  beforeAll(async () => {
    carol = await signUp();
    await updateSettings(carol, { dailyCalorieGoal: 2000 });
    // 23:30 in Berlin on 9 June, 21:30 UTC: Berlin's 9 June, and UTC's too.
    await logMeal(carol, {
      eatenAt: at('2026-06-09T21:30:00Z'),
      mealType: 'snack',
      food: pointer('Food', yogurtId),
      grams: 200,
    });
    // 00:30 in Berlin on 10 June: Berlin's 10 June, UTC's 9 June.
    await logMeal(carol, {
      eatenAt: at('2026-06-09T22:30:00Z'),
      mealType: 'breakfast',
      food: pointer('Food', butterId),
      grams: 10,
    });
    await logMeal(carol, {
      eatenAt: at('2026-06-10T12:00:00Z'),
      mealType: 'lunch',
      name: 'Sandwich',
      caloriesKcal: 450,
      proteinG: 20,
      carbsG: 50,
      fatG: 15,
    });
    await logMeal(bob, { eatenAt: at('2026-06-10T12:00:00Z'), name: 'Feast', caloriesKcal: 5000 });
  });

  it("answers the day's meals, section and day totals, the goal and the history in one call", async () => {
    const result = await day(carol, { date: '2026-06-10', timeZone: 'Europe/Berlin' });

    expect(result.calorieGoal).toBe(2000);
    expect(result.meals.map((meal) => meal.name)).toEqual([`Butter ${tag}, salted`, 'Sandwich']);
    expect(result.meals[0]?.food).toMatchObject({ id: butterId, custom: false });
    expect(result.sections.breakfast?.caloriesKcal).toBe(71.7);
    expect(result.sections.lunch?.caloriesKcal).toBe(450);
    expect(result.sections.snack?.caloriesKcal).toBe(0);
    expect(result.totals).toEqual({ caloriesKcal: 521.7, proteinG: 20.1, carbsG: 50, fatG: 23.1 });
    expect(result.history).toHaveLength(7);
    expect(result.history.slice(-2)).toEqual([
      { date: '2026-06-09', caloriesKcal: 118 },
      { date: '2026-06-10', caloriesKcal: 521.7 },
    ]);
    // The butter says; the sandwich, typed without a food, does not.
    expect(result.extras).toEqual({
      fibre: { grams: 0, unknown: 1 },
      sugars: { grams: 0.01, unknown: 1 },
      saturatedFat: { grams: 5.14, unknown: 1 },
      salt: { grams: 0.16, unknown: 1 },
    });
  });

  it("puts meals on the person's local days", async () => {
    const utc = await day(carol, { date: '2026-06-09', timeZone: 'UTC' });
    expect(utc.meals.map((meal) => meal.mealType)).toEqual(['snack', 'breakfast']);
    const berlin = await day(carol, { date: '2026-06-09', timeZone: 'Europe/Berlin' });
    expect(berlin.meals.map((meal) => meal.mealType)).toEqual(['snack']);
  });

  it('lists the foods logged last and those logged most, and no food of anyone else', async () => {
    const erin = await signUp();
    const minutesAgo = (minutes: number) => parseDate(new Date(Date.now() - minutes * 60_000));
    const privateFood = await ownFood(bob, {
      name: `Bob's oats ${tag}`,
      kcalPer100g: 380,
      proteinPer100g: 13,
      carbsPer100g: 60,
      fatPer100g: 7,
    });
    await logMeal(erin, { eatenAt: minutesAgo(30), food: pointer('Food', yogurtId), grams: 150 });
    await logMeal(erin, { eatenAt: minutesAgo(20), food: pointer('Food', yogurtId), grams: 150 });
    await logMeal(erin, { eatenAt: minutesAgo(10), food: pointer('Food', butterId), grams: 10 });
    const refused = await logMeal(erin, {
      eatenAt: minutesAgo(5),
      food: pointer('Food', String(privateFood.objectId)),
      grams: 10,
    });

    const result = await day(erin, { days: 30 });

    expect(refused.code).toBe(142);
    expect(result.history).toHaveLength(30);
    expect(result.recentFoods.map((food) => food.id)).toEqual([butterId, yogurtId]);
    expect(result.frequentFoods.map((food) => food.id)).toEqual([yogurtId, butterId]);
  });

  it("never counts or shows another person's meals", async () => {
    const result = await day(alice, { date: '2026-06-10' });
    expect(result.meals).toEqual([]);
    expect(result.totals.caloriesKcal).toBe(0);
    expect(result.history.every((entry) => entry.caloriesKcal === 0)).toBe(true);
  });

  it('refuses a malformed date, span or zone, and an anonymous caller', async () => {
    const date = await call('nutritionDay', carol, { date: '2026-02-30' });
    const span = await call('nutritionDay', carol, { days: 365 });
    const zone = await call('nutritionDay', carol, { timeZone: 'Mars/Base' });
    const anonymous = await call('nutritionDay', undefined, {});

    expect([date.body.error, span.body.error, zone.body.error]).toEqual([
      'date must be a day written YYYY-MM-DD.',
      'days must be one of: 7, 30.',
      'timeZone must be a time zone name such as Europe/Berlin.',
    ]);
    expect(anonymous.body.code).toBe(209);
  });
});

describe('days near the year 9999', () => {
  it('are refused with 142 by nutritionDay and copyMeals instead of failing in the query', async () => {
    const person = await signUp();
    const day = await call('nutritionDay', person, { date: '9999-12-31' });
    const copy = await call('copyMeals', person, { fromDate: '9999-12-31', toDate: '2026-11-25' });

    expect(day.body).toMatchObject({ code: 142, error: 'date must be a day from 1900 to 2999.' });
    expect(copy.body).toMatchObject({ code: 142, error: 'fromDate must be a day from 1900 to 2999.' });
  });
});

describe('copyMeals', () => {
  let dave: Account;

  beforeAll(async () => {
    dave = await signUp();
    await logMeal(dave, {
      eatenAt: at('2026-07-01T07:30:00Z'),
      mealType: 'breakfast',
      food: pointer('Food', yogurtId),
      grams: 150,
    });
    await logMeal(dave, {
      eatenAt: at('2026-07-01T07:35:00Z'),
      mealType: 'breakfast',
      name: 'Coffee',
      caloriesKcal: 5,
    });
    await logMeal(dave, {
      eatenAt: at('2026-07-01T19:00:00Z'),
      mealType: 'dinner',
      name: 'Pasta',
      caloriesKcal: 700,
    });
  });

  it("copies one section to another day at the same times, as the caller's own rows", async () => {
    const { body } = await call('copyMeals', dave, {
      fromDate: '2026-07-01',
      toDate: '2026-07-02',
      mealType: 'breakfast',
      timeZone: 'UTC',
    });
    expect(body.result).toEqual({ copied: 2 });

    const result = await day(dave, { date: '2026-07-02' });
    expect(result.meals.map((meal) => [meal.name, meal.mealType])).toEqual([
      [`Yogurt ${tag}, Greek, plain, nonfat`, 'breakfast'],
      ['Coffee', 'breakfast'],
    ]);
    expect(result.meals[0]?.food?.id).toBe(yogurtId);
    const stored = await request('GET', `/parse/classes/Meal/${result.meals[0]?.id ?? ''}`, {
      masterKey: true,
    });
    expect(stored.body.eatenAt).toEqual(at('2026-07-02T07:30:00Z'));
    expect(stored.body.ACL).toEqual({ [dave.objectId]: { read: true, write: true } });
  });

  it('copies a whole day', async () => {
    const { body } = await call('copyMeals', dave, {
      fromDate: '2026-07-01',
      toDate: '2026-07-05',
      timeZone: 'UTC',
    });
    expect(body.result).toEqual({ copied: 3 });
    expect((await day(dave, { date: '2026-07-05' })).totals.caloriesKcal).toBe(793.5);
  });

  it("copies nothing of another person's day", async () => {
    const { body } = await call('copyMeals', bob, {
      fromDate: '2026-07-01',
      toDate: '2026-07-03',
      timeZone: 'UTC',
    });
    expect(body.result).toEqual({ copied: 0 });
    expect((await day(bob, { date: '2026-07-03' })).meals).toEqual([]);
  });

  it('refuses bad days, the same day, an unknown section and an anonymous caller', async () => {
    const bad = await call('copyMeals', dave, { fromDate: 'yesterday', toDate: '2026-07-02' });
    const same = await call('copyMeals', dave, { fromDate: '2026-07-01', toDate: '2026-07-01' });
    const section = await call('copyMeals', dave, {
      fromDate: '2026-07-01',
      toDate: '2026-07-02',
      mealType: 'brunch',
    });
    const anonymous = await call('copyMeals', undefined, { fromDate: '2026-07-01', toDate: '2026-07-02' });

    expect(bad.body.error).toBe('fromDate must be a day written YYYY-MM-DD.');
    expect(same.body.error).toBe('toDate must be another day than fromDate.');
    expect(section.body.code).toBe(142);
    expect(section.body.error).toContain('mealType');
    expect(anonymous.body.code).toBe(209);
  });
});
