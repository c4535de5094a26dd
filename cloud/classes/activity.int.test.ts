import { beforeAll, describe, expect, it } from 'vitest';
import { parseDate, request, signUp, type Account } from '../../server/test/rest';

const HOUR = 3_600_000;

function activity(fields: Record<string, unknown> = {}) {
  return { type: 'run', startedAt: parseDate(new Date(Date.now() - HOUR)), durationMin: 30, ...fields };
}

let alice: Account;
let bob: Account;

beforeAll(async () => {
  alice = await signUp();
  bob = await signUp();
});

async function create(owner: Account, fields: Record<string, unknown> = {}): Promise<string> {
  const { status, body } = await request('POST', '/parse/classes/Activity', {
    sessionToken: owner.sessionToken,
    body: activity(fields),
  });
  expect(status).toBe(201);
  return String(body.objectId);
}

async function read(owner: Account, objectId: string) {
  return (await request('GET', `/parse/classes/Activity/${objectId}`, { sessionToken: owner.sessionToken }))
    .body;
}

describe('Activity limits', () => {
  it.each([
    ['startedAt', { startedAt: parseDate(new Date(Date.now() + 3 * 24 * HOUR)) }],
    ['durationMin', { durationMin: 1441 }],
    ['durationMin', { durationMin: 'long' }],
    ['distanceKm', { distanceKm: -1 }],
    ['distanceKm', { distanceKm: 1001 }],
    ['caloriesKcal', { caloriesKcal: 10_001 }],
    ['notes', { notes: 'x'.repeat(501) }],
    ['type', { type: '<script>' }],
  ])('refuses a bad %s with error 142 naming it', async (field, fields) => {
    const { status, body } = await request('POST', '/parse/classes/Activity', {
      sessionToken: alice.sessionToken,
      body: activity(fields),
    });

    expect(status).toBe(400);
    expect(body.code).toBe(142);
    expect(body.error).toContain(field);
  });

  it('refuses a field the contract does not have', async () => {
    const { status, body } = await request('POST', '/parse/classes/Activity', {
      sessionToken: alice.sessionToken,
      body: activity({ heartRate: 150 }),
    });

    expect(status).toBe(400);
    expect(body.code).toBe(119);
  });

  it('lets an anonymous caller neither read, list, change nor delete a workout', async () => {
    const objectId = await create(alice, { notes: 'mine' });
    const path = `/parse/classes/Activity/${objectId}`;

    const answers = await Promise.all([
      request('GET', path),
      request('GET', '/parse/classes/Activity'),
      request('PUT', path, { body: { notes: 'changed' } }),
      request('DELETE', path),
    ]);

    for (const answer of answers) expect(answer.status).not.toBe(200);
    expect((await read(alice, objectId)).notes).toBe('mine');
  });
});

describe('calorie estimate', () => {
  it('estimates calories from net MET × 70 kg × hours and flags them when none are given', async () => {
    const objectId = await create(alice, { type: 'run', durationMin: 30 });

    const row = await read(alice, objectId);
    expect(row.caloriesKcal).toBe(245);
    expect(row.caloriesEstimated).toBe(true);
  });

  it('uses the latest logged weight once there is one', async () => {
    const carol = await signUp();
    for (const [daysAgo, weightKg] of [
      [10, 100],
      [1, 80],
    ] as const) {
      const saved = await request('POST', '/parse/classes/WeightEntry', {
        sessionToken: carol.sessionToken,
        body: { measuredAt: parseDate(new Date(Date.now() - daysAgo * 24 * HOUR)), weightKg },
      });
      expect(saved.status).toBe(201);
    }

    const objectId = await create(carol, { type: 'walk', durationMin: 60 });

    // (3.5 − 1) × 80 kg × 1 h
    expect((await read(carol, objectId)).caloriesKcal).toBe(200);
  });

  it('follows every change of the latest weigh-in, even one the server had remembered', async () => {
    const dave = await signUp();
    const estimate = async () =>
      (await read(dave, await create(dave, { type: 'walk', durationMin: 60 }))).caloriesKcal;
    const weighIn = async (daysAgo: number, weightKg: number) => {
      const { status, body } = await request('POST', '/parse/classes/WeightEntry', {
        sessionToken: dave.sessionToken,
        body: { measuredAt: parseDate(new Date(Date.now() - daysAgo * 24 * HOUR)), weightKg },
      });
      expect(status).toBe(201);
      return `/parse/classes/WeightEntry/${String(body.objectId)}`;
    };
    const change = async (method: string, path: string, body?: unknown) => {
      expect((await request(method, path, { sessionToken: dave.sessionToken, body })).status).toBe(200);
    };

    // (3.5 − 1) × kg × 1 h, with the stated 70 kg until a weight is logged
    expect(await estimate()).toBe(175);
    const latest = await weighIn(1, 80);
    expect(await estimate()).toBe(200);
    await change('PUT', latest, { weightKg: 90 });
    expect(await estimate()).toBe(225);
    await weighIn(5, 60); // an older weigh-in leaves the latest as it is
    expect(await estimate()).toBe(225);
    await change('DELETE', latest);
    expect(await estimate()).toBe(150);
  });

  it('keeps calories typed by hand and clears a client-sent estimate flag', async () => {
    const objectId = await create(alice, { caloriesKcal: 500, caloriesEstimated: true });
    const path = `/parse/classes/Activity/${objectId}`;

    await request('PUT', path, { sessionToken: alice.sessionToken, body: { durationMin: 90 } });

    const row = await read(alice, objectId);
    expect(row.caloriesKcal).toBe(500);
    expect(row.caloriesEstimated).toBe(false);
  });

  it('estimates again when the duration or type of an estimated workout changes, and not otherwise', async () => {
    const objectId = await create(alice, { type: 'run', durationMin: 30 });
    const path = `/parse/classes/Activity/${objectId}`;

    await request('PUT', path, { sessionToken: alice.sessionToken, body: { notes: 'easy' } });
    expect((await read(alice, objectId)).caloriesKcal).toBe(245);
    await request('PUT', path, { sessionToken: alice.sessionToken, body: { durationMin: 60 } });
    expect((await read(alice, objectId)).caloriesKcal).toBe(490);
    await request('PUT', path, { sessionToken: alice.sessionToken, body: { type: 'yoga' } });
    const row = await read(alice, objectId);
    expect(row.caloriesKcal).toBe(105); // (2.5 − 1) × 70 × 1
    expect(row.caloriesEstimated).toBe(true);
  });

  it('estimates when the person clears calories they had typed', async () => {
    const objectId = await create(alice, { caloriesKcal: 999 });

    await request('PUT', `/parse/classes/Activity/${objectId}`, {
      sessionToken: alice.sessionToken,
      body: { caloriesKcal: { __op: 'Delete' } },
    });

    const row = await read(alice, objectId);
    expect(row.caloriesKcal).toBe(245);
    expect(row.caloriesEstimated).toBe(true);
  });

  it("never lets another user's weight into someone's estimate", async () => {
    await request('POST', '/parse/classes/WeightEntry', {
      sessionToken: bob.sessionToken,
      body: { measuredAt: parseDate(new Date()), weightKg: 150 },
    });

    const objectId = await create(alice, { type: 'run', durationMin: 30 });

    expect((await read(alice, objectId)).caloriesKcal).toBe(245);
  });
});
