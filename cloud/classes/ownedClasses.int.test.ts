import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSettingsOwnerIndex } from '../../server/database/postgres';
import {
  newPassword,
  parseDate,
  pointer,
  request,
  settingsIdOf,
  signUp,
  uniqueName,
  userPointer,
  type Account,
} from '../../server/test/rest';
import { connectDatabase } from '../../server/test/serverProcess';

const now = () => parseDate(new Date());

function activity(fields: Record<string, unknown> = {}) {
  return { type: 'run', startedAt: now(), durationMin: 30, ...fields };
}

let alice: Account;
let bob: Account;

beforeAll(async () => {
  alice = await signUp();
  bob = await signUp();
});

async function createActivity(owner: Account, fields: Record<string, unknown> = {}): Promise<string> {
  const { status, body } = await request('POST', '/parse/classes/Activity', {
    sessionToken: owner.sessionToken,
    body: activity(fields),
  });
  expect(status).toBe(201);
  expect(typeof body.objectId).toBe('string');
  return String(body.objectId);
}

describe('Activity', () => {
  it('refuses durationMin 0 with error 142 naming durationMin', async () => {
    const { status, body } = await request('POST', '/parse/classes/Activity', {
      sessionToken: alice.sessionToken,
      body: activity({ durationMin: 0 }),
    });

    expect(status).toBe(400);
    expect(body.code).toBe(142);
    expect(body.error).toContain('durationMin');
  });

  it('refuses a startedAt before 1900 with error 142 naming startedAt', async () => {
    const { status, body } = await request('POST', '/parse/classes/Activity', {
      sessionToken: alice.sessionToken,
      body: activity({ startedAt: { __type: 'Date', iso: '-004714-11-23T00:00:00.000Z' } }),
    });

    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 142, error: 'startedAt cannot be before 1900.' });
  });

  it('refuses notes holding a NUL character with error 142 naming notes', async () => {
    const { status, body } = await request('POST', '/parse/classes/Activity', {
      sessionToken: alice.sessionToken,
      body: activity({ notes: 'a\u0000b' }),
    });

    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 142, error: 'notes contains characters that are not allowed.' });
  });

  it('refuses a type outside the contract with error 142 naming type', async () => {
    const { body } = await request('POST', '/parse/classes/Activity', {
      sessionToken: alice.sessionToken,
      body: activity({ type: 'chess' }),
    });

    expect(body.code).toBe(142);
    expect(body.error).toContain('type');
  });

  it('refuses a create without a session', async () => {
    const { status, body } = await request('POST', '/parse/classes/Activity', { body: activity() });

    expect(status).toBe(404);
    expect(body).toMatchObject({ code: 101, error: 'Permission denied' });
    const rows = await request('GET', '/parse/classes/Activity?limit=1', {});
    expect(rows.body).toMatchObject({ code: 101, error: 'Permission denied' });
  });

  it("sets user to the caller and an owner-only ACL when the client sends another user's pointer and a public ACL", async () => {
    const objectId = await createActivity(alice, {
      user: userPointer(bob.objectId),
      ACL: { '*': { read: true, write: true } },
    });

    const { body } = await request('GET', `/parse/classes/Activity/${objectId}`, { masterKey: true });

    expect(body.user).toEqual(userPointer(alice.objectId));
    expect(body.ACL).toEqual({ [alice.objectId]: { read: true, write: true } });
  });

  it("answers 101 when another user GETs, PUTs or DELETEs someone's Activity, and leaves it unchanged", async () => {
    const objectId = await createActivity(alice, { notes: 'mine' });
    const path = `/parse/classes/Activity/${objectId}`;

    const read = await request('GET', path, { sessionToken: bob.sessionToken });
    const update = await request('PUT', path, { sessionToken: bob.sessionToken, body: { notes: 'theirs' } });
    const remove = await request('DELETE', path, { sessionToken: bob.sessionToken });
    const listed = await request('GET', '/parse/classes/Activity', { sessionToken: bob.sessionToken });

    expect([read.body.code, update.body.code, remove.body.code]).toEqual([101, 101, 101]);
    expect(listed.body.results?.map((row) => row.objectId)).not.toContain(objectId);
    const own = await request('GET', path, { sessionToken: alice.sessionToken });
    expect(own.status).toBe(200);
    expect(own.body.notes).toBe('mine');
  });

  it('lets the owner update a row within the limits and refuses an update beyond them', async () => {
    const objectId = await createActivity(alice);
    const path = `/parse/classes/Activity/${objectId}`;

    const valid = await request('PUT', path, { sessionToken: alice.sessionToken, body: { durationMin: 45 } });
    const invalid = await request('PUT', path, {
      sessionToken: alice.sessionToken,
      body: { durationMin: 5000 },
    });

    expect(valid.status).toBe(200);
    expect(invalid.body.code).toBe(142);
    expect(invalid.body.error).toContain('durationMin');
    const { body } = await request('GET', path, { sessionToken: alice.sessionToken });
    expect(body.durationMin).toBe(45);
  });

  it("refuses an owner's update that hands the row to someone else", async () => {
    const objectId = await createActivity(alice);
    const path = `/parse/classes/Activity/${objectId}`;

    await request('PUT', path, {
      sessionToken: alice.sessionToken,
      body: { user: userPointer(bob.objectId), ACL: { [bob.objectId]: { read: true, write: true } } },
    });

    const { body } = await request('GET', path, { masterKey: true });
    expect(body.user).toEqual(userPointer(alice.objectId));
    expect(body.ACL).toEqual({ [alice.objectId]: { read: true, write: true } });
  });
});

