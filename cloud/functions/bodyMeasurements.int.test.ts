import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { request, signUp, userPointer, type Account } from '../../server/test/rest';

const DAY = 86_400_000;
const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString();

let other: Account;
let stranger: Account;

beforeAll(async () => {
  [other, stranger] = await Promise.all([signUp(), signUp()]);
});

async function call(account: Account | undefined, params: Record<string, unknown>) {
  return request('POST', '/parse/functions/importBodyMeasurements', {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    body: params,
  });
}

async function rowsOf(account: Account | undefined) {
  const { body } = await request('GET', '/parse/classes/BodyMeasurement?order=measuredAt', {
    ...(account ? { sessionToken: account.sessionToken } : {}),
  });
  return (body.results ?? []) as Record<string, unknown>[];
}

describe('importBodyMeasurements', () => {
  it('imports nothing when one row is malformed or empty, naming the row and the field', async () => {
    const owner = await signUp();
    const [tooWide, empty] = await Promise.all([
      call(owner, {
        rows: [
          { measuredAt: at(3), waistCm: 84 },
          { measuredAt: at(2), waistCm: 301 },
        ],
      }),
      call(owner, { rows: [{ measuredAt: at(1), waistCm: 84 }, { measuredAt: at(1) }] }),
    ]);

    expect([tooWide.body.code, empty.body.code]).toEqual([142, 142]);
    expect(String(tooWide.body.error)).toContain('row 2: waistCm');
    expect(String(empty.body.error)).toContain('row 2: at least one measurement is needed');
    expect(await rowsOf(owner)).toEqual([]);
  });

  it('checks with a dry run, then imports, skipping rows that repeat a saved one or an earlier row', async () => {
    const owner = await signUp();
    const [first, second] = [at(14), at(7)];
    const rows = [
      { measuredAt: first, waistCm: 86, neckCm: 38 },
      { measuredAt: second, waistCm: 85.5, bodyFatPct: 22.5 },
      { measuredAt: second, waistCm: 85.5 },
    ];

    const preview = await call(owner, { rows, dryRun: true });
    expect(preview.body.result).toEqual({ imported: 0, wouldImport: 2, duplicates: [3] });
    expect(await rowsOf(owner)).toEqual([]);

    const done = await call(owner, { rows });
    expect(done.body.result).toEqual({ imported: 2, wouldImport: 2, duplicates: [3] });
    const again = await call(owner, { rows: rows.slice(0, 1), dryRun: true });
    expect(again.body.result).toEqual({ imported: 0, wouldImport: 0, duplicates: [1] });

    const saved = await rowsOf(owner);
    expect(saved.map((row) => [row.waistCm, row.neckCm ?? null, row.bodyFatPct ?? null])).toEqual([
      [86, 38, null],
      [85.5, null, 22.5],
    ]);
    expect(saved[0]?.ACL).toEqual({ [owner.objectId]: { read: true, write: true } });
  });

  it('saves rows as the caller’s own whatever a row says, unreadable by another person, a stranger or anyone', async () => {
    const owner = await signUp();
    await call(owner, {
      rows: [{ measuredAt: at(1), thighCm: 56, user: userPointer(stranger.objectId), ACL: {} }],
    });
    const [mine] = await rowsOf(owner);
    const path = `/parse/classes/BodyMeasurement/${String(mine?.objectId)}`;

    expect(mine).toMatchObject({ thighCm: 56, user: userPointer(owner.objectId) });
    expect(await Promise.all([rowsOf(other), rowsOf(stranger)])).toEqual([[], []]);
    const reads = await Promise.all([
      request('GET', path, { sessionToken: other.sessionToken }),
      request('GET', path, { sessionToken: stranger.sessionToken }),
      request('GET', path),
    ]);
    expect(reads.map(({ body }) => body.code)).toEqual([101, 101, 101]);
  });

  it('refuses an anonymous caller, a missing row list and more rows than the limit', async () => {
    const owner = await signUp();
    const many = Array.from({ length: 2001 }, (_, index) => ({ measuredAt: at(index / 24), waistCm: 80 }));

    const [anonymous, missing, tooMany] = await Promise.all([
      call(undefined, { rows: [{ measuredAt: at(1), waistCm: 80 }] }),
      call(owner, {}),
      call(owner, { rows: many }),
    ]);

    expect(anonymous.body.code).toBe(209);
    expect(missing.body.code).toBe(142);
    expect(tooMany.body.code).toBe(142);
    expect(String(tooMany.body.error)).toContain('2000');
    expect(await rowsOf(owner)).toEqual([]);
  });
});

describe('a body measurement sent twice by the offline queue', () => {
  it('is saved once: its client key is unique per person', async () => {
    const owner = await signUp();
    const body = { measuredAt: { __type: 'Date', iso: at(1) }, waistCm: 84, clientKey: randomUUID() };
    const create = (account: Account) =>
      request('POST', '/parse/classes/BodyMeasurement', { sessionToken: account.sessionToken, body });

    const first = await create(owner);
    const repeated = await create(owner);
    const fromOther = await create(other);

    expect([first.status, repeated.body.code, fromOther.status]).toEqual([201, 137, 201]);
  });
});
