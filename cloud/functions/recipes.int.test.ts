import { beforeAll, describe, expect, it } from 'vitest';
import { parseDate, request, signUp, uniqueName, userPointer, type Account } from '../../server/test/rest';

async function call(name: string, account: Account | undefined, params: Record<string, unknown>) {
  return request('POST', `/parse/functions/${name}`, {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    body: params,
  });
}

async function catalogueFood(fields: Record<string, unknown>): Promise<string> {
  const { status, body } = await request('POST', '/parse/classes/Food', {
    masterKey: true,
    body: { ACL: { '*': { read: true } }, ...fields },
  });
  expect(status).toBe(201);
  return String(body.objectId);
}

async function ownFood(owner: Account, fields: Record<string, unknown>): Promise<string> {
  const { status, body } = await request('POST', '/parse/classes/Food', {
    sessionToken: owner.sessionToken,
    body: fields,
  });
  expect(status).toBe(201);
  return String(body.objectId);
}

function saveRecipe(owner: Account, fields: Record<string, unknown>) {
  return request('POST', '/parse/classes/Recipe', { sessionToken: owner.sessionToken, body: fields });
}

const tag = uniqueName('rc').replace('_', '');

let alice: Account;
let friend: Account;
let stranger: Account;
let oatsId: string;
let milkId: string;
let bananaId: string;
let honeyId: string;
let strangersFoodId: string;

/** 80 g oats, 300 g milk, 120 g banana, 20 g honey (src/domain/recipes.test.ts sums them by hand). */
const porridge = () => ({
  name: `Porridge ${tag}`,
  servings: 2,
  ingredients: [
    { foodId: oatsId, grams: 80 },
    { foodId: milkId, grams: 300 },
    { foodId: bananaId, grams: 120 },
    { foodId: honeyId, grams: 20 },
  ],
});

beforeAll(async () => {
  [alice, friend, stranger] = [await signUp(), await signUp(), await signUp()];
  await call('sendFriendRequest', alice, { username: friend.username });
  const asked = await call('sendFriendRequest', friend, { username: alice.username });
  expect(asked.status).toBe(200);
  const base = { proteinPer100g: 0, carbsPer100g: 0, fatPer100g: 0 };
  oatsId = await catalogueFood({
    ...base,
    name: `Oats ${tag}`,
    kcalPer100g: 380,
    proteinPer100g: 13,
    carbsPer100g: 60,
    fatPer100g: 7,
    fibrePer100g: 10,
    sugarsPer100g: 1,
    saturatedFatPer100g: 1.2,
    saltPer100g: 0.02,
  });
  milkId = await ownFood(alice, {
    name: `Milk ${tag}`,
    kcalPer100g: 64,
    proteinPer100g: 3.4,
    carbsPer100g: 4.8,
    fatPer100g: 3.6,
    fibrePer100g: 0,
    sugarsPer100g: 4.8,
    saturatedFatPer100g: 2.3,
    saltPer100g: 0.1,
  });
  bananaId = await catalogueFood({
    name: `Banana ${tag}`,
    kcalPer100g: 89,
    proteinPer100g: 1.1,
    carbsPer100g: 22.8,
    fatPer100g: 0.3,
    fibrePer100g: 2.6,
    sugarsPer100g: 12.2,
    saturatedFatPer100g: 0.1,
  });
  honeyId = await catalogueFood({
    name: `Honey ${tag}`,
    kcalPer100g: 304,
    proteinPer100g: 0.3,
    carbsPer100g: 82.4,
    fatPer100g: 0,
    fibrePer100g: 0.2,
    sugarsPer100g: 82.1,
    saturatedFatPer100g: 0,
    saltPer100g: 0,
  });
  strangersFoodId = await ownFood(stranger, { ...base, name: `Secret ${tag}`, kcalPer100g: 0 });
});

