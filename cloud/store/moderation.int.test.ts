import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dmRoomKey } from '../../src/domain/chatRooms';
import { MESSAGE_CONTEXT } from '../../src/domain/moderation';
import type { SqlClient } from '../database';
import { request, signUp, type Account } from '../../server/test/rest';
import { storeHarness } from '../../server/test/store';
import type * as moderationStore from './moderation';

let store: typeof moderationStore;
let sql: SqlClient;
let ParseSdk: Awaited<ReturnType<typeof storeHarness>>['Parse'];
let close: () => Promise<void>;
let ada: Account;
let ben: Account;
const sent: string[] = [];

async function call(name: string, account: Account, params: Record<string, unknown>) {
  const { status, body } = await request('POST', `/parse/functions/${name}`, {
    sessionToken: account.sessionToken,
    body: params,
  });
  expect(status).toBe(200);
  return body.result;
}

beforeAll(async () => {
  ({ store, sql, Parse: ParseSdk, close } = await storeHarness(() => import('./moderation')));
  [ada, ben] = await Promise.all([signUp(), signUp()]);
  await call('sendFriendRequest', ada, { username: ben.username });
  await call('sendFriendRequest', ben, { username: ada.username });
  // Their own room, so no other test writes between these messages.
  const room = dmRoomKey(ada.objectId, ben.objectId);
  for (let index = 0; index < 2 * MESSAGE_CONTEXT + 3; index += 1) {
    const author = index % 2 === 0 ? ada : ben;
    const { status, body } = await request('POST', '/parse/classes/ChatMessage', {
      sessionToken: author.sessionToken,
      body: { room, text: `Line ${index}` },
    });
    expect(status).toBe(201);
    sent.push(String(body.objectId));
  }
});

afterAll(async () => {
  await close();
});

describe('the moderation store answers the same through SQL and through Parse queries', () => {
  it('messagesAround: the messages just before and after each one in its room, oldest first', async () => {
    const ids = [sent[0], sent[MESSAGE_CONTEXT + 1], sent.at(-1)].map(String);
    const messages = await new ParseSdk.Query('ChatMessage')
      .containedIn('objectId', ids)
      .find({ useMasterKey: true });
    const [bySql, byQueries] = await Promise.all([
      store.messagesAround.bySql(sql, messages),
      store.messagesAround.byQueries(messages),
    ]);
    expect(bySql).toEqual(byQueries);
    const middle = bySql.get(String(sent[MESSAGE_CONTEXT + 1]));
    expect(middle?.before.map((line) => line.id)).toEqual(sent.slice(1, MESSAGE_CONTEXT + 1));
    expect(middle?.after.map((line) => line.id)).toEqual(
      sent.slice(MESSAGE_CONTEXT + 2, 2 * MESSAGE_CONTEXT + 2),
    );
    expect(bySql.get(String(sent[0]))?.before).toEqual([]);
    expect(bySql.get(String(sent.at(-1)))?.after).toEqual([]);
  });
});
