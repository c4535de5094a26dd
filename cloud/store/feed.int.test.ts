import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../database';
import { parseDate, request, signUp, type Account } from '../../server/test/rest';
import { storeHarness } from '../../server/test/store';
import type * as feedStore from './feed';
import type * as sharingStore from './sharing';

let store: typeof feedStore;
let sharing: typeof sharingStore;
let sql: SqlClient;
let close: () => Promise<void>;
let me: Account;
/** Everyone the matrix test reads the feed as. */
let viewers: Record<string, Account>;
const made: Record<string, string> = {};

async function call(name: string, account: Account, params: Record<string, unknown>) {
  const { status, body } = await request('POST', `/parse/functions/${name}`, {
    sessionToken: account.sessionToken,
    body: params,
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.result as Record<string, unknown>;
}

async function befriend(a: Account, b: Account): Promise<void> {
  await call('sendFriendRequest', a, { username: b.username });
  await call('sendFriendRequest', b, { username: a.username });
}

const HOUR = 3_600_000;
const base = Date.now() - 1000 * HOUR;

async function workout(owner: Account, name: string, hour: number, fields: Record<string, unknown> = {}) {
  const { status, body } = await request('POST', '/parse/classes/Activity', {
    sessionToken: owner.sessionToken,
    body: {
      type: 'cycle',
      startedAt: parseDate(new Date(base + hour * HOUR)),
      durationMin: 40 + hour,
      distanceKm: hour % 2 === 0 ? 12.5 : undefined,
      movingTimeS: 2000,
      visibility: 'friends',
      ...fields,
    },
  });
  expect(status).toBe(201);
  made[name] = String(body.objectId);
}

async function master(path: string, body: Record<string, unknown>) {
  expect((await request('PUT', path, { masterKey: true, body })).status).toBe(200);
}

beforeAll(async () => {
  let modules: [typeof feedStore, typeof sharingStore];
  ({
    store: modules,
    sql,
    close,
  } = await storeHarness(() => Promise.all([import('./feed'), import('./sharing')])));
  [store, sharing] = modules;
  const [ada, ben, cai, dan, eve, fay] = await Promise.all([
    signUp(),
    signUp(),
    signUp(),
    signUp(),
    signUp(),
    signUp(),
  ]);
  me = ada;
  viewers = { ada, ben, cai, dan, eve, fay };
  // Ben and Cai are friends; Dan is blocked by me after befriending; Eve is suspended; Fay is a stranger.
  await befriend(me, ben);
  await befriend(cai, me);
  await befriend(me, dan);
  await befriend(me, eve);
  await befriend(ben, cai);
  await befriend(ben, dan);
  for (let hour = 0; hour < 6; hour += 1) await workout(ben, `ben${hour}`, hour * 2);
  await workout(cai, 'cai', 3, { commentsOff: true, elevationGainM: 120 });
  await workout(cai, 'caiPrivate', 4, { visibility: 'private' });
  await workout(cai, 'caiHidden', 5);
  await master(`/parse/classes/Activity/${made.caiHidden}`, { moderationHidden: true });
  await workout(dan, 'dan', 6);
  await workout(eve, 'eve', 7);
  await workout(fay, 'fay', 8);
  await call('giveKudos', cai, { activityId: made.ben2 });
  await call('giveKudos', me, { activityId: made.ben2 });
  await call('addComment', cai, { activityId: made.ben2, text: 'Great' });
  await call('addComment', dan, { activityId: made.ben2, text: 'From Dan' });
  const hidden = await call('addComment', cai, { activityId: made.ben2, text: 'Hidden' });
  await master(`/parse/classes/Comment/${String(hidden.commentId)}`, { moderationHidden: true });
  await call('blockUser', me, { userId: dan.objectId });
  await master(`/parse/users/${eve.objectId}`, {
    suspendedUntil: parseDate(new Date(Date.now() + 86_400_000)),
  });
});

afterAll(async () => {
  await close();
});

describe('the feed store answers the same through SQL and through Parse queries', () => {
  it('feedRows: friends’ shared workouts newest first with their counts, never private, hidden, blocked or suspended', async () => {
    const now = new Date();
    for (const [before, limit] of [
      [new Date('3000-01-01'), 50],
      [new Date('3000-01-01'), 3],
      [new Date(base + 6 * HOUR), 4],
      [new Date(base), 10],
    ] as const) {
      const query = { viewerId: me.objectId, before, limit, now };
      const [bySql, byQueries] = await Promise.all([
        store.feedRows.bySql(sql, query),
        store.feedRows.byQueries(query),
      ]);
      expect(byQueries).toEqual(bySql);
    }
    const all = await store.feedRows.bySql(sql, {
      viewerId: me.objectId,
      before: new Date('3000-01-01'),
      limit: 50,
      now,
    });
    expect(all.map((row) => row.activityId)).toEqual(
      ['ben5', 'ben4', 'ben3', 'ben2', 'cai', 'ben1', 'ben0'].map((name) => made[name]),
    );
    expect(all.find((row) => row.activityId === made.ben2)).toMatchObject({
      kudosCount: 2,
      kudosGiven: true,
      // Dan's is by someone blocked, the third hidden by a moderator.
      commentCount: 1,
      distanceKm: 12.5,
      movingTimeS: 2000,
      elevationGainM: null,
      commentsOff: false,
    });
    expect(all.find((row) => row.activityId === made.cai)).toMatchObject({
      commentsOff: true,
      elevationGainM: 120,
      distanceKm: null,
      kudosCount: 0,
      kudosGiven: false,
    });
  });
});

describe('the feed and the sharing rule agree', () => {
  it('lists exactly the others’ workouts that mayView lets each viewer see', async () => {
    const now = new Date();
    const seen: number[] = [];
    for (const [name, viewer] of Object.entries(viewers)) {
      const rows = await store.feedRows.bySql(sql, {
        viewerId: viewer.objectId,
        before: new Date('3000-01-01'),
        limit: 50,
        now,
      });
      const listed = new Set(rows.map((row) => row.activityId));
      const allowed = new Set<string>();
      for (const id of Object.values(made)) {
        const activity = await sharing.viewableActivity(viewer.objectId, id);
        if (activity && activity.get('user').id !== viewer.objectId) allowed.add(id);
      }
      expect([...listed].sort(), name).toEqual([...allowed].sort());
      seen.push(listed.size);
    }
    // Not a matrix of empty feeds: Ada sees Ben's six and Cai's one, Ben sees Cai's and Dan's.
    expect(seen.slice(0, 2)).toEqual([7, 2]);
  });
});
