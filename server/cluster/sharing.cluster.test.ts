import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { challengeRoomKey } from '../../src/domain/challenges';
import { dmRoomKey, topicRoomKey } from '../../src/domain/chatRooms';
import webPush from 'web-push';
import { localTime } from '../../src/domain/calendarDays';
import { startCluster, waitUntil, type Cluster, type ClusterNode } from '../test/cluster';
import { startPushService } from '../test/pushService';
import { LiveQuerySocket } from '../test/liveQuery';
import type { NotificationList } from '../../src/domain/notifications';
import {
  acceptedChallenge,
  callFunction,
  parseDate,
  requestFromTo,
  restClient,
  updateOwnSettings,
  userPointer,
  type Account,
  type RestClient,
} from '../test/rest';
import { ONE_PIXEL_PNG as PNG } from '../test/pictures';

/** What three nodes behind a load balancer share: chat, sessions, rate limits and files. */

let cluster: Cluster;
let a: ClusterNode;
let b: ClusterNode;
let c: ClusterNode;
const sockets: LiveQuerySocket[] = [];

const client = (node: ClusterNode): RestClient => restClient(node.target);

beforeAll(async () => {
  cluster = await startCluster(3);
  [a, b, c] = cluster.nodes as [ClusterNode, ClusterNode, ClusterNode];
});

afterEach(async () => {
  await Promise.all(sockets.splice(0).map((socket) => socket.close()));
});

afterAll(async () => {
  await cluster?.stop();
});

async function subscribe(node: ClusterNode, account: Account, room: string) {
  const socket = await LiveQuerySocket.open(node.baseUrl, node.target.appId);
  sockets.push(socket);
  expect((await socket.connect(account.sessionToken)).op).toBe('connected');
  const { requestId, reply } = await socket.subscribe('ChatMessage', { room }, account.sessionToken);
  return { socket, requestId, reply };
}

