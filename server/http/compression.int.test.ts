import { beforeAll, describe, expect, it } from 'vitest';
import { parseDate, request, signUp, type Account } from '../test/rest';

const GZIP = { 'Accept-Encoding': 'gzip' };
const MEALS = 24;

function meal(index: number) {
  return {
    eatenAt: parseDate(new Date(Date.UTC(2026, 10, 1, 12, index))),
    mealType: 'lunch',
    name: `Lentil soup with bread, bowl ${index}`,
    caloriesKcal: 320 + index,
  };
}

let alice: Account;

/** MEALS meals of alice's in one /batch request, numbered from `first`. */
function logMeals(first: number) {
  return request('POST', '/parse/batch', {
    sessionToken: alice.sessionToken,
    headers: GZIP,
    body: {
      requests: Array.from({ length: MEALS }, (_unused, index) => ({
        method: 'POST',
        path: '/parse/classes/Meal',
        body: meal(first + index),
      })),
    },
  });
}

beforeAll(async () => {
  alice = await signUp();
  expect((await logMeals(0)).status).toBe(200);
});

describe('compression of API answers', () => {
  it('compresses a query that the SDK sends as a POST naming GET', async () => {
    const query = await request('POST', '/parse/classes/Meal', {
      sessionToken: alice.sessionToken,
      headers: GZIP,
      body: { _method: 'GET', limit: 100 },
    });
    expect(query.status).toBe(200);
    expect(query.body.results).toHaveLength(MEALS);
    expect(query.headers.get('content-encoding')).toBe('gzip');
  });

  it('compresses a GET query', async () => {
    const query = await request('GET', '/parse/classes/Meal?limit=100', {
      sessionToken: alice.sessionToken,
      headers: GZIP,
    });
    expect(query.body.results).toHaveLength(MEALS);
    expect(query.headers.get('content-encoding')).toBe('gzip');
  });

  it('leaves the answer of a write alone, even a long one (a batch of creates)', async () => {
    const again = await logMeals(MEALS);
    expect(again.status).toBe(200);
    expect(again.text.length).toBeGreaterThan(2048);
    expect(again.headers.get('content-encoding')).toBeNull();
  });

  it('compresses what is not the API', async () => {
    const answer = await request('GET', '/config.json', { headers: GZIP });
    expect(answer.status).toBe(200);
    // Too short to be worth compressing, but negotiated: a cache keeps one copy per encoding.
    expect(answer.headers.get('vary') ?? '').toMatch(/Accept-Encoding/i);
  });
});
