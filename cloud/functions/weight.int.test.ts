import { beforeAll, describe, expect, it } from 'vitest';
import {
  parseDate,
  request,
  settingsIdOf,
  signUp,
  updateSettings,
  type Account,
} from '../../server/test/rest';

const DAY = 86_400_000;

interface Summary {
  weightUnit: string;
  points: { date: string; weightKg: number; trendKg: number }[];
  trendKg: number | null;
  weeklyRateKg: number | null;
  forecast: { kind: string } | null;
  bmi: { value: number; label: string } | null;
  entries: { id: string; weightKg: number }[];
  pageCount: number;
}

async function call(name: string, account: Account | undefined, params: Record<string, unknown>) {
  return request('POST', `/parse/functions/${name}`, {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    body: params,
  });
}

async function weighIn(
  owner: Account,
  daysAgo: number,
  weightKg: number,
  fields: Record<string, unknown> = {},
) {
  return request('POST', '/parse/classes/WeightEntry', {
    sessionToken: owner.sessionToken,
    body: { measuredAt: parseDate(new Date(Date.now() - daysAgo * DAY)), weightKg, ...fields },
  });
}

let alice: Account;
let bob: Account;

beforeAll(async () => {
  alice = await signUp();
  bob = await signUp();
  for (let day = 40; day >= 0; day -= 2)
    expect((await weighIn(alice, day, 90 - (40 - day) * 0.05)).status).toBe(201);
  expect((await weighIn(bob, 1, 140)).status).toBe(201);
  await updateSettings(alice, { goalWeightKg: 80, heightCm: 180 });
});

describe('WeightEntry limits', () => {
  it.each([
    ['weightKg', { weightKg: 19.9 }],
    ['weightKg', { weightKg: 501 }],
    ['bodyFatPct', { bodyFatPct: 1 }],
    ['bodyFatPct', { bodyFatPct: 76 }],
    ['note', { note: 'x'.repeat(201) }],
  ])('refuses a bad %s with error 142 naming it', async (field, fields) => {
    const { body } = await weighIn(alice, 0, 80, fields);

    expect(body.code).toBe(142);
    expect(body.error).toContain(field);
  });

  it('refuses a weigh-in more than a day in the future', async () => {
    const { body } = await weighIn(alice, -3, 80);

    expect(body.code).toBe(142);
    expect(body.error).toContain('measuredAt');
  });

  it("lets neither another user nor an anonymous caller read, change or delete someone's weigh-in", async () => {
    const { body: created } = await weighIn(alice, 0, 88.8);
    const path = `/parse/classes/WeightEntry/${String(created.objectId)}`;

    const attempts = await Promise.all([
      request('GET', path, { sessionToken: bob.sessionToken }),
      request('PUT', path, { sessionToken: bob.sessionToken, body: { weightKg: 50 } }),
      request('DELETE', path, { sessionToken: bob.sessionToken }),
      request('GET', path),
      request('PUT', path, { body: { weightKg: 50 } }),
      request('DELETE', path),
    ]);

    for (const attempt of attempts) expect(attempt.status).not.toBe(200);
    const own = await request('GET', path, { sessionToken: alice.sessionToken });
    expect(own.body.weightKg).toBe(88.8);
  });
});

describe('Settings', () => {
  it('refuses a second Settings row for the same person', async () => {
    const { body } = await request('POST', '/parse/classes/Settings', {
      sessionToken: alice.sessionToken,
      body: { heightCm: 170 },
    });

    expect(body.code).toBe(137);
  });

  it('refuses a time zone that does not exist, naming timezone', async () => {
    const carol = await signUp();
    const settingsId = await settingsIdOf(carol);
    const { body } = await request('PUT', `/parse/classes/Settings/${settingsId}`, {
      sessionToken: carol.sessionToken,
      body: { timezone: 'Mars/Olympus' },
    });

    expect(body.code).toBe(142);
    expect(body.error).toContain('timezone');
  });
});

