import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deleteExpiredIdempotencyRecords } from '../../server/database/postgres';
import { parseDate, request, signUp, type Account, type RestResponse } from '../../server/test/rest';
import { connectDatabase } from '../../server/test/serverProcess';

const HOUR = 3_600_000;
const DUPLICATE_VALUE = 137;
const VALIDATION_ERROR = 142;
const DUPLICATE_REQUEST = 159;

const anHourAgo = () => parseDate(new Date(Date.now() - HOUR));

/** The three classes a client logs offline, each with a valid new row and a change to one. */
const LOGGED_CLASSES = [
  {
    className: 'Activity',
    row: () => ({ type: 'run', startedAt: anHourAgo(), durationMin: 30 }),
    change: { durationMin: 45 },
  },
  {
    className: 'Meal',
    row: () => ({ eatenAt: anHourAgo(), mealType: 'lunch', name: 'Dal and rice', caloriesKcal: 520 }),
    change: { caloriesKcal: 480 },
  },
  {
    className: 'WeightEntry',
    row: () => ({ measuredAt: anHourAgo(), weightKg: 80.4 }),
    change: { weightKg: 80.1 },
  },
];

let alice: Account;
let bob: Account;

beforeAll(async () => {
  [alice, bob] = await Promise.all([signUp(), signUp()]);
});

const where = (query: Record<string, unknown>) => encodeURIComponent(JSON.stringify(query));

/** A create as the offline queue sends it: one fresh request id per attempt unless one is given. */
function create(
  owner: Account,
  className: string,
  body: Record<string, unknown>,
  requestId = randomUUID(),
): Promise<RestResponse> {
  return request('POST', `/parse/classes/${className}`, {
    sessionToken: owner.sessionToken,
    headers: { 'X-Parse-Request-Id': requestId },
    body,
  });
}

/** Rows holding `clientKey`, whoever owns them. */
async function countWithKey(className: string, clientKey: string): Promise<number> {
  const { body } = await request(
    'GET',
    `/parse/classes/${className}?count=1&limit=0&where=${where({ clientKey })}`,
    {
      masterKey: true,
    },
  );
  if (typeof body.count !== 'number')
    throw new Error(`Counting ${className} failed: ${JSON.stringify(body)}`);
  return body.count;
}

function findByKey(className: string, clientKey: string, owner?: Account): Promise<RestResponse> {
  return request('GET', `/parse/classes/${className}?where=${where({ clientKey })}`, {
    ...(owner ? { sessionToken: owner.sessionToken } : {}),
  });
}