describe('Settings', () => {
  it('is made at sign-up with the contract’s defaults, owned by the new person alone', async () => {
    const username = uniqueName();
    const signedUp = await request('POST', '/parse/users', {
      body: { username, password: newPassword(), email: `${username}@example.com` },
    });
    expect(signedUp.status).toBe(201);
    const userId = String(signedUp.body.objectId);
    const where = encodeURIComponent(JSON.stringify({ user: userPointer(userId) }));

    const { body } = await request('GET', `/parse/classes/Settings?where=${where}`, {
      sessionToken: String(signedUp.body.sessionToken),
    });

    expect(body.results).toHaveLength(1);
    expect(body.results?.[0]).toMatchObject({
      user: userPointer(userId),
      shareActivity: true,
      shareWeightProgress: false,
      weeklyActiveMinutesGoal: 150,
      weekStartsOn: 1,
      units: 'metric',
      theme: 'system',
      ACL: { [userId]: { read: true, write: true } },
    });
  });

  it('lets neither another person nor an anonymous caller read or change someone’s Settings', async () => {
    const path = `/parse/classes/Settings/${await settingsIdOf(alice)}`;

    const attempts = await Promise.all([
      request('GET', path, { sessionToken: bob.sessionToken }),
      request('PUT', path, { sessionToken: bob.sessionToken, body: { shareWeightProgress: true } }),
      request('DELETE', path, { sessionToken: bob.sessionToken }),
      request('GET', path),
      request('PUT', path, { body: { shareWeightProgress: true } }),
      request('PUT', path, { sessionToken: bob.sessionToken, body: { theme: 'dark' } }),
    ]);
    const listed = await request('GET', '/parse/classes/Settings', { sessionToken: bob.sessionToken });

    expect(attempts.map((attempt) => attempt.body.code)).toEqual([101, 101, 101, 101, 101, 101]);
    expect(listed.body.results?.map((row) => row.user)).toEqual([userPointer(bob.objectId)]);
    const stored = await request('GET', path, { masterKey: true });
    expect(stored.body.shareWeightProgress).toBe(false);
    expect(stored.body.theme).toBe('system');
    expect(stored.body.ACL).toEqual({ [alice.objectId]: { read: true, write: true } });
  });

  it('refuses a second Settings row for the owner with error 137', async () => {
    const { status, body } = await request('POST', '/parse/classes/Settings', {
      sessionToken: alice.sessionToken,
      body: { heightCm: 180 },
    });

    expect(status).toBe(400);
    expect(body.code).toBe(137);
    const where = encodeURIComponent(JSON.stringify({ user: userPointer(alice.objectId) }));
    const rows = await request('GET', `/parse/classes/Settings?where=${where}&count=1&limit=0`, {
      masterKey: true,
    });
    expect(rows.body.count).toBe(1);
  });

  it.each([
    ['heightCm', 20],
    ['theme', 'purple'],
    ['theme', ['dark']],
  ])(
    'refuses an update of %s breaking the contract with error 142 naming the field',
    async (field, value) => {
      const path = `/parse/classes/Settings/${await settingsIdOf(alice)}`;

      const { body } = await request('PUT', path, {
        sessionToken: alice.sessionToken,
        body: { [field]: value },
      });

      expect(body.code).toBe(142);
      expect(body.error).toContain(field);
    },
  );

  it('keeps the theme its owner chooses', async () => {
    const dave = await signUp();
    const path = `/parse/classes/Settings/${await settingsIdOf(dave)}`;

    const updated = await request('PUT', path, { sessionToken: dave.sessionToken, body: { theme: 'dark' } });

    expect(updated.status).toBe(200);
    const { body } = await request('GET', path, { sessionToken: dave.sessionToken });
    expect(body.theme).toBe('dark');
  });

  it('keeps the owner and an owner-only ACL when the owner’s update names someone else', async () => {
    const path = `/parse/classes/Settings/${await settingsIdOf(alice)}`;

    const updated = await request('PUT', path, {
      sessionToken: alice.sessionToken,
      body: { heightCm: 180, user: userPointer(bob.objectId), ACL: { '*': { read: true, write: true } } },
    });

    expect(updated.status).toBe(200);
    const { body } = await request('GET', path, { masterKey: true });
    expect(body.heightCm).toBe(180);
    expect(body.user).toEqual(userPointer(alice.objectId));
    expect(body.ACL).toEqual({ [alice.objectId]: { read: true, write: true } });
  });

  it('stores one row when five first saves race, and answers 137 to the other four', async () => {
    const carol = await signUp();
    const where = encodeURIComponent(JSON.stringify({ user: userPointer(carol.objectId) }));
    const count = async () =>
      (await request('GET', `/parse/classes/Settings?where=${where}&count=1&limit=0`, { masterKey: true }))
        .body.count;
    await request('DELETE', `/parse/classes/Settings/${await settingsIdOf(carol)}`, { masterKey: true });
    expect(await count()).toBe(0);

    const saves = await Promise.all(
      [160, 165, 170, 175, 180].map((heightCm) =>
        request('POST', '/parse/classes/Settings', { sessionToken: carol.sessionToken, body: { heightCm } }),
      ),
    );

    expect(saves.filter((save) => save.status === 201)).toHaveLength(1);
    expect(saves.filter((save) => save.body.code === 137)).toHaveLength(4);
    expect(await count()).toBe(1);
  });
});