describe('weightSummary', () => {
  it('gives the trend, a falling weekly rate, a forecast toward the goal and BMI from settings', async () => {
    const { status, body } = await call('weightSummary', alice, { range: '1m', timeZone: 'UTC' });
    const summary = body.result as Summary;

    expect(status).toBe(200);
    expect(summary.points.length).toBeGreaterThanOrEqual(15);
    expect(summary.points.length).toBeLessThanOrEqual(16);
    expect(summary.trendKg).toBeGreaterThan(88);
    expect(summary.weeklyRateKg).toBeLessThan(0);
    expect(summary.forecast?.kind).toBe('date');
    expect(summary.bmi?.label).toBe('Overweight');
    expect(summary.entries).toHaveLength(20);
    expect(summary.pageCount).toBe(2);
  });

  it("never includes another person's weigh-ins", async () => {
    const { body } = await call('weightSummary', bob, { range: 'all' });
    const summary = body.result as Summary;

    expect(summary.points.map((point) => point.weightKg)).toEqual([140]);
    expect(summary.entries).toHaveLength(1);
    expect(summary.bmi).toBeNull();
  });

  it.each([
    ['range', { range: '2w' }],
    ['page', { page: -1 }],
    ['timeZone', { timeZone: 'Nowhere/City' }],
  ])('refuses a bad %s with error 142', async (field, params) => {
    const { body } = await call('weightSummary', alice, params);

    expect(body.code).toBe(142);
    expect(body.error).toContain(field);
  });

  it('refuses an anonymous caller', async () => {
    expect((await call('weightSummary', undefined, {})).body.code).toBe(209);
  });
});

describe('importWeightEntries', () => {
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString();

  it('imports nothing when one row is malformed, and names the row', async () => {
    const dave = await signUp();
    const { body } = await call('importWeightEntries', dave, {
      rows: [
        { measuredAt: at(3), weightKg: 80 },
        { measuredAt: at(2), weightKg: 5 },
        { measuredAt: at(1), weightKg: 79 },
      ],
    });
    const after = await call('weightSummary', dave, { range: 'all' });

    expect(body.code).toBe(142);
    expect(body.error).toContain('row 2');
    expect((after.body.result as Summary).entries).toHaveLength(0);
  });

  it('skips rows that repeat a saved weigh-in or an earlier row, and says which', async () => {
    const erin = await signUp();
    // Each moment taken once: two readings of the clock can fall in different milliseconds.
    const [time, later] = [at(5), at(4)];
    await call('importWeightEntries', erin, { rows: [{ measuredAt: time, weightKg: 70 }] });

    const preview = await call('importWeightEntries', erin, {
      dryRun: true,
      rows: [
        { measuredAt: time, weightKg: 70 },
        { measuredAt: later, weightKg: 69.5 },
        { measuredAt: later, weightKg: 69.5 },
      ],
    });
    expect(preview.body.result).toEqual({ imported: 0, wouldImport: 1, duplicates: [1, 3] });

    const done = await call('importWeightEntries', erin, {
      rows: [
        { measuredAt: time, weightKg: 70 },
        { measuredAt: later, weightKg: 69.5 },
      ],
    });
    expect(done.body.result).toEqual({ imported: 1, wouldImport: 1, duplicates: [1] });

    // The same minute is the same weigh-in, whatever the second or the rounding of the weight.
    const sameMinute = new Date(Math.floor(Date.parse(time) / 60_000) * 60_000 + 59_000).toISOString();
    const again = await call('importWeightEntries', erin, {
      dryRun: true,
      rows: [{ measuredAt: sameMinute, weightKg: 70.04 }],
    });
    expect(again.body.result).toEqual({ imported: 0, wouldImport: 0, duplicates: [1] });
    const after = await call('weightSummary', erin, { range: 'all' });
    expect((after.body.result as Summary).entries.map((entry) => entry.weightKg)).toEqual([69.5, 70]);
  });

  it('saves imported rows as the caller’s own, unreadable by others', async () => {
    const frank = await signUp();
    await call('importWeightEntries', frank, { rows: [{ measuredAt: at(1), weightKg: 77 }] });
    const mine = (await call('weightSummary', frank, { range: 'all' })).body.result as Summary;
    const id = mine.entries[0]?.id ?? '';

    const asBob = await request('GET', `/parse/classes/WeightEntry/${id}`, {
      sessionToken: bob.sessionToken,
    });

    expect(asBob.body.code).toBe(101);
  });

  it('refuses an anonymous caller and a missing row list', async () => {
    expect((await call('importWeightEntries', undefined, { rows: [] })).body.code).toBe(209);
    expect((await call('importWeightEntries', alice, {})).body.code).toBe(142);
  });

  it('refuses a weigh-in before 1900 with 142 instead of failing in the database', async () => {
    const { status, body } = await call('importWeightEntries', alice, {
      rows: [{ measuredAt: '-004714-11-23T00:00:00Z', weightKg: 80 }],
    });

    expect(status).toBe(400);
    expect(body.code).toBe(142);
    expect(body.error).toContain('row 1: measuredAt cannot be before 1900.');
  });

  it('refuses a note holding a NUL character with 142 instead of failing in the database', async () => {
    const { status, body } = await call('importWeightEntries', alice, {
      rows: [{ measuredAt: '2020-01-01T00:00:00Z', weightKg: 80, note: 'a\u0000b' }],
    });

    expect(status).toBe(400);
    expect(body.code).toBe(142);
    expect(body.error).toContain('row 1: note contains characters that are not allowed.');
  });
});