describe('a recipe', () => {
  it('gets its nutrition per serving and per 100 g from the server, whatever the client sent', async () => {
    const created = await saveRecipe(alice, {
      ...porridge(),
      perServing: { caloriesKcal: 1 },
      totalWeightG: 1,
      user: userPointer(friend.objectId),
    });
    expect(created.status).toBe(201);
    const { body } = await request('GET', `/parse/classes/Recipe/${String(created.body.objectId)}`, {
      sessionToken: alice.sessionToken,
    });
    expect(body).toMatchObject({
      user: userPointer(alice.objectId),
      totalWeightG: 520,
      perServing: {
        grams: 260,
        caloriesKcal: 331.8,
        proteinG: 11,
        carbsG: 53.1,
        fatG: 8.4,
        fibreG: 5.58,
        sugarsG: 23.13,
        saturatedFatG: 3.99,
        saltG: null,
      },
      per100g: { grams: 100, caloriesKcal: 127.6, proteinG: 4.2, carbsG: 20.4, fatG: 3.2 },
    });

    const cooked = await request('PUT', `/parse/classes/Recipe/${String(created.body.objectId)}`, {
      sessionToken: alice.sessionToken,
      body: { servings: 4, cookedWeightG: 500 },
    });
    expect(cooked.status).toBe(200);
    const again = await request('GET', `/parse/classes/Recipe/${String(created.body.objectId)}`, {
      sessionToken: alice.sessionToken,
    });
    expect(again.body).toMatchObject({
      perServing: { grams: 125, caloriesKcal: 165.9 },
      per100g: { caloriesKcal: 132.7, proteinG: 4.4, carbsG: 21.2, fatG: 3.4 },
    });
  });

  it('is its owner’s alone: a friend, a stranger and an anonymous caller can neither read, change, delete nor log it', async () => {
    const created = await saveRecipe(alice, porridge());
    const id = String(created.body.objectId);
    const path = `/parse/classes/Recipe/${id}`;
    const where = encodeURIComponent(JSON.stringify({ objectId: id }));
    const log = { recipeId: id, servings: 1, mealType: 'lunch', eatenAt: new Date().toISOString() };

    for (const other of [friend, stranger, undefined]) {
      const auth = other ? { sessionToken: other.sessionToken } : {};
      const [read, found, changed, deleted, logged] = await Promise.all([
        request('GET', path, auth),
        request('GET', `/parse/classes/Recipe?where=${where}`, auth),
        request('PUT', path, { ...auth, body: { name: 'Mine' } }),
        request('DELETE', path, auth),
        call('logRecipe', other, log),
      ]);
      expect([read.body.code, changed.body.code, deleted.body.code]).toEqual([101, 101, 101]);
      if (other) {
        expect(found.body.results).toEqual([]);
        expect(logged.body).toMatchObject({ code: 101, field: 'recipeId' });
      } else {
        expect(found.status).toBeGreaterThanOrEqual(400);
        expect(logged.status).toBeGreaterThanOrEqual(400);
      }
    }
    const own = await request('GET', path, { sessionToken: alice.sessionToken });
    expect(own.body).toMatchObject({ name: `Porridge ${tag}` });
  });

  it('refuses what breaks its limits with 142 naming the field', async () => {
    const one = { foodId: oatsId, grams: 10 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ingredients: [] }, 'ingredients'],
      [{ ingredients: Array.from({ length: 51 }, () => one) }, 'ingredients'],
      [{ ingredients: 'oats' }, 'ingredients'],
      [{ ingredients: [one, { foodId: oatsId, grams: 0 }] }, 'ingredients[1].grams'],
      [{ ingredients: [{ foodId: oatsId, grams: 5001 }] }, 'ingredients[0].grams'],
      [{ ingredients: [{ ...one, kcal: 5 }] }, 'ingredients[0].kcal'],
      [{ ingredients: [one, one, { foodId: strangersFoodId, grams: 10 }] }, 'ingredients[2].foodId'],
      [{ servings: 0 }, 'servings'],
      [{ servings: 101 }, 'servings'],
      [{ servings: 1.5 }, 'servings'],
      [{ cookedWeightG: 0 }, 'cookedWeightG'],
      [{ cookedWeightG: 20_001 }, 'cookedWeightG'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(81) }, 'name'],
    ];
    for (const [fields, field] of cases) {
      const refused = await saveRecipe(alice, { ...porridge(), ...fields });
      expect(refused.body, field).toMatchObject({ code: 142, field });
    }
    const fifty = await saveRecipe(alice, {
      ...porridge(),
      ingredients: Array.from({ length: 50 }, () => one),
    });
    expect(fifty.status).toBe(201);
  });

  it('is logged as 1.5 servings with its numbers copied, and the meal stays as it was when the recipe changes or goes', async () => {
    const created = await saveRecipe(alice, porridge());
    const id = String(created.body.objectId);
    const eatenAt = new Date(Date.now() - 3_600_000);
    const logged = await call('logRecipe', alice, {
      recipeId: id,
      servings: 1.5,
      mealType: 'breakfast',
      eatenAt: parseDate(eatenAt),
    });
    expect(logged.status).toBe(200);
    const mealPath = `/parse/classes/Meal/${String((logged.body.result as { mealId: string }).mealId)}`;
    const expected = {
      name: `Porridge ${tag}`,
      mealType: 'breakfast',
      eatenAt: parseDate(eatenAt),
      grams: 390,
      caloriesKcal: 497.7,
      proteinG: 16.5,
      carbsG: 79.7,
      fatG: 12.6,
      fibreG: 8.37,
      sugarsG: 34.7,
      saturatedFatG: 5.99,
      user: userPointer(alice.objectId),
    };
    const meal = await request('GET', mealPath, { sessionToken: alice.sessionToken });
    expect(meal.body).toMatchObject(expected);
    expect(meal.body.saltG).toBeUndefined();
    expect(meal.body.food).toBeUndefined();

    const edited = await request('PUT', `/parse/classes/Recipe/${id}`, {
      sessionToken: alice.sessionToken,
      body: { name: 'Thin porridge', ingredients: [{ foodId: milkId, grams: 100 }] },
    });
    expect(edited.status).toBe(200);
    expect((await request('GET', mealPath, { sessionToken: alice.sessionToken })).body).toMatchObject(
      expected,
    );
    await request('DELETE', `/parse/classes/Recipe/${id}`, { sessionToken: alice.sessionToken });
    expect((await request('GET', mealPath, { sessionToken: alice.sessionToken })).body).toMatchObject(
      expected,
    );
  });

  it('gives the meal the clientKey sent, so the same meal queued after a lost answer is recognised', async () => {
    const created = await saveRecipe(alice, porridge());
    const clientKey = '7d0e5b1a-3c2f-4e8d-a9b6-0c1d2e3f4a5b';
    const eatenAt = parseDate(new Date(Date.now() - 7_200_000));
    const log = {
      recipeId: String(created.body.objectId),
      servings: 1,
      mealType: 'snack',
      eatenAt,
      clientKey,
    };
    const logged = await call('logRecipe', alice, log);
    expect(logged.status).toBe(200);
    const mealId = (logged.body.result as { mealId: string }).mealId;

    // What the device would send had the answer been lost: the meal as a create with the same key.
    const replayed = await request('POST', '/parse/classes/Meal', {
      sessionToken: alice.sessionToken,
      body: { name: `Porridge ${tag}`, caloriesKcal: 332, mealType: 'snack', eatenAt, clientKey },
    });
    expect(replayed.body).toMatchObject({ code: 137 });
    expect((await call('logRecipe', alice, log)).body).toMatchObject({ code: 137 });
    const keyed = await request(
      'GET',
      `/parse/classes/Meal?where=${encodeURIComponent(JSON.stringify({ clientKey }))}`,
      {
        sessionToken: alice.sessionToken,
      },
    );
    expect((keyed.body.results as { objectId: string }[]).map((meal) => meal.objectId)).toEqual([mealId]);
    expect((await call('logRecipe', alice, { ...log, clientKey: 42 })).body).toMatchObject({
      code: 142,
      field: 'clientKey',
    });
  });

  it('refuses servings, a section and a moment out of bounds, naming the parameter', async () => {
    const created = await saveRecipe(alice, porridge());
    const log = {
      recipeId: String(created.body.objectId),
      servings: 1,
      mealType: 'lunch',
      eatenAt: new Date().toISOString(),
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ servings: 0 }, 'servings'],
      [{ servings: 100.5 }, 'servings'],
      [{ servings: '1' }, 'servings'],
      [{ mealType: 'brunch' }, 'mealType'],
      [{ eatenAt: 'soon' }, 'eatenAt'],
      [{ eatenAt: '2999-01-01T00:00:00Z' }, 'eatenAt'],
    ];
    for (const [params, field] of cases) {
      const refused = await call('logRecipe', alice, { ...log, ...params });
      expect(refused.body, field).toMatchObject({ code: 142, field });
    }
  });

  it('appears in its owner’s food search as a recipe, and never in another person’s', async () => {
    await saveRecipe(alice, { ...porridge(), name: `Kedgeree ${tag}` });
    const query = { query: `kedgeree ${tag}`, recipes: true };
    const [own, friends, withoutRecipes] = await Promise.all([
      call('searchFoods', alice, query),
      call('searchFoods', friend, query),
      call('searchFoods', alice, { query: `kedgeree ${tag}` }),
    ]);
    expect(own.body.result).toEqual([
      expect.objectContaining({ name: `Kedgeree ${tag}`, recipe: { servings: 2 }, servingG: 260 }),
    ]);
    expect(friends.body.result).toEqual([]);
    expect(withoutRecipes.body.result).toEqual([]);
  });

  it('is listed for its owner alone, with its ingredients named', async () => {
    await saveRecipe(alice, { ...porridge(), name: `Muesli ${tag}` });
    const [own, friends] = await Promise.all([
      call('listRecipes', alice, {}),
      call('listRecipes', friend, {}),
    ]);
    const rows = own.body.result as { name: string; ingredients: { name: string }[] }[];
    expect(rows.find((row) => row.name === `Muesli ${tag}`)?.ingredients.map((item) => item.name)).toEqual([
      `Oats ${tag}`,
      `Milk ${tag}`,
      `Banana ${tag}`,
      `Honey ${tag}`,
    ]);
    expect(friends.body.result).toEqual([]);
  });
});
