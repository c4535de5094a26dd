import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_REQUEST_ID_LENGTH } from './idempotency';
import { parseDate, request, signUp, type Account } from '../test/rest';

const DUPLICATE_REQUEST = 159;
const VALIDATION_ERROR = 142;

function activity(notes: string) {
  return { type: 'run', startedAt: parseDate(new Date()), durationMin: 30, notes };
}

const sent = (account: Account | undefined, requestId: string) => ({
  ...(account ? { sessionToken: account.sessionToken } : {}),
  headers: { 'X-Parse-Request-Id': requestId },
});

async function notesOf(account: Account): Promise<string[]> {
  const { body } = await request('GET', '/parse/classes/Activity?order=createdAt', {
    sessionToken: account.sessionToken,
  });
  return (body.results as { notes?: string }[]).map((row) => row.notes ?? '');
}

describe('X-Parse-Request-Id', () => {
  it('refuses the second create with the same id with code 159 and saves one row', async () => {
    const frank = await signUp();
    const requestId = randomUUID();
    const send = () =>
      request('POST', '/parse/classes/Activity', { ...sent(frank, requestId), body: activity('retried') });

    const first = await send();
    const second = await send();

    expect(first.status).toBe(201);
    expect(second.status).toBe(400);
    expect(second.body).toEqual({ code: DUPLICATE_REQUEST, error: 'Duplicate request' });
    expect(await notesOf(frank)).toEqual(['retried']);
  });

  it('refuses a repeated update, sent as a PUT or as a POST naming PUT, and keeps the first', async () => {
    const grace = await signUp();
    const created = await request('POST', '/parse/classes/Activity', {
      sessionToken: grace.sessionToken,
      body: activity('created'),
    });
    const path = `/parse/classes/Activity/${String(created.body.objectId)}`;
    const requestId = randomUUID();

    const first = await request('PUT', path, { ...sent(grace, requestId), body: { notes: 'first' } });
    const again = await request('PUT', path, { ...sent(grace, requestId), body: { notes: 'second' } });
    const named = await request('POST', path, {
      ...sent(grace, requestId),
      body: { _method: 'PUT', notes: 'third' },
    });

    expect(first.status).toBe(200);
    expect(again.body.code).toBe(DUPLICATE_REQUEST);
    expect(named.body.code).toBe(DUPLICATE_REQUEST);
    expect(await notesOf(grace)).toEqual(['first']);
  });

  it('refuses a repeated cloud function call and imports its rows once', async () => {
    const heidi = await signUp();
    const requestId = randomUUID();
    const rows = [{ measuredAt: new Date(Date.now() - 60_000).toISOString(), weightKg: 71.5 }];
    const importRows = () =>
      request('POST', '/parse/functions/importWeightEntries', { ...sent(heidi, requestId), body: { rows } });

    const first = await importRows();
    const second = await importRows();
    const count = await request('GET', '/parse/classes/WeightEntry?count=1&limit=0', {
      sessionToken: heidi.sessionToken,
    });

    expect(first.body.result).toMatchObject({ imported: 1 });
    expect(second.body.code).toBe(DUPLICATE_REQUEST);
    expect(count.body.count).toBe(1);
  });

  it('lets a query sent as a POST naming GET repeat its id: only writes are refused', async () => {
    const ivan = await signUp();
    const requestId = randomUUID();
    const search = () =>
      request('POST', '/parse/classes/Activity', {
        ...sent(ivan, requestId),
        body: { _method: 'GET', limit: 1 },
      });

    const answers = [await search(), await search()];

    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
  });

  it("refuses another person's and an anonymous caller's write with an id already used, saving nothing", async () => {
    const judy = await signUp();
    const mallory = await signUp();
    const requestId = randomUUID();

    const own = await request('POST', '/parse/classes/Activity', {
      ...sent(judy, requestId),
      body: activity('mine'),
    });
    const stranger = await request('POST', '/parse/classes/Activity', {
      ...sent(mallory, requestId),
      body: activity('theirs'),
    });
    const anonymous = await request('POST', '/parse/classes/Activity', {
      ...sent(undefined, requestId),
      body: activity('nobody'),
    });

    expect(own.status).toBe(201);
    expect(stranger.body.code).toBe(DUPLICATE_REQUEST);
    expect(anonymous.body.code).toBe(DUPLICATE_REQUEST);
    expect(await notesOf(judy)).toEqual(['mine']);
    expect(await notesOf(mallory)).toEqual([]);
  });

  it('refuses an id too long to be one, naming the header, and saves nothing', async () => {
    const kate = await signUp();
    const { status, body } = await request('POST', '/parse/classes/Activity', {
      ...sent(kate, 'x'.repeat(MAX_REQUEST_ID_LENGTH + 1)),
      body: activity('long id'),
    });

    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: VALIDATION_ERROR,
      error: `X-Parse-Request-Id must be at most ${MAX_REQUEST_ID_LENGTH} characters.`,
      messageId: 'server.idempotency.requestIdTooLong',
    });
    expect(await notesOf(kate)).toEqual([]);
  });
});
