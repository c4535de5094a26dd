import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { challengeRoomKey } from '../src/domain/challenges';
import { dmRoomKey, topicRoomKey } from '../src/domain/chatRooms';
import { LiveQuerySocket } from '../server/test/liveQuery';
import {
  acceptedChallenge,
  callFunction,
  logIn,
  parseDate,
  request,
  signUp,
  userPointer,
  type Account,
} from '../server/test/rest';

const baseUrl = inject('baseUrl');
const appId = inject('appId');

let alice: Account;
let bob: Account;
let carol: Account;
let dmRoom: string;
const sockets: LiveQuerySocket[] = [];

async function openSocket(): Promise<LiveQuerySocket> {
  const socket = await LiveQuerySocket.open(baseUrl, appId);
  sockets.push(socket);
  return socket;
}

/** A socket connected with `account`'s session and subscribed to ChatMessage in `room`. */
async function subscribeToRoom(
  account: Account,
  room: string,
): Promise<{ socket: LiveQuerySocket; requestId: number }> {
  const socket = await openSocket();
  expect((await socket.connect(account.sessionToken)).op).toBe('connected');
  const { requestId, reply } = await socket.subscribe('ChatMessage', { room }, account.sessionToken);
  expect(reply.op, JSON.stringify(reply)).toBe('subscribed');
  return { socket, requestId };
}

async function post(author: Account, room: string, text: string): Promise<string> {
  const { status, body } = await request('POST', '/parse/classes/ChatMessage', {
    sessionToken: author.sessionToken,
    body: { room, text },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return String(body.objectId);
}

beforeAll(async () => {
  alice = await signUp();
  bob = await signUp();
  carol = await signUp();
  const friendship = await request('POST', '/parse/classes/Friendship', {
    masterKey: true,
    body: {
      from: userPointer(alice.objectId),
      to: userPointer(bob.objectId),
      status: 'accepted',
      ACL: { [alice.objectId]: { read: true }, [bob.objectId]: { read: true } },
    },
  });
  expect(friendship.status).toBe(201);
  dmRoom = dmRoomKey(alice.objectId, bob.objectId);
});

/** Time for an event that should not come to arrive anyway, after one that had to has arrived. */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 500));
}

afterEach(async () => {
  await Promise.all(sockets.splice(0).map((socket) => socket.close()));
});

