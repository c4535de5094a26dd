import { beforeAll, describe, expect, it } from 'vitest';
import { request, signUp, userPointer, type Account } from '../../server/test/rest';

let alice: Account;
let friend: Account;
let stranger: Account;

/** Friendships are written by the server only, so the test creates one with the master key. */
async function befriend(a: Account, b: Account): Promise<void> {
  const { status } = await request('POST', '/parse/classes/Friendship', {
    masterKey: true,
    body: {
      from: userPointer(a.objectId),
      to: userPointer(b.objectId),
      status: 'accepted',
      ACL: { [a.objectId]: { read: true }, [b.objectId]: { read: true } },
    },
  });
  expect(status).toBe(201);
}

beforeAll(async () => {
  [alice, friend, stranger] = await Promise.all([signUp(), signUp(), signUp()]);
  await befriend(alice, friend);
});

const measured = (fields: Record<string, unknown> = {}) => ({
  measuredAt: { __type: 'Date', iso: new Date().toISOString() },
  waistCm: 84.5,
  hipsCm: 98,
  neckCm: 38,
  bodyFatPct: 21.4,
  ...fields,
});

function create(account: Account, body: Record<string, unknown>) {
  return request('POST', '/parse/classes/BodyMeasurement', { sessionToken: account.sessionToken, body });
}

describe('a body measurement', () => {
  it('is its owner’s alone: a friend, a stranger and an anonymous caller can neither read nor change it', async () => {
    const created = await create(alice, { ...measured(), user: userPointer(stranger.objectId) });
    expect(created.status).toBe(201);
    const path = `/parse/classes/BodyMeasurement/${String(created.body.objectId)}`;

    const attempts = await Promise.all([
      request('GET', path, { sessionToken: friend.sessionToken }),
      request('GET', path, { sessionToken: stranger.sessionToken }),
      request('GET', path),
      request('PUT', path, { sessionToken: friend.sessionToken, body: { waistCm: 70 } }),
      request('PUT', path, { sessionToken: stranger.sessionToken, body: { waistCm: 70 } }),
      request('PUT', path, { body: { waistCm: 70 } }),
      request('DELETE', path, { sessionToken: friend.sessionToken }),
      request('DELETE', path, { sessionToken: stranger.sessionToken }),
      request('DELETE', path),
    ]);
    expect(attempts.map(({ body }) => body.code)).toEqual([101, 101, 101, 101, 101, 101, 101, 101, 101]);

    const listed = await Promise.all(
      [friend, stranger].map((account) =>
        request('GET', '/parse/classes/BodyMeasurement', { sessionToken: account.sessionToken }),
      ),
    );
    expect(listed.map(({ body }) => body.results)).toEqual([[], []]);

    const own = await request('GET', path, { sessionToken: alice.sessionToken });
    expect(own.body).toMatchObject({ waistCm: 84.5, user: userPointer(alice.objectId) });
    expect(own.body.ACL).toEqual({ [alice.objectId]: { read: true, write: true } });
  });

  it.each([
    ['waistCm', 29],
    ['hipsCm', 301],
    ['chestCm', 'wide'],
    ['neckCm', 101],
    ['upperArmCm', 9],
    ['thighCm', 151],
    ['bodyFatPct', 80],
  ])('refuses %s = %s with 142 naming the field', async (field, value) => {
    const refused = await create(alice, measured({ [field]: value }));
    expect(refused.body.code).toBe(142);
    expect(String(refused.body.error)).toContain(field);
  });

  it('refuses a row without its date, or dated past tomorrow, naming measuredAt', async () => {
    const inTwoDays = { __type: 'Date', iso: new Date(Date.now() + 2 * 86_400_000).toISOString() };
    const [missing, future] = await Promise.all([
      create(alice, { waistCm: 80 }),
      create(alice, measured({ measuredAt: inTwoDays })),
    ]);
    expect([missing.body.code, future.body.code]).toEqual([142, 142]);
    expect(String(missing.body.error)).toContain('measuredAt');
    expect(String(future.body.error)).toContain('measuredAt');
  });

  it('is changed and deleted by its owner', async () => {
    const created = await create(alice, measured());
    const path = `/parse/classes/BodyMeasurement/${String(created.body.objectId)}`;
    const changed = await request('PUT', path, { sessionToken: alice.sessionToken, body: { waistCm: 82 } });
    expect(changed.status).toBe(200);
    const deleted = await request('DELETE', path, { sessionToken: alice.sessionToken });
    expect(deleted.status).toBe(200);
    const gone = await request('GET', path, { sessionToken: alice.sessionToken });
    expect(gone.body.code).toBe(101);
  });
});
