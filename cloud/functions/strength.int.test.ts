import { beforeAll, describe, expect, it } from 'vitest';
import { request, signUp, type Account } from '../../server/test/rest';
import type { ExerciseRow } from './strength';

let alice: Account;
let bob: Account;

beforeAll(async () => {
  alice = await signUp();
  bob = await signUp();
  for (const [owner, name] of [
    [alice, 'Zercher squat'],
    [bob, 'Zercher carry secret'],
  ] as const) {
    const created = await request('POST', '/parse/classes/Exercise', {
      sessionToken: owner.sessionToken,
      body: {
        name,
        category: 'barbell',
        primaryMuscles: ['quadriceps'],
        equipment: 'barbell',
        measure: 'weight_reps',
      },
    });
    expect(created.status).toBe(201);
  }
});

async function search(account: Account | undefined, params: Record<string, unknown>) {
  return request('POST', '/parse/functions/searchExercises', {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    body: params,
  });
}

const found = async (account: Account, params: Record<string, unknown>) => {
  const { status, body } = await search(account, params);
  expect(status).toBe(200);
  return body.result as ExerciseRow[];
};

describe('searchExercises', () => {
  it('finds exercises whose name words begin with every word typed, the likeliest first', async () => {
    const rows = await found(alice, { query: 'bench pr' });

    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]?.name).toMatch(/bench press/i);
    for (const row of rows) {
      expect(row.name).toMatch(/\bbench/i);
      expect(row.name).toMatch(/\bpr/i);
    }
  });

  it('filters by muscle, primary or secondary, and by equipment', async () => {
    const calves = await found(alice, { muscle: 'calves', limit: 25 });
    const kettlebell = await found(alice, { query: 'swing', equipment: 'kettlebell' });

    expect(calves.length).toBeGreaterThan(2);
    for (const row of calves) expect([...row.primaryMuscles, ...row.secondaryMuscles]).toContain('calves');
    expect(kettlebell.length).toBeGreaterThan(0);
    for (const row of kettlebell) expect(row.equipment).toBe('kettlebell');
  });

  it("includes the person's own exercises and never another's", async () => {
    const rows = await found(alice, { query: 'zercher' });

    expect(rows.map((row) => [row.name, row.custom])).toEqual([['Zercher squat', true]]);
  });

  it('refuses an anonymous caller', async () => {
    const { body } = await search(undefined, { query: 'squat' });

    expect(body.result).toBeUndefined();
    expect(body.code).toBe(209);
  });

  it.each([
    ['query', { query: 'x'.repeat(61) }],
    ['query', { query: 5 }],
    ['muscle', { muscle: 'wings' }],
    ['equipment', { equipment: 'x'.repeat(41) }],
    ['limit', { limit: 26 }],
  ])('refuses a bad %s with 142 naming it', async (field, params) => {
    const { status, body } = await search(alice, params);

    expect(status).toBe(400);
    expect(body.code).toBe(142);
    expect(body.error).toContain(field);
  });
});
