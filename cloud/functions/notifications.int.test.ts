import { afterEach, describe, expect, inject, it } from 'vitest';
import type { NotificationList } from '../../src/domain/notifications';
import { LiveQuerySocket } from '../../server/test/liveQuery';
import { request, signUp, userPointer, type Account } from '../../server/test/rest';

const baseUrl = inject('baseUrl');
const appId = inject('appId');
const DAY_MS = 86_400_000;

async function run(account: Account | undefined, name: string, params: object = {}) {
  const { status, body } = await request('POST', `/parse/functions/${name}`, {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    body: params,
  });
  return { status, code: body.code, error: body.error as string, result: body.result };
}

async function notificationsOf(account: Account): Promise<NotificationList> {
  const { result } = await run(account, 'listNotifications');
  return result as NotificationList;
}

const sockets: LiveQuerySocket[] = [];

afterEach(async () => {
  await Promise.all(sockets.splice(0).map((socket) => socket.close()));
});

async function subscribed(account: Account) {
  const socket = await LiveQuerySocket.open(baseUrl, appId);
  sockets.push(socket);
  await socket.connect(account.sessionToken);
  const { requestId, reply } = await socket.subscribe(
    'Notification',
    { user: userPointer(account.objectId) },
    account.sessionToken,
  );
  expect(reply.op).toBe('subscribed');
  return { socket, requestId };
}

describe('friend notifications', () => {
  it('tells the person asked, live, and the asker when it is accepted; a decline tells no one', async () => {
    const [ann, ben, cat] = await Promise.all([signUp(), signUp(), signUp()]);
    const live = await subscribed(ben);

    const sent = await run(ann, 'sendFriendRequest', { username: ben.username });
    const event = await live.socket.waitFor(
      (message) => message.op === 'create' && message.requestId === live.requestId,
    );

    // The row names the person by id only: their name is looked up whenever the list is read.
    expect(event.object).toMatchObject({ kind: 'friend-request', actorUser: userPointer(ann.objectId) });
    expect(event.object).not.toHaveProperty('actor');
    const bens = await notificationsOf(ben);
    expect(bens.unread).toBe(1);
    expect(bens.notifications).toEqual([
      expect.objectContaining({ kind: 'friend-request', actor: ann.username, subject: null, read: false }),
    ]);
    expect((await notificationsOf(ann)).notifications).toEqual([]);

    await run(ben, 'respondFriendRequest', {
      friendshipId: (sent.result as { friendshipId: string }).friendshipId,
      accept: true,
    });
    const declined = await run(cat, 'sendFriendRequest', { username: ben.username });
    await run(ben, 'respondFriendRequest', {
      friendshipId: (declined.result as { friendshipId: string }).friendshipId,
      accept: false,
    });

    expect((await notificationsOf(ann)).notifications).toEqual([
      expect.objectContaining({ kind: 'friend-accepted', actor: ben.username }),
    ]);
    expect((await notificationsOf(cat)).notifications).toEqual([]);
  });
});

describe('who a notification names', () => {
  it('names the person by their display name as it is now, and no one once they block the reader', async () => {
    const [ann, ben, eve] = await Promise.all([signUp(), signUp(), signUp()]);
    const rename = (displayName: string) =>
      request('PUT', `/parse/users/${ann.objectId}`, {
        sessionToken: ann.sessionToken,
        body: { displayName },
      });
    await rename('Ann Berg');
    await run(ann, 'sendFriendRequest', { username: ben.username });

    const named = (await notificationsOf(ben)).notifications;
    await rename('Annie');
    const renamed = (await notificationsOf(ben)).notifications;
    await run(ann, 'blockUser', { userId: ben.objectId });
    const blocked = (await notificationsOf(ben)).notifications;

    expect(named).toEqual([expect.objectContaining({ kind: 'friend-request', actor: 'Ann Berg' })]);
    expect(renamed).toEqual([expect.objectContaining({ actor: 'Annie' })]);
    expect(blocked).toEqual([expect.objectContaining({ kind: 'friend-request', actor: null })]);
    // Nobody else reads them, whoever asks: each caller gets their own list.
    expect((await notificationsOf(eve)).notifications).toEqual([]);
    expect((await run(undefined, 'listNotifications')).code).toBe(209);
  });
});