describe('Settings in the database', () => {
  let database: pg.Client;

  beforeAll(async () => {
    database = await connectDatabase(inject('dataDir'));
  });

  afterAll(async () => {
    await database.end();
  });

  /** A copy of a Settings row under a new id, saved `shift` earlier or later, as an old database may hold. */
  async function insertCopy(objectId: string, shift: string, heightCm: number): Promise<string> {
    const copyId = randomBytes(5).toString('hex');
    await database.query(
      `INSERT INTO "Settings" ("objectId", "user", "createdAt", "updatedAt", "_rperm", "_wperm", "heightCm")
       SELECT $2, "user", "createdAt" + $3::interval, "updatedAt" + $3::interval, "_rperm", "_wperm", $4
         FROM "Settings" WHERE "objectId" = $1`,
      [objectId, copyId, shift, heightCm],
    );
    return copyId;
  }

  it('the start-up step keeps the newest of a person’s rows, then the database refuses a second one', async () => {
    const dave = await signUp();
    const original = await settingsIdOf(dave);
    await database.query('DROP INDEX "Settings_unique_user"');
    await insertCopy(original, '-1 day', 170);
    const newest = await insertCopy(original, '1 day', 190);

    const removed = await createSettingsOwnerIndex(database);

    expect(removed).toBeGreaterThanOrEqual(2);
    const { rows } = await database.query<{ objectId: string; heightCm: number }>(
      'SELECT "objectId", "heightCm" FROM "Settings" WHERE "user" = $1',
      [dave.objectId],
    );
    expect(rows).toEqual([{ objectId: newest, heightCm: 190 }]);
    await expect(insertCopy(newest, '0 seconds', 200)).rejects.toMatchObject({ code: '23505' });
  });
});