async function post(node: ClusterNode, author: Account, room: string, text: string): Promise<string> {
  const { status, body } = await client(node).request('POST', '/parse/classes/ChatMessage', {
    sessionToken: author.sessionToken,
    body: { room, text },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return String(body.objectId);
}

async function befriend(first: Account, second: Account): Promise<void> {
  const { status } = await client(a).request('POST', '/parse/classes/Friendship', {
    masterKey: true,
    body: {
      from: userPointer(first.objectId),
      to: userPointer(second.objectId),
      status: 'accepted',
      ACL: { [first.objectId]: { read: true }, [second.objectId]: { read: true } },
    },
  });
  expect(status).toBe(201);
}

describe('a cluster of three nodes on one PostgreSQL, Redis and S3 store', () => {
  it('reports the database, Redis and the file store by name on every node', async () => {
    const reports = await Promise.all(
      cluster.nodes.map(async (node): Promise<unknown> => (await fetch(`${node.baseUrl}/healthz`)).json()),
    );

    expect(reports).toEqual(
      cluster.nodes.map(() => ({ status: 'ok', database: 'ok', redis: 'ok', files: 'ok' })),
    );
  });

  it('delivers a chat message posted through A to subscribers on B and C, once each', async () => {
    const poster = await client(a).signUp();
    const readerB = await client(b).signUp();
    const readerC = await client(c).signUp();
    const room = topicRoomKey('swim');
    const onB = await subscribe(b, readerB, room);
    const onC = await subscribe(c, readerC, room);

    const id = await post(a, poster, room, 'Four lengths of butterfly today');

    await onB.socket.created(onB.requestId, id);
    await onC.socket.created(onC.requestId, id);
    // A second message after the first proves nothing more of the first is on its way.
    const next = await post(a, poster, room, 'And a cool-down');
    await onB.socket.created(onB.requestId, next);
    await onC.socket.created(onC.requestId, next);
    expect(onB.socket.eventsOf(onB.requestId).filter((event) => event.object?.objectId === id)).toHaveLength(
      1,
    );
    expect(onC.socket.eventsOf(onC.requestId).filter((event) => event.object?.objectId === id)).toHaveLength(
      1,
    );
  });

  it('never delivers a friend-room message to a stranger on any node', async () => {
    const alice = await client(a).signUp();
    const bob = await client(b).signUp();
    const stranger = await client(c).signUp();
    await befriend(alice, bob);
    const room = dmRoomKey(alice.objectId, bob.objectId);
    const onB = await subscribe(b, bob, room);
    // On every node the stranger tries the friends' room and, on the same socket, a topic room.
    const strangers = await Promise.all(
      cluster.nodes.map(async (node) => {
        const { socket, requestId, reply } = await subscribe(node, stranger, room);
        const topic = await socket.subscribe(
          'ChatMessage',
          { room: topicRoomKey('run') },
          stranger.sessionToken,
        );
        expect(topic.reply.op).toBe('subscribed');
        return { socket, requestId, reply, topicId: topic.requestId };
      }),
    );

    const secret = await post(a, alice, room, 'Same time tomorrow?');
    await onB.socket.created(onB.requestId, secret);
    // Saves reach LiveQuery in order: once the later topic message is there, the secret would be too.
    const later = await post(a, alice, topicRoomKey('run'), 'Intervals at six');
    await Promise.all(strangers.map(({ socket, topicId }) => socket.created(topicId, later)));

    for (const { socket, requestId, reply } of strangers) {
      if (reply.op === 'subscribed') expect(socket.eventsOf(requestId)).toEqual([]);
      else expect(reply.op).toBe('error');
      expect(socket.messages.some((message) => message.object?.objectId === secret)).toBe(false);
    }
  });

  it('ends a friend room on B and C as soon as the friendship ends on A', async () => {
    const alice = await client(a).signUp();
    const bob = await client(b).signUp();
    await befriend(alice, bob);
    const room = dmRoomKey(alice.objectId, bob.objectId);
    // Bob follows the friends' room and a topic room on B and on C.
    const followers = await Promise.all(
      [b, c].map(async (node) => {
        const { socket, requestId, reply } = await subscribe(node, bob, room);
        expect(reply.op).toBe('subscribed');
        const topic = await socket.subscribe('ChatMessage', { room: topicRoomKey('hike') }, bob.sessionToken);
        expect(topic.reply.op).toBe('subscribed');
        return { socket, requestId, topicId: topic.requestId };
      }),
    );

    const removed = await client(a).request('POST', '/parse/functions/removeFriend', {
      sessionToken: alice.sessionToken,
      body: { userId: bob.objectId },
    });
    expect(removed.status).toBe(200);
    // Saved by the server in the room right after the answer, with the ACL naming them both.
    const late = await client(a).request('POST', '/parse/classes/ChatMessage', {
      masterKey: true,
      body: {
        room,
        text: 'Sent as you left',
        author: userPointer(alice.objectId),
        ACL: { [alice.objectId]: { read: true, write: true }, [bob.objectId]: { read: true } },
      },
    });
    expect(late.status).toBe(201);
    const later = await post(a, alice, topicRoomKey('hike'), 'Ridge walk on Sunday');
    await Promise.all(followers.map(({ socket, topicId }) => socket.created(topicId, later)));

    for (const { socket, requestId } of followers) expect(socket.eventsOf(requestId)).toEqual([]);
  });

  it('ends a challenge room on B and C for the member who leaves on A, and only theirs', async () => {
    const [alice, bob] = await Promise.all([client(a).signUp(), client(b).signUp()]);
    await befriend(alice, bob);
    const challengeId = await acceptedChallenge(client(a), alice, bob, 'Hill repeats');
    const room = challengeRoomKey(challengeId);
    const leavers = await Promise.all([b, c].map((node) => subscribe(node, bob, room)));
    const stayers = await Promise.all([b, c].map((node) => subscribe(node, alice, room)));
    for (const { reply } of [...leavers, ...stayers]) expect(reply.op).toBe('subscribed');
    const before = await post(a, alice, room, 'Ten repeats today');
    await Promise.all(leavers.map(({ socket, requestId }) => socket.created(requestId, before)));

    await callFunction(client(a), bob, 'leaveChallenge', { challengeId });
    const after = await post(a, alice, room, 'Eleven tomorrow');
    await Promise.all(stayers.map(({ socket, requestId }) => socket.created(requestId, after)));

    for (const { socket, requestId } of leavers) {
      expect(socket.eventsOf(requestId).map((event) => event.object?.objectId)).toEqual([before]);
    }
  });

  it('closes the sockets on B and C of a session ended by a password change on A', async () => {
    const person = await client(a).signUp();
    const device = await client(b).logIn(person.username, person.password);
    const followers = await Promise.all(
      [b, c].map(async (node) => {
        const follower = await subscribe(node, device, topicRoomKey('hike'));
        expect(follower.reply.op).toBe('subscribed');
        return { closed: new Promise<void>((resolve) => follower.socket.onClose(resolve)) };
      }),
    );

    const change = await client(a).request('PUT', `/parse/users/${person.objectId}`, {
      sessionToken: person.sessionToken,
      body: { password: 'a-newer-password-8' },
      headers: { 'X-Parse-Cloud-Context': JSON.stringify({ currentPassword: person.password }) },
    });
    expect(change.status, change.text).toBe(200);

    // Both close (or the test times out): the server closes them, the test never does.
    await Promise.all(followers.map(({ closed }) => closed));
  });

  it('estimates workouts on B and C with a weigh-in saved, then deleted, on A', async () => {
    const person = await client(a).signUp();
    const estimateOn = async (node: ClusterNode) => {
      const created = await client(node).request('POST', '/parse/classes/Activity', {
        sessionToken: person.sessionToken,
        body: { type: 'walk', startedAt: { __type: 'Date', iso: new Date().toISOString() }, durationMin: 60 },
      });
      expect(created.status).toBe(201);
      const row = await client(node).request(
        'GET',
        `/parse/classes/Activity/${String(created.body.objectId)}`,
        {
          sessionToken: person.sessionToken,
        },
      );
      return row.body.caloriesKcal;
    };
    const everyNodeEstimates = async (kcal: number) => {
      for (const node of [b, c]) {
        await waitUntil(
          `${node.name} estimating ${kcal} kcal`,
          async () => (await estimateOn(node)) === kcal,
          10_000,
        );
      }
    };
    // (3.5 − 1) × kg × 1 h: B and C remember the stated 70 kg first.
    await everyNodeEstimates(175);

    const weighIn = await client(a).request('POST', '/parse/classes/WeightEntry', {
      sessionToken: person.sessionToken,
      body: { measuredAt: { __type: 'Date', iso: new Date().toISOString() }, weightKg: 80 },
    });
    expect(weighIn.status).toBe(201);
    await everyNodeEstimates(200);

    const removed = await client(a).request(
      'DELETE',
      `/parse/classes/WeightEntry/${String(weighIn.body.objectId)}`,
      {
        sessionToken: person.sessionToken,
      },
    );
    expect(removed.status).toBe(200);
    await everyNodeEstimates(175);
  });

  it('refuses a session logged out on A on B and C at once', async () => {
    const person = await client(a).signUp();
    for (const node of [b, c]) {
      const before = await client(node).request('GET', '/parse/users/me', {
        sessionToken: person.sessionToken,
      });
      expect(before.status).toBe(200);
    }

    const logout = await client(a).request('POST', '/parse/logout', { sessionToken: person.sessionToken });
    expect(logout.status).toBe(200);

    for (const node of [b, c]) {
      const after = await client(node).request('GET', '/parse/users/me', {
        sessionToken: person.sessionToken,
      });
      expect(after.body.code, node.name).toBe(209);
    }
  });

  it('ends the other sessions on C when the password is changed on A', async () => {
    const person = await client(a).signUp();
    const elsewhere = await client(c).logIn(person.username, person.password);
    expect(
      (await client(c).request('GET', '/parse/users/me', { sessionToken: elsewhere.sessionToken })).status,
    ).toBe(200);

    const change = await client(a).request('PUT', `/parse/users/${person.objectId}`, {
      sessionToken: person.sessionToken,
      body: { password: 'a-new-password-9' },
      headers: { 'X-Parse-Cloud-Context': JSON.stringify({ currentPassword: person.password }) },
    });
    expect(change.status, change.text).toBe(200);

    const after = await client(c).request('GET', '/parse/users/me', { sessionToken: elsewhere.sessionToken });
    expect(after.body.code).toBe(209);
  });

  it('ends every other device on every node when one logs out the others', async () => {
    const person = await client(a).signUp();
    const onB = await client(b).logIn(person.username, person.password);
    const onC = await client(c).logIn(person.username, person.password);
    for (const [node, session] of [
      [b, onB],
      [c, onC],
    ] as const) {
      expect(
        (await client(node).request('GET', '/parse/users/me', { sessionToken: session.sessionToken })).status,
      ).toBe(200);
    }
    const sessions = await client(a).request('GET', '/parse/sessions', { sessionToken: person.sessionToken });
    const others = (sessions.body.results ?? []).filter(
      (session) => session.sessionToken !== person.sessionToken,
    );
    expect(others).toHaveLength(2);

    const batch = await client(a).request('POST', '/parse/batch', {
      sessionToken: person.sessionToken,
      body: {
        requests: others.map((session) => ({
          method: 'DELETE',
          path: `/parse/classes/_Session/${session.objectId}`,
        })),
      },
    });
    expect(batch.status, batch.text).toBe(200);

    for (const [node, session] of [
      [b, onB],
      [c, onC],
    ] as const) {
      const after = await client(node).request('GET', '/parse/users/me', {
        sessionToken: session.sessionToken,
      });
      expect(after.body.code, node.name).toBe(209);
    }
    expect(
      (await client(b).request('GET', '/parse/users/me', { sessionToken: person.sessionToken })).status,
    ).toBe(200);
  });

  it('counts the chat flood limit across nodes: the 21st post within 10 s from one address is refused', async () => {
    const author = await client(a).signUp();
    const address = '127.0.0.31';
    const send = (node: ClusterNode, attempt: number) =>
      requestFromTo(node.target, address, 'POST', '/parse/classes/ChatMessage', {
        sessionToken: author.sessionToken,
        body: { room: topicRoomKey('row'), text: `Stroke ${attempt}` },
      });
    const started = Date.now();
    const answered: number[] = [];
    for (let attempt = 0; attempt < 20; attempt++) {
      answered.push((await send(cluster.nodes[attempt % 3] as ClusterNode, attempt)).status);
    }

    const blocked = await Promise.all([a, b, c].map((node) => send(node, 20)));

    expect(Date.now() - started).toBeLessThan(10_000);
    expect(answered).toEqual(Array.from({ length: 20 }, () => 201));
    expect(blocked.map((answer) => answer.status)).toEqual([429, 429, 429]);
  });

  it('signs a person suspended through A out of B and C at once, and refuses them there after they sign in again', async () => {
    const [person, moderator] = [await client(a).signUp(), await client(a).signUp()];
    const role = await client(a).request('POST', '/parse/roles', {
      masterKey: true,
      body: {
        name: 'moderator',
        ACL: {},
        users: { __op: 'AddRelation', objects: [userPointer(moderator.objectId)] },
      },
    });
    if (role.status !== 201) {
      const where = encodeURIComponent(JSON.stringify({ name: 'moderator' }));
      const found = await client(a).request('GET', `/parse/roles?where=${where}`, { masterKey: true });
      const added = await client(a).request('PUT', `/parse/roles/${found.body.results?.[0]?.objectId}`, {
        masterKey: true,
        body: { users: { __op: 'AddRelation', objects: [userPointer(moderator.objectId)] } },
      });
      expect(added.status, added.text).toBe(200);
    }
    // The person is signed in on B and C: their session is known (and cached) there, a room open on each.
    for (const node of [b, c]) {
      expect(
        (await client(node).request('GET', '/parse/users/me', { sessionToken: person.sessionToken })).status,
      ).toBe(200);
    }
    const open = await Promise.all([b, c].map((node) => subscribe(node, person, topicRoomKey('walk'))));
    const closed = open.map(({ socket }) => new Promise<void>((resolve) => socket.onClose(resolve)));

    await callFunction(client(a), moderator, 'moderate', {
      kind: 'user',
      id: person.objectId,
      action: 'suspend',
      reason: 'Spam',
    });

    for (const node of [b, c]) {
      const me = await client(node).request('GET', '/parse/users/me', { sessionToken: person.sessionToken });
      expect(me.body.code, me.text).toBe(209);
    }
    await Promise.all(closed);
    const again = await client(c).logIn(person.username, person.password);
    for (const node of [a, b, c]) {
      const refused = await client(node).request('POST', '/parse/functions/listFriendships', {
        sessionToken: again.sessionToken,
        body: {},
      });
      expect(refused.body.code, refused.text).toBe(119);
    }
  });

  it('serves an avatar uploaded through A from C, and deleting the account through B removes it from the bucket', async () => {
    const person = await client(a).signUp();
    const upload = await client(a).request('POST', '/parse/files/avatar.png', {
      sessionToken: person.sessionToken,
      raw: PNG,
      headers: { 'Content-Type': 'image/png' },
    });
    expect(upload.status, upload.text).toBe(201);
    const name = String(upload.body.name);
    const set = await client(a).request('PUT', `/parse/users/${person.objectId}`, {
      sessionToken: person.sessionToken,
      body: { avatar: { __type: 'File', name, url: upload.body.url } },
    });
    expect(set.status, set.text).toBe(200);

    const served = await fetch(`${c.baseUrl}/parse/files/${c.target.appId}/${name}`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    const objects = () => bucketObjects(cluster);
    expect(await objects()).toContain(name);

    const deleted = await client(b).request('POST', '/parse/functions/deleteMyAccount', {
      sessionToken: person.sessionToken,
      body: { password: person.password },
    });
    expect(deleted.status, deleted.text).toBe(200);

    await waitUntil('the avatar leaving the bucket', async () => !(await objects()).includes(name), 5_000);
    expect((await fetch(`${a.baseUrl}/parse/files/${a.target.appId}/${name}`)).status).toBe(404);
  });
});

describe('the weekly summary on a cluster', () => {
  /** A zone where last week has ended by now (from Monday 08:00 there): far east, or UTC on a Sunday. */
  function zoneWhereLastWeekEnded(): string {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Pacific/Kiritimati',
      weekday: 'short',
      hour: 'numeric',
      hourCycle: 'h23',
    }).formatToParts(new Date());
    const weekday = parts.find((part) => part.type === 'weekday')?.value;
    const hour = Number(parts.find((part) => part.type === 'hour')?.value);
    return weekday === 'Mon' && hour < 8 ? 'UTC' : 'Pacific/Kiritimati';
  }

  it('is sent once by the schedule of two nodes started at the same moment', async () => {
    const person = await client(a).signUp();
    await updateOwnSettings(client(a), person, { timezone: zoneWhereLastWeekEnded() });
    const workout = await client(a).request('POST', '/parse/classes/Activity', {
      sessionToken: person.sessionToken,
      // The same weekday a week ago: inside last week wherever the person lives.
      body: { type: 'run', startedAt: parseDate(new Date(Date.now() - 7 * 86_400_000)), durationMin: 33 },
    });
    expect(workout.status, workout.text).toBe(201);
    const summaries = async () => {
      const { body } = await client(b).request('POST', '/parse/functions/listNotifications', {
        sessionToken: person.sessionToken,
        body: {},
      });
      return (body.result as NotificationList).notifications.filter((row) => row.kind === 'weekly-summary');
    };

    const scheduling = await cluster.startNodes(2, { WEEKLY_SUMMARIES: 'true' });
    await waitUntil('the summary arriving', async () => (await summaries()).length > 0, 60_000);
    // Stopping waits for a run still in flight, so every run has finished when this returns.
    await cluster.stopNodes(scheduling);

    expect(await summaries()).toEqual([
      expect.objectContaining({ subject: '1 workout, 33 active minutes, something logged on 1 of 7 days' }),
    ]);
  });
});

describe('reminders on a cluster', () => {
  /** A fixed-offset zone where it is now 12:xx, far from midnight whatever the hour in UTC. */
  function zoneAtNoon(): string {
    const offset = 12 - new Date().getUTCHours();
    return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  }

  it('pushes a weigh-in reminder once from the schedules of two nodes started at the same moment', async () => {
    const service = await startPushService();
    try {
      const person = await client(a).signUp();
      const zone = zoneAtNoon();
      await updateOwnSettings(client(a), person, {
        timezone: zone,
        weighInReminder: true,
        weighInReminderTime: localTime(new Date(), zone),
        quietHours: false,
      });
      // The device is stored with the master key: the running nodes push only to the browsers' services.
      const device = service.subscribe();
      const where = encodeURIComponent(JSON.stringify({ sessionToken: person.sessionToken }));
      const sessions = await client(a).request('GET', `/parse/sessions?where=${where}`, { masterKey: true });
      const saved = await client(a).request('POST', '/parse/classes/PushSubscription', {
        masterKey: true,
        body: {
          ...device,
          user: userPointer(person.objectId),
          session: sessions.body.results?.[0]?.objectId,
          ACL: { [person.objectId]: { read: true } },
        },
      });
      expect(saved.status, saved.text).toBe(201);
      const { publicKey, privateKey } = webPush.generateVAPIDKeys();

      const scheduling = await cluster.startNodes(2, {
        REMINDERS: 'true',
        PUSH_SERVICES: service.origin,
        VAPID_PUBLIC_KEY: publicKey,
        VAPID_PRIVATE_KEY: privateKey,
      });
      await waitUntil(
        'the reminder arriving',
        () => Promise.resolve(service.received(device.endpoint).length > 0),
        60_000,
      );
      // Stopping waits for a run still in flight, so every run has finished when this returns.
      await cluster.stopNodes(scheduling);

      const pushes = service.received(device.endpoint);
      expect(pushes).toHaveLength(1);
      expect(pushes[0]?.payload).toMatchObject({ tag: 'weigh-in' });
      expect(pushes[0]?.vapidKey).toBe(publicKey);
      expect(service.refused).toEqual([]);
    } finally {
      await service.close();
    }
  });
});

/** The object keys s3rver holds in the bucket, read from its folder. */
async function bucketObjects(running: Cluster): Promise<string[]> {
  const bucket = path.join(running.s3.directory, 'fitstreak-files');
  const entries = await readdir(bucket, { recursive: true }).catch(() => []);
  return entries
    .map((entry) => String(entry))
    .filter((entry) => entry.endsWith('._S3rver_object'))
    .map((entry) => entry.replace(/\._S3rver_object$/, ''));
}