describe('marking notifications read', () => {
  it('marks the named ones or all of the caller, and never another person’s', async () => {
    const [ann, ben, cat] = await Promise.all([signUp(), signUp(), signUp()]);
    await run(ann, 'sendFriendRequest', { username: ben.username });
    await run(cat, 'sendFriendRequest', { username: ben.username });
    await run(ben, 'sendFriendRequest', { username: cat.username });
    const [latest, earlier] = (await notificationsOf(ben)).notifications;
    const cats = (await notificationsOf(cat)).notifications;

    const byOther = await run(cat, 'markNotificationsRead', { ids: [latest?.id] });
    const one = await run(ben, 'markNotificationsRead', { ids: [earlier?.id] });
    const afterOne = await notificationsOf(ben);
    const rest = await run(ben, 'markNotificationsRead');

    expect(byOther.result).toEqual({ marked: 0 });
    expect(one.result).toEqual({ marked: 1 });
    expect(afterOne.unread).toBe(1);
    expect(rest.result).toEqual({ marked: 1 });
    expect((await notificationsOf(ben)).unread).toBe(0);
    expect((await notificationsOf(cat)).notifications).toEqual(cats);
  });

  it('refuses anonymous callers and malformed ids', async () => {
    const ann = await signUp();

    const anonymous = await run(undefined, 'listNotifications');
    const anonymousMark = await run(undefined, 'markNotificationsRead');
    const notList = await run(ann, 'markNotificationsRead', { ids: 'all' });
    const hostile = await run(ann, 'markNotificationsRead', { ids: [{ $ne: null }] });

    expect([anonymous.code, anonymousMark.code]).toEqual([209, 209]);
    expect(notList).toMatchObject({ code: 142, error: 'ids must be a list of at most 50 notification ids.' });
    expect(hostile.code).toBe(142);
  });
});

describe('the Notification class', () => {
  it('shows each person their own rows only, live too, and lets no client write', async () => {
    const [ann, ben, eve] = await Promise.all([signUp(), signUp(), signUp()]);
    const spy = await subscribed(eve);
    // Eve asks for Ben's notifications: the subscription is accepted, but the ACL delivers nothing of his.
    const { requestId: spyOnBen } = await spy.socket.subscribe(
      'Notification',
      { user: userPointer(ben.objectId) },
      eve.sessionToken,
    );
    const live = await subscribed(ben);

    await run(ann, 'sendFriendRequest', { username: ben.username });
    const delivered = await live.socket.waitFor(
      (message) => message.op === 'create' && message.requestId === live.requestId,
    );
    const id = String(delivered.object?.objectId);

    const asEve = await request('GET', `/parse/classes/Notification/${id}`, {
      sessionToken: eve.sessionToken,
    });
    const eveList = await request('GET', '/parse/classes/Notification', { sessionToken: eve.sessionToken });
    const anonymous = await request('GET', '/parse/classes/Notification');
    const benCreates = await request('POST', '/parse/classes/Notification', {
      sessionToken: ben.sessionToken,
      body: { user: userPointer(ben.objectId), kind: 'friend-request' },
    });
    const benEdits = await request('PUT', `/parse/classes/Notification/${id}`, {
      sessionToken: ben.sessionToken,
      body: { kind: 'personal-record' },
    });
    const eveDeletes = await request('DELETE', `/parse/classes/Notification/${id}`, {
      sessionToken: eve.sessionToken,
    });

    expect(asEve.body.code).toBe(101);
    expect(eveList.body.results).toEqual([]);
    expect(anonymous.status).toBeGreaterThanOrEqual(400);
    expect([benCreates.body.code, benEdits.body.code, eveDeletes.body.code]).toEqual([119, 119, 119]);
    // A notification of Eve's own, made after Ben's: once it reaches her, his would have too.
    await run(ann, 'sendFriendRequest', { username: eve.username });
    await spy.socket.waitFor((message) => message.op === 'create' && message.requestId === spy.requestId);
    expect(spy.socket.eventsOf(spyOnBen)).toEqual([]);
    expect(spy.socket.eventsOf(spy.requestId)).toHaveLength(1);
    expect((await notificationsOf(ben)).notifications).toHaveLength(1);
  });
});

describe('personal record notifications', () => {
  it('tells the person when a new strength workout beats their earlier sets', async () => {
    const ann = await signUp();
    const search = await run(ann, 'searchExercises', { query: 'barbell bench press', limit: 1 });
    const [bench] = search.result as { id: string; name: string }[];
    const workout = (daysAgo: number, weightKg: number) =>
      request('POST', '/parse/classes/Activity', {
        sessionToken: ann.sessionToken,
        body: {
          type: 'strength',
          startedAt: { __type: 'Date', iso: new Date(Date.now() - daysAgo * DAY_MS).toISOString() },
          durationMin: 45,
          exercises: [{ exerciseId: bench?.id, sets: [{ reps: 5, weightKg }] }],
        },
      });

    await workout(10, 60);
    const afterFirst = (await notificationsOf(ann)).notifications.length;
    await workout(3, 50);
    const afterLighter = (await notificationsOf(ann)).notifications.length;
    await workout(1, 70);

    expect(afterLighter).toBe(afterFirst);
    const [latest] = (await notificationsOf(ann)).notifications;
    expect(latest).toMatchObject({ kind: 'personal-record', subject: bench?.name, read: false });
  });
});
