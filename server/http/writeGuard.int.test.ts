import { beforeAll, describe, expect, it } from 'vitest';
import { parseDate, request, settingsIdOf, signUp, type Account } from '../test/rest';

let alice: Account;

beforeAll(async () => {
  alice = await signUp();
});

const activity = (fields: Record<string, unknown>) => ({
  type: 'run',
  startedAt: parseDate(new Date()),
  durationMin: 30,
  ...fields,
});

async function write(method: string, path: string, body: unknown) {
  return request(method, path, { sessionToken: alice.sessionToken, body });
}

async function expectRefusal(
  answer: { status: number; body: { code?: number; error?: string } },
  field: string,
) {
  expect(answer.status).toBe(400);
  expect(answer.body.code).toBe(142);
  expect(answer.body.error).toContain(field);
  const health = await request('GET', '/healthz');
  expect(health.status).toBe(200);
}

describe('writes Parse cannot turn into objects', () => {
  it('refuses a Date without a valid iso with 142, and the server keeps running', async () => {
    const garbage = await write(
      'POST',
      '/parse/classes/Activity',
      activity({ startedAt: { __type: 'Date', iso: 'garbage' } }),
    );
    await expectRefusal(garbage, 'startedAt');
    const bare = await write('PUT', `/parse/classes/Settings/${await settingsIdOf(alice)}`, {
      weeklyRateKg: { __type: 'Date' },
    });
    await expectRefusal(bare, 'weeklyRateKg');
  });

  it('refuses a pointer without an id and a File without a URL in any field with 142', async () => {
    await expectRefusal(
      await write(
        'POST',
        '/parse/classes/Activity',
        activity({ notes: { __type: 'Pointer', className: '_User' } }),
      ),
      'notes',
    );
    await expectRefusal(
      await write('POST', '/parse/classes/Activity', activity({ notes: { __type: 'File', name: 'x.png' } })),
      'notes',
    );
  });

  it('refuses an ACL that is not a map of read and write flags with 142', async () => {
    await expectRefusal(await write('POST', '/parse/classes/Meal', { ACL: '', fatG: '' }), 'ACL');
    await expectRefusal(
      await write(
        'POST',
        '/parse/classes/Activity',
        activity({ ACL: { _wperm: { __op: 'Increment', amount: -12 } } }),
      ),
      'ACL',
    );
  });

  it('refuses operations a field cannot take, and an Increment without a number, with 142', async () => {
    const settings = `/parse/classes/Settings/${await settingsIdOf(alice)}`;
    await expectRefusal(
      await write('PUT', settings, { weekStartsOn: { __op: 'Add', objects: [] } }),
      'weekStartsOn',
    );
    await expectRefusal(
      await write('POST', '/parse/classes/Settings', { units: false, updatedAt: { __op: 'Increment' } }),
      'updatedAt',
    );
    await expectRefusal(
      await write('PUT', settings, { weekStartsOn: { __op: 'Increment', amount: '1' } }),
      'weekStartsOn',
    );
  });

  it('refuses a Delete of a field the class does not have with 142', async () => {
    const settings = `/parse/classes/Settings/${await settingsIdOf(alice)}`;
    await expectRefusal(await write('PUT', settings, { units: 'metric', A: { __op: 'Delete' } }), 'A');
  });

  it('refuses an operation that is no name, nested 10 000 levels deep, with 142', async () => {
    const answer = await request('POST', '/parse/classes/WeightEntry', {
      sessionToken: alice.sessionToken,
      raw: `{"weightKg":80,"user":{"__op":[${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}]}}`,
      headers: { 'Content-Type': 'application/json' },
    });
    await expectRefusal(answer, 'user');
  });

  it('still applies an Increment to a number field and a Delete to an optional one', async () => {
    const created = await write('POST', '/parse/classes/Activity', activity({ notes: 'Intervals' }));
    expect(created.status).toBe(201);
    const path = `/parse/classes/Activity/${String(created.body.objectId)}`;
    const changed = await write('PUT', path, {
      durationMin: { __op: 'Increment', amount: 5 },
      notes: { __op: 'Delete' },
    });
    expect(changed.status).toBe(200);
    const { body } = await request('GET', path, { sessionToken: alice.sessionToken });
    expect(body).toMatchObject({ durationMin: 35 });
    expect(body).not.toHaveProperty('notes');
  });

  it('refuses a dotted field name with 142', async () => {
    await expectRefusal(await write('POST', '/parse/classes/Food', { name: ' ', 'a.b': null }), 'a.b');
  });

  it('refuses a value nested 10 000 levels deep with 142', async () => {
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const answer = await request('POST', '/parse/classes/Activity', {
      sessionToken: alice.sessionToken,
      raw: `{"type":"run","durationMin":30,"updatedAt":${deep}}`,
      headers: { 'Content-Type': 'application/json' },
    });
    await expectRefusal(answer, 'updatedAt');
  });

  it('checks each write inside a batch', async () => {
    const answer = await write('POST', '/parse/batch', {
      requests: [
        {
          method: 'POST',
          path: '/parse/classes/Activity',
          body: activity({ startedAt: { __type: 'Date', iso: 'x' } }),
        },
      ],
    });
    await expectRefusal(answer, 'startedAt');
  });
});

describe('cloud function parameters Parse cannot decode', () => {
  const call = (raw: string) =>
    request('POST', '/parse/functions/activitySummary', {
      sessionToken: alice.sessionToken,
      raw,
      headers: { 'Content-Type': 'application/json' },
    });

  it('refuses a parameter nested 10 000 levels deep with 142', async () => {
    await expectRefusal(await call(`{"month":[${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}]}`), 'month');
  });

  it('passes a "__proto__" parameter holding a value typed "__proto__" on to the function', async () => {
    const { status, body } = await request('POST', '/parse/functions/copyMeals', {
      sessionToken: alice.sessionToken,
      raw: '{"__proto__":{"":{"__type":"__proto__"}}}',
      headers: { 'Content-Type': 'application/json' },
    });

    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 142, error: 'fromDate must be a day written YYYY-MM-DD.' });
  });

  it('refuses an operation or a malformed Date as a parameter with 142', async () => {
    await expectRefusal(await call('{"month":{"__op":"Increment"}}'), 'month');
    await expectRefusal(await call('{"date":{"__type":"Date","iso":"garbage"}}'), 'date');
  });

  it('answers a body that is JSON but not an object with 107 and a sentence', async () => {
    const { status, body } = await call('null');

    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 107, error: 'The request body is not valid JSON or is too large.' });
  });

  it('refuses an array nested 10 000 levels deep as the whole body with 107, as a write too', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const answer = await call(deep);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 107, error: 'The request body must be a JSON object.' });
    const write = await request('POST', '/parse/classes/Activity', {
      sessionToken: alice.sessionToken,
      raw: deep,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(write.body).toMatchObject({ code: 107, error: 'The request body must be a JSON object.' });
    expect((await request('GET', '/healthz')).status).toBe(200);
  });
});
