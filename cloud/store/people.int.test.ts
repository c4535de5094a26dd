import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../database';
import { request, signUp, uniqueName, type Account } from '../../server/test/rest';
import { storeHarness } from '../../server/test/store';
import type * as peopleStore from './people';

let store: typeof peopleStore;
let sql: SqlClient;
let close: () => Promise<void>;
let ada: Account;
let ben: Account;
let cai: Account;
let dan: Account;

async function call(name: string, account: Account, params: Record<string, unknown>) {
  const { status, body } = await request('POST', `/parse/functions/${name}`, {
    sessionToken: account.sessionToken,
    body: params,
  });
  expect(status).toBe(200);
  return body.result;
}

beforeAll(async () => {
  ({ store, sql, close } = await storeHarness(() => import('./people')));
  [ada, ben, cai, dan] = await Promise.all([signUp(), signUp(), signUp(), signUp()]);
  // Ada asked Ben, who asked back: friends. Cai asked Ada, who accepted. Ada asked Dan: pending.
  await call('sendFriendRequest', ada, { username: ben.username });
  await call('sendFriendRequest', ben, { username: ada.username });
  await call('sendFriendRequest', cai, { username: ada.username });
  const { incoming } = (await call('listFriendships', ada, {})) as { incoming: { friendshipId: string }[] };
  for (const { friendshipId } of incoming)
    await call('respondFriendRequest', ada, { friendshipId, accept: true });
  await call('sendFriendRequest', ada, { username: dan.username });
});

afterAll(async () => {
  await close();
});

describe('the people store answers the same through SQL and through Parse queries', () => {
  it('friendIdsOf: accepted friends whichever of the two asked, never a pending request', async () => {
    for (const person of [ada, ben, cai, dan]) {
      const [bySql, byQueries] = await Promise.all([
        store.friendIdsOf.bySql(sql, person.objectId),
        store.friendIdsOf.byQueries(person.objectId),
      ]);
      expect([...byQueries].sort()).toEqual([...bySql].sort());
    }
    expect((await store.friendIdsOf.bySql(sql, ada.objectId)).sort()).toEqual(
      [ben.objectId, cai.objectId].sort(),
    );
    expect(await store.friendIdsOf.bySql(sql, dan.objectId)).toEqual([]);
  });

  it('peopleMatching: a username’s start or a display name’s word in any case, by the lower-case username', async () => {
    // A tag of this run's own, so other tests' people never match.
    const tag = uniqueName('q')
      .replace(/[^a-z0-9]/gi, '')
      .slice(0, 10)
      .toLowerCase();
    const named = async (username: string, displayName?: string) => {
      const person = await signUp(username);
      if (displayName !== undefined) {
        const { status } = await request('PUT', `/parse/users/${person.objectId}`, {
          sessionToken: person.sessionToken,
          body: { displayName },
        });
        expect(status).toBe(200);
      }
      return person.objectId;
    };
    const upper = await named(`Z${tag}a`);
    const mixed = await named(`z${tag}B`);
    const underscore = await named(`z${tag}_c`);
    const byDisplayName = await named(uniqueName('p'), `Émile Z${tag}`);
    const notAWordStart = await named(uniqueName('p'), `Xz${tag}`);
    const search = async (query: string, limit = 10) => {
      const [bySql, byQueries] = await Promise.all([
        store.peopleMatching.bySql(sql, query, limit),
        store.peopleMatching.byQueries(query, limit),
      ]);
      expect(byQueries).toEqual(bySql);
      return bySql;
    };
    const found = await search(`z${tag}`);
    // By the lower-case username: p… (found by the display name), then z…_c, z…a, z…b.
    expect(found).toEqual([byDisplayName, underscore, upper, mixed]);
    expect(found).not.toContain(notAWordStart);
    expect(await search(`Z${tag.toUpperCase()}`)).toEqual(found);
    expect(await search(`émile z${tag}`)).toEqual([byDisplayName]);
    expect(await search(`z${tag}`, 2)).toEqual([byDisplayName, underscore]);
    expect(await search(`z${tag}%`)).toEqual([]);
  });
});
