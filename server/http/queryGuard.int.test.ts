import { beforeAll, describe, expect, it } from 'vitest';
import { request, signUp, type Account, type RestResponse } from '../test/rest';

let reader: Account;

beforeAll(async () => {
  reader = await signUp();
});

const ids = (count: number) => Array.from({ length: count }, (_, index) => `id${index}`);

/** A find as the SDK sends it: a POST that names GET in its body. */
const find = (path: string, params: Record<string, unknown>, headers: Record<string, string> = {}) =>
  request('POST', `/parse${path}`, {
    sessionToken: reader.sessionToken,
    body: { _method: 'GET', ...params },
    headers,
  });

/** A refusal: 400 with Parse's code for an invalid query and a sentence naming what was too large. */
function expectRefused(answer: RestResponse, sentence: RegExp): void {
  expect(answer.status).toBe(400);
  expect(answer.body.code).toBe(102);
  expect(answer.body.error).toMatch(sentence);
}

describe('hostile queries', () => {
  it('refuses a 200 000-value $in, $nin or $all with 400 and a sentence', async () => {
    expectRefused(
      await find('/classes/Activity', { where: { objectId: { $in: ids(200_000) } } }),
      /objectId\.\$in holds more than 1000 values/,
    );
    expectRefused(
      await find('/classes/Activity', { where: { objectId: { $nin: ids(200_000) } } }),
      /objectId\.\$nin holds more than 1000 values/,
    );
    expectRefused(
      await find('/classes/Activity', { where: { exercises: { $all: ids(200_000) } } }),
      /exercises\.\$all holds more than 1000 values/,
    );
  });

  it('refuses a huge list in a count, in /users, /roles, /sessions and /installations, and inside a batch', async () => {
    const where = { objectId: { $in: ids(200_000) } };
    for (const path of ['/users', '/roles', '/sessions', '/installations']) {
      expectRefused(await find(path, { where }), /holds more than 1000 values/);
    }
    expectRefused(
      await find('/classes/Activity', { where, count: 1, limit: 0 }),
      /holds more than 1000 values/,
    );
    expectRefused(
      await request('POST', '/parse/batch', {
        sessionToken: reader.sessionToken,
        body: { requests: [{ method: 'GET', path: '/parse/classes/Activity', body: { where } }] },
      }),
      /holds more than 1000 values/,
    );
  });

  it('refuses a $or 100 000 branches wide, and many lists that are each short enough', async () => {
    expectRefused(
      await find('/classes/Activity', { where: { $or: ids(100_000).map((objectId) => ({ objectId })) } }),
      /\$or holds more than 1000 values/,
    );
    const lists = Object.fromEntries(ids(5).map((field) => [field, { $in: ids(1000) }]));
    expectRefused(await find('/classes/Activity', { where: lists }), /query holds more than 2000 values/);
  });

  it('refuses a where nested 5 000 levels deep, in an object or in a list', async () => {
    const send = (text: string) =>
      request('POST', '/parse/classes/Activity', {
        sessionToken: reader.sessionToken,
        raw: text,
        headers: { 'Content-Type': 'application/json' },
      });

    expectRefused(
      await send(`{"_method":"GET","where":{"notes":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}}`),
      /nested more than 20 levels/,
    );
    expectRefused(
      await send(`{"_method":"GET","where":{"notes":{"$in":${'['.repeat(5000)}1${']'.repeat(5000)}}}}`),
      /nested more than 20 levels/,
    );
  });

  it('refuses 100 000 names in keys, excludeKeys, include or order', async () => {
    for (const parameter of ['keys', 'excludeKeys', 'include', 'order']) {
      expectRefused(
        await find('/classes/Activity', { [parameter]: ids(100_000).join(',') }),
        new RegExp(`more than 50 fields in ${parameter}`),
      );
    }
    const keys = encodeURIComponent(ids(51).join(','));
    expectRefused(
      await request('GET', `/parse/classes/Activity?keys=${keys}`, { sessionToken: reader.sessionToken }),
      /more than 50 fields in keys/,
    );
  });

  it('refuses a string of 100 000 characters, as a value or as a field name, and a where sent as text', async () => {
    expectRefused(
      await find('/classes/Activity', { where: { notes: 'x'.repeat(100_000) } }),
      /longer than 1000 characters/,
    );
    expectRefused(
      await find('/classes/Activity', { where: { ['k'.repeat(100_000)]: 1 } }),
      /longer than 1000 characters/,
    );
    expectRefused(
      await find('/classes/Activity', { where: JSON.stringify({ objectId: { $in: ids(200_000) } }) }),
      /holds more than 1000 values/,
    );
  });

  it('refuses a date in $ne, $in or $nin, which Parse answered with 500, and takes it in $gte', async () => {
    const date = { __type: 'Date', iso: new Date().toISOString() };

    for (const where of [
      { startedAt: { $ne: date } },
      { startedAt: { $in: [date] } },
      { $or: [{ createdAt: { $nin: [date] } }] },
    ]) {
      expectRefused(await find('/classes/Activity', { where }), /cannot hold a date: ask with \$gt/);
    }
    expect((await find('/classes/Activity', { where: { startedAt: { $gte: date } } })).status).toBe(200);
  });

  it('says what was too large in the language the request asks for', async () => {
    const answer = await find(
      '/classes/Activity',
      { where: { objectId: { $in: ids(2000) } } },
      { 'Accept-Language': 'de' },
    );

    expectRefused(answer, /objectId\.\$in/);
    expect(answer.body.error).not.toMatch(/holds more than/);
  });

  it('answers the largest query it accepts', async () => {
    const where = {
      objectId: { $in: ids(1000) },
      notes: { $nin: ids(900) },
      user: { $exists: true },
    };
    const answer = await find('/classes/Activity', {
      where,
      keys: Array.from({ length: 50 }, (_, index) => (index % 2 ? 'notes' : 'durationMin')).join(','),
    });

    expect(answer.status).toBe(200);
    expect(answer.body.results).toEqual([]);
  });
});