describe('owned classes', () => {
  const future = parseDate(new Date(Date.now() + 3 * 24 * 60 * 60 * 1000));

  it.each([
    ['Meal', { eatenAt: now(), mealType: 'brunch', name: 'Eggs', caloriesKcal: 300 }, 'mealType'],
    [
      'Food',
      { name: 'Oats', kcalPer100g: 2000, proteinPer100g: 13, carbsPer100g: 60, fatPer100g: 7 },
      'kcalPer100g',
    ],
    ['WeightEntry', { measuredAt: future, weightKg: 80 }, 'measuredAt'],
    ['WeightEntry', { measuredAt: now() }, 'weightKg'],
  ])(
    'refuses a %s row breaking the contract with error 142 naming the field',
    async (className, row, field) => {
      const { status, body } = await request('POST', `/parse/classes/${className}`, {
        sessionToken: alice.sessionToken,
        body: row,
      });

      expect(status).toBe(400);
      expect(body.code).toBe(142);
      expect(body.error).toContain(field);
    },
  );

  it.each([
    ['Meal', { eatenAt: now(), mealType: 'lunch', name: 'Soup', caloriesKcal: 300 }],
    ['Food', { name: 'Oats', kcalPer100g: 380, proteinPer100g: 13, carbsPer100g: 60, fatPer100g: 7 }],
    ['WeightEntry', { measuredAt: now(), weightKg: 80 }],
  ])('saves a valid %s row as the caller’s own, unreadable by others', async (className, row) => {
    const created = await request('POST', `/parse/classes/${className}`, {
      sessionToken: alice.sessionToken,
      body: { ...row, user: userPointer(bob.objectId) },
    });
    expect(created.status).toBe(201);
    const path = `/parse/classes/${className}/${String(created.body.objectId)}`;

    const stored = await request('GET', path, { masterKey: true });
    const other = await request('GET', path, { sessionToken: bob.sessionToken });

    expect(stored.body.user).toEqual(userPointer(alice.objectId));
    expect(stored.body.ACL).toEqual({ [alice.objectId]: { read: true, write: true } });
    expect(other.body.code).toBe(101);
  });

  it('keeps a pointer to a food in a meal', async () => {
    const food = await request('POST', '/parse/classes/Food', {
      sessionToken: alice.sessionToken,
      body: { name: 'Rice', kcalPer100g: 130, proteinPer100g: 3, carbsPer100g: 28, fatPer100g: 0 },
    });
    const foodId = String(food.body.objectId);
    const meal = await request('POST', '/parse/classes/Meal', {
      sessionToken: alice.sessionToken,
      body: {
        eatenAt: now(),
        mealType: 'dinner',
        name: 'Rice',
        food: pointer('Food', foodId),
        grams: 200,
        caloriesKcal: 260,
      },
    });

    const { body } = await request('GET', `/parse/classes/Meal/${String(meal.body.objectId)}?include=food`, {
      sessionToken: alice.sessionToken,
    });
    expect(body.food).toMatchObject({ objectId: foodId, name: 'Rice' });
  });
});