describe.each(LOGGED_CLASSES)('$className clientKey', ({ className, row, change }) => {
  it('stores a row with a clientKey and answers 201 with its id', async () => {
    const clientKey = randomUUID();

    const { status, body } = await create(alice, className, { ...row(), clientKey });

    expect(status).toBe(201);
    expect(body.objectId).toEqual(expect.any(String));
    expect(await countWithKey(className, clientKey)).toBe(1);
  });

  it('answers 137 to the same create under a new request id and keeps exactly one row', async () => {
    const body = { ...row(), clientKey: randomUUID() };

    const first = await create(alice, className, body);
    const retry = await create(alice, className, body);

    expect(first.status).toBe(201);
    expect(retry.status).toBe(400);
    expect(retry.body.code).toBe(DUPLICATE_VALUE);
    expect(await countWithKey(className, body.clientKey)).toBe(1);
  });

  it('stores one row when five creates with one key race, and answers 137 to the other four', async () => {
    const body = { ...row(), clientKey: randomUUID() };

    const answers = await Promise.all(Array.from({ length: 5 }, () => create(alice, className, body)));

    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.code === DUPLICATE_VALUE)).toHaveLength(4);
    expect(await countWithKey(className, body.clientKey)).toBe(1);
  });

  it.each([
    ['capitals', randomUUID().toUpperCase()],
    ['a blank', ''],
    ['no dashes', randomUUID().replaceAll('-', '')],
    ['a number', 42],
  ])('refuses a key with %s with 142 naming clientKey', async (_label, clientKey) => {
    const { status, body } = await create(alice, className, { ...row(), clientKey });

    expect(status).toBe(400);
    expect(body.code).toBe(VALIDATION_ERROR);
    expect(body.error).toContain('clientKey');
  });

  it('refuses changing, removing or adding the key of a saved row with 142, and keeps the row as it was', async () => {
    const clientKey = randomUUID();
    const keyed = String((await create(alice, className, { ...row(), clientKey })).body.objectId);
    const unkeyed = String((await create(alice, className, row())).body.objectId);
    const update = (objectId: string, body: Record<string, unknown>) =>
      request('PUT', `/parse/classes/${className}/${objectId}`, { sessionToken: alice.sessionToken, body });

    const answers = await Promise.all([
      update(keyed, { ...change, clientKey: randomUUID() }),
      update(keyed, { clientKey: { __op: 'Delete' } }),
      update(unkeyed, { clientKey: randomUUID() }),
    ]);

    for (const { status, body } of answers) {
      expect(status).toBe(400);
      expect(body.code).toBe(VALIDATION_ERROR);
      expect(body.error).toContain('clientKey');
    }
    const stored = await request('GET', `/parse/classes/${className}/${keyed}`, {
      sessionToken: alice.sessionToken,
    });
    expect(stored.body).toMatchObject({ clientKey });
    expect(stored.body).not.toMatchObject(change);
  });

  it('lets an update that leaves the key alone, or repeats it, through', async () => {
    const clientKey = randomUUID();
    const objectId = String((await create(alice, className, { ...row(), clientKey })).body.objectId);
    const path = `/parse/classes/${className}/${objectId}`;

    const plain = await request('PUT', path, { sessionToken: alice.sessionToken, body: change });
    const repeated = await request('PUT', path, { sessionToken: alice.sessionToken, body: { clientKey } });
    const stored = await request('GET', path, { sessionToken: alice.sessionToken });

    expect([plain.status, repeated.status]).toEqual([200, 200]);
    expect(stored.body).toMatchObject({ ...change, clientKey });
  });

  it("stores another person's row under the same key, and each finds only their own", async () => {
    const clientKey = randomUUID();
    const first = await create(alice, className, { ...row(), clientKey });

    const second = await create(bob, className, { ...row(), clientKey });
    const [asAlice, asBob] = await Promise.all([
      findByKey(className, clientKey, alice),
      findByKey(className, clientKey, bob),
    ]);

    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.text).not.toContain(String(first.body.objectId));
    expect(second.text).not.toContain(alice.objectId);
    expect(asAlice.body.results).toEqual([expect.objectContaining({ objectId: first.body.objectId })]);
    expect(asBob.body.results).toEqual([expect.objectContaining({ objectId: second.body.objectId })]);
    expect(await countWithKey(className, clientKey)).toBe(2);
  });

  it('finds the row by clientKey for its owner, and for nobody else', async () => {
    const clientKey = randomUUID();
    const { body: created } = await create(alice, className, { ...row(), clientKey });

    const [owner, other, anonymous] = await Promise.all([
      findByKey(className, clientKey, alice),
      findByKey(className, clientKey, bob),
      findByKey(className, clientKey),
    ]);

    expect(owner.status).toBe(200);
    expect(owner.body.results).toEqual([expect.objectContaining({ objectId: created.objectId, clientKey })]);
    expect(other.status).toBe(200);
    expect(other.body.results).toEqual([]);
    expect(anonymous.status).toBe(404);
    expect(anonymous.body.code).toBe(101);
    expect(anonymous.text).not.toContain(String(created.objectId));
  });

  it('still stores rows without a clientKey, as many as are sent', async () => {
    const answers = await Promise.all([create(alice, className, row()), create(alice, className, row())]);

    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
  });
});

describe('expired idempotency records', () => {
  let database: pg.Client;

  beforeAll(async () => {
    database = await connectDatabase(inject('dataDir'));
  });

  afterAll(async () => {
    await database.end();
  });

  async function recordExists(requestId: string): Promise<boolean> {
    const { rowCount } = await database.query('SELECT 1 FROM "_Idempotency" WHERE "reqId" = $1', [requestId]);
    return rowCount === 1;
  }

  /** Moves a record's expiry into the past, as time would. */
  async function expire(requestId: string, ago: string): Promise<void> {
    await database.query(`UPDATE "_Idempotency" SET expire = now() - $2::interval WHERE "reqId" = $1`, [
      requestId,
      ago,
    ]);
  }

  it('deletes records that expired more than a ttl ago and keeps the others', async () => {
    const [old, recent, fresh] = [randomUUID(), randomUUID(), randomUUID()];
    for (const requestId of [old, recent, fresh]) {
      const weighIn = { measuredAt: anHourAgo(), weightKg: 80 };
      expect((await create(alice, 'WeightEntry', weighIn, requestId)).status).toBe(201);
    }
    await expire(old, '1 hour');
    await expire(recent, '1 minute');

    await deleteExpiredIdempotencyRecords(database);

    expect(await recordExists(old)).toBe(false);
    expect(await recordExists(recent)).toBe(true);
    expect(await recordExists(fresh)).toBe(true);
  });

  it('turns a retry refused with 159 into one refused with 137 once its record is gone, still with one row', async () => {
    const requestId = randomUUID();
    const body = { type: 'walk', startedAt: anHourAgo(), durationMin: 20, clientKey: randomUUID() };

    const first = await create(alice, 'Activity', body, requestId);
    const early = await create(alice, 'Activity', body, requestId);
    await expire(requestId, '1 hour');
    await deleteExpiredIdempotencyRecords(database);
    const late = await create(alice, 'Activity', body, requestId);

    expect(first.status).toBe(201);
    expect(early.body.code).toBe(DUPLICATE_REQUEST);
    expect(late.body.code).toBe(DUPLICATE_VALUE);
    expect(await countWithKey('Activity', body.clientKey)).toBe(1);
  });
});
