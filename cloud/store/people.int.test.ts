import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../database';
import { request, signUp, type Account } from '../../server/test/rest';
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
});