describe('LiveQuery on ChatMessage', () => {
  it("delivers a friend's direct message, readable only by the two of them, within 5 s", async () => {
    const { socket, requestId } = await subscribeToRoom(alice, dmRoom);

    const messageId = await post(bob, dmRoom, 'See you at the track');
    const event = await socket.created(requestId, messageId, 5_000);

    expect(event.object).toMatchObject({
      className: 'ChatMessage',
      room: dmRoom,
      text: 'See you at the track',
    });
    expect(event.object?.author).toMatchObject({ objectId: bob.objectId });
  });

  it('delivers a topic room message to another subscriber within 5 s', async () => {
    const room = topicRoomKey('run');
    const { socket, requestId } = await subscribeToRoom(alice, room);

    const messageId = await post(bob, room, 'Intervals tonight');
    const event = await socket.created(requestId, messageId, 5_000);

    expect(event.object).toMatchObject({ room, text: 'Intervals tonight' });
  });

  it('delivers nothing from other rooms to a room subscription', async () => {
    const { socket, requestId } = await subscribeToRoom(alice, topicRoomKey('cycle'));

    await post(bob, topicRoomKey('swim'), 'Wrong room');
    const messageId = await post(bob, topicRoomKey('cycle'), 'Right room');
    await socket.created(requestId, messageId, 5_000);

    expect(socket.eventsOf(requestId).map((event) => event.object?.text)).toEqual(['Right room']);
  });

  it('stops delivering a friend room once the friendship has ended', async () => {
    const [dave, erin] = await Promise.all([signUp(), signUp()]);
    await request('POST', '/parse/classes/Friendship', {
      masterKey: true,
      body: {
        from: userPointer(dave.objectId),
        to: userPointer(erin.objectId),
        status: 'accepted',
        ACL: { [dave.objectId]: { read: true }, [erin.objectId]: { read: true } },
      },
    });
    const room = dmRoomKey(dave.objectId, erin.objectId);
    const { socket, requestId } = await subscribeToRoom(erin, room);
    const topic = await socket.subscribe('ChatMessage', { room: topicRoomKey('row') }, erin.sessionToken);
    expect(topic.reply.op).toBe('subscribed');
    const removed = await request('POST', '/parse/functions/removeFriend', {
      sessionToken: dave.sessionToken,
      body: { userId: erin.objectId },
    });
    expect(removed.status).toBe(200);

    // A message accepted just before the friendship ended, with the ACL naming them both.
    const late = await request('POST', '/parse/classes/ChatMessage', {
      masterKey: true,
      body: {
        room,
        text: 'Sent as you left',
        author: userPointer(dave.objectId),
        ACL: { [dave.objectId]: { read: true, write: true }, [erin.objectId]: { read: true } },
      },
    });
    expect(late.status).toBe(201);
    await socket.created(topic.requestId, await post(dave, topicRoomKey('row'), 'Rowing later'), 5_000);
    await settle();

    expect(socket.eventsOf(requestId)).toEqual([]);
  });

  describe('ends friend room subscriptions when the friendship changes', () => {
    /** Two new people who are accepted friends, the id of their row, and their room. */
    async function friends(): Promise<{ dave: Account; erin: Account; rowId: string; room: string }> {
      const [dave, erin] = await Promise.all([signUp(), signUp()]);
      const row = await request('POST', '/parse/classes/Friendship', {
        masterKey: true,
        body: {
          from: userPointer(dave.objectId),
          to: userPointer(erin.objectId),
          status: 'accepted',
          ACL: { [dave.objectId]: { read: true }, [erin.objectId]: { read: true } },
        },
      });
      expect(row.status).toBe(201);
      return { dave, erin, rowId: String(row.body.objectId), room: dmRoomKey(dave.objectId, erin.objectId) };
    }

    /**
     * Erin follows the friend room and a topic room on one socket; after `end` a message the server
     * saves in the friend room must not reach her, while one posted later to the topic room does.
     */
    async function friendRoomEventsAfter(
      end: (pair: { dave: Account; erin: Account; rowId: string }) => Promise<void>,
    ) {
      const pair = await friends();
      const { dave, erin, room } = pair;
      const { socket, requestId } = await subscribeToRoom(erin, room);
      const topic = await socket.subscribe('ChatMessage', { room: topicRoomKey('yoga') }, erin.sessionToken);
      expect(topic.reply.op).toBe('subscribed');
      await end(pair);
      const late = await request('POST', '/parse/classes/ChatMessage', {
        masterKey: true,
        body: {
          room,
          text: 'After the end',
          author: userPointer(dave.objectId),
          ACL: { [dave.objectId]: { read: true, write: true }, [erin.objectId]: { read: true } },
        },
      });
      expect(late.status).toBe(201);
      await socket.created(topic.requestId, await post(dave, topicRoomKey('yoga'), 'Stretch at 7'), 5_000);
      await settle();
      const again = await socket.subscribe('ChatMessage', { room }, erin.sessionToken);
      return { events: socket.eventsOf(requestId), again: again.reply };
    }

    it('when one of the two blocks the other', async () => {
      const { events, again } = await friendRoomEventsAfter(async ({ dave, erin }) => {
        const blocked = await request('POST', '/parse/functions/blockUser', {
          sessionToken: dave.sessionToken,
          body: { userId: erin.objectId },
        });
        expect(blocked.status).toBe(200);
      });

      expect(events).toEqual([]);
      expect(again).toMatchObject({ op: 'error', code: 119 });
    });

    it('when the server sets the row to another status', async () => {
      const { events, again } = await friendRoomEventsAfter(async ({ rowId }) => {
        const changed = await request('PUT', `/parse/classes/Friendship/${rowId}`, {
          masterKey: true,
          body: { status: 'declined' },
        });
        expect(changed.status).toBe(200);
      });

      expect(events).toEqual([]);
      expect(again).toMatchObject({ op: 'error', code: 119 });
    });

    it('when the server deletes the row', async () => {
      const { events, again } = await friendRoomEventsAfter(async ({ rowId }) => {
        const deleted = await request('DELETE', `/parse/classes/Friendship/${rowId}`, { masterKey: true });
        expect(deleted.status).toBe(200);
      });

      expect(events).toEqual([]);
      expect(again).toMatchObject({ op: 'error', code: 119 });
    });

    it('but not while the row stays accepted', async () => {
      const { dave, erin, rowId, room } = await friends();
      const { socket, requestId } = await subscribeToRoom(erin, room);
      const touched = await request('PUT', `/parse/classes/Friendship/${rowId}`, {
        masterKey: true,
        body: { respondedAt: parseDate(new Date()) },
      });
      expect(touched.status).toBe(200);

      const messageId = await post(dave, room, 'Still here');

      expect((await socket.created(requestId, messageId, 5_000)).object).toMatchObject({
        text: 'Still here',
      });
    });
  });

  it('ends a challenge room for a member who leaves it, on their sockets only', async () => {
    const [gus, hal] = await Promise.all([signUp(), signUp()]);
    const client = { request };
    await callFunction(client, gus, 'sendFriendRequest', { username: hal.username });
    await callFunction(client, hal, 'sendFriendRequest', { username: gus.username });
    const challengeId = await acceptedChallenge(client, gus, hal, 'Winter steps');
    const room = challengeRoomKey(challengeId);
    const leaver = await subscribeToRoom(hal, room);
    const stayer = await subscribeToRoom(gus, room);
    await leaver.socket.created(leaver.requestId, await post(gus, room, 'Day two done'), 5_000);

    await callFunction(client, hal, 'leaveChallenge', { challengeId });
    const after = await post(gus, room, 'Day three, without Hal');
    await stayer.socket.created(stayer.requestId, after, 5_000);
    await settle();
    const again = await leaver.socket.subscribe('ChatMessage', { room }, hal.sessionToken);

    expect(leaver.socket.eventsOf(leaver.requestId).map((event) => event.object?.text)).not.toContain(
      'Day three, without Hal',
    );
    expect(again.reply).toMatchObject({ op: 'error', code: 119 });
  });

  it('stops delivering to a socket whose session has been revoked', async () => {
    const [dave, erin] = await Promise.all([signUp(), signUp()]);
    const room = topicRoomKey('hike');
    const revoked = await subscribeToRoom(dave, room);
    const witness = await subscribeToRoom(erin, room);
    const loggedOut = await request('POST', '/parse/logout', { sessionToken: dave.sessionToken });
    expect(loggedOut.status).toBe(200);
    // Parse Server keeps a LiveQuery session lookup for 5 s (liveQuery cacheTimeout).
    await new Promise((resolve) => setTimeout(resolve, 5_500));

    await witness.socket.created(witness.requestId, await post(erin, room, 'Summit at noon'), 5_000);
    await settle();

    expect(revoked.socket.eventsOf(revoked.requestId)).toEqual([]);
  });

  describe('closes a socket as soon as its session ends', () => {
    /**
     * A second device of a new person follows a topic room; after `end` the server must close
     * that device's socket (within 10 s; it takes milliseconds).
     */
    async function socketAfter(
      end: (person: Account, device: Account, sessionId: string) => Promise<void>,
    ): Promise<{ closed: boolean }> {
      const person = await signUp();
      const device = await logIn(person.username, person.password);
      const room = topicRoomKey('swim');
      const followed = await subscribeToRoom(device, room);
      const closed = new Promise<true>((resolve) => followed.socket.onClose(() => resolve(true)));
      const sessions = await request('GET', '/parse/sessions', { sessionToken: device.sessionToken });
      const sessionId = String(
        (sessions.body.results ?? []).find((row) => row.sessionToken === device.sessionToken)?.objectId,
      );

      await end(person, device, sessionId);

      const outcome = await Promise.race([
        closed,
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 10_000)),
      ]);
      return { closed: outcome };
    }

    it('by a password change on another device', async () => {
      const { closed } = await socketAfter(async (person) => {
        const changed = await request('PUT', `/parse/users/${person.objectId}`, {
          sessionToken: person.sessionToken,
          body: { password: 'another-password-7' },
          headers: { 'X-Parse-Cloud-Context': JSON.stringify({ currentPassword: person.password }) },
        });
        expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      });
      expect(closed).toBe(true);
    });

    it('by logging out', async () => {
      const { closed } = await socketAfter(async (_person, device) => {
        expect((await request('POST', '/parse/logout', { sessionToken: device.sessionToken })).status).toBe(
          200,
        );
      });
      expect(closed).toBe(true);
    });

    it('by logging out the other devices', async () => {
      const { closed } = await socketAfter(async (person, _device, sessionId) => {
        const batch = await request('POST', '/parse/batch', {
          sessionToken: person.sessionToken,
          body: { requests: [{ method: 'DELETE', path: `/parse/classes/_Session/${sessionId}` }] },
        });
        expect(batch.status).toBe(200);
      });
      expect(closed).toBe(true);
    });

    it('by the session expiring', async () => {
      const { closed } = await socketAfter(async (_person, _device, sessionId) => {
        const soon = await request('PUT', `/parse/sessions/${sessionId}`, {
          masterKey: true,
          body: { expiresAt: parseDate(new Date(Date.now() + 1_500)) },
        });
        expect(soon.status, JSON.stringify(soon.body)).toBe(200);
      });
      expect(closed).toBe(true);
    });

    it('by deleting the account', async () => {
      const { closed } = await socketAfter(async (person) => {
        const deleted = await request('POST', '/parse/functions/deleteMyAccount', {
          sessionToken: person.sessionToken,
          body: { password: person.password },
        });
        expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      });
      expect(closed).toBe(true);
    });
  });

  it('refuses a subscription to a direct room of other people with error 119', async () => {
    const socket = await openSocket();
    expect((await socket.connect(carol.sessionToken)).op).toBe('connected');

    const { reply } = await socket.subscribe('ChatMessage', { room: dmRoom }, carol.sessionToken);

    expect(reply).toMatchObject({ op: 'error', code: 119 });
  });

  it('refuses a ChatMessage subscription that is not confined to one room', async () => {
    const socket = await openSocket();
    expect((await socket.connect(alice.sessionToken)).op).toBe('connected');

    const everything = await socket.subscribe('ChatMessage', {}, alice.sessionToken);
    const unknown = await socket.subscribe('ChatMessage', { room: 'topic:chess' }, alice.sessionToken);

    expect(everything.reply).toMatchObject({ op: 'error', code: 119 });
    expect(unknown.reply).toMatchObject({ op: 'error', code: 119 });
  });

  it('refuses a socket without a session token (beforeConnect)', async () => {
    const socket = await openSocket();

    const reply = await socket.connect();

    expect(reply).toMatchObject({ op: 'error', code: 209 });
  });

  it('refuses a socket with an unknown session token', async () => {
    const socket = await openSocket();

    const reply = await socket.connect('r:00000000000000000000000000000000');

    expect(reply.op).toBe('error');
  });

  it('sends no events for Activity, which is not a LiveQuery class', async () => {
    const socket = await openSocket();
    expect((await socket.connect(alice.sessionToken)).op).toBe('connected');
    const activities = await socket.subscribe('Activity', {}, alice.sessionToken);
    const room = topicRoomKey('walk');
    const chat = await socket.subscribe('ChatMessage', { room }, alice.sessionToken);
    expect(chat.reply.op).toBe('subscribed');

    const activity = await request('POST', '/parse/classes/Activity', {
      sessionToken: alice.sessionToken,
      body: { type: 'walk', startedAt: parseDate(new Date()), durationMin: 20 },
    });
    expect(activity.status).toBe(201);
    // A message saved after the Activity arrives through the same socket: had the Activity been
    // published, its event would have come first.
    const messageId = await post(bob, room, 'Walked 20 min');
    await socket.created(chat.requestId, messageId, 5_000);

    expect(socket.eventsOf(activities.requestId)).toEqual([]);
  });
});
