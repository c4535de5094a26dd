import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dmRoomKey, topicRoomKey } from '../../src/domain/chatRooms';
import type { CloudFunctionName } from '../../src/domain/cloudApi';
import type { Role } from '../../src/domain/moderation';
import { LiveQuerySocket } from '../../server/test/liveQuery';
import { latestMailTo } from '../../server/test/mail';
import { ROOT } from '../../server/test/serverProcess';
import {
  callFunction,
  logIn,
  pointer,
  request,
  signUp,
  userPointer,
  updateSettings,
  type Account,
} from '../../server/test/rest';

const client = { request };

// Roles are the server's, shared by every test: this file alone makes admins and owners, so the
// tests about the last admin know who administers.

/** Calls a function as `account` (or without a session) and gives the raw answer. */
async function call(
  account: Account | undefined,
  name: CloudFunctionName,
  params: Record<string, unknown> = {},
) {
  return request('POST', `/parse/functions/${name}`, {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    body: params,
  });
}

/** Puts `account` in the server's role `role` (the operator's master key, as `npm run admin` does). */
async function grant(account: Account, role: Exclude<Role, 'user'>): Promise<void> {
  const where = encodeURIComponent(JSON.stringify({ name: role }));
  const found = await request('GET', `/parse/roles?where=${where}`, { masterKey: true });
  let roleId = found.body.results?.[0]?.objectId;
  if (!roleId) {
    const made = await request('POST', '/parse/roles', { masterKey: true, body: { name: role, ACL: {} } });
    roleId =
      made.body.objectId ??
      (await request('GET', `/parse/roles?where=${where}`, { masterKey: true })).body.results?.[0]?.objectId;
  }
  const added = await request('PUT', `/parse/roles/${roleId}`, {
    masterKey: true,
    body: { users: { __op: 'AddRelation', objects: [userPointer(account.objectId)] } },
  });
  expect(added.status, added.text).toBe(200);
}

/** Takes every holder out of the admin and owner roles but `keep`, so a test knows who administers. */
async function onlyAdministrators(...keep: Account[]): Promise<void> {
  for (const role of ['admin', 'owner']) {
    const where = encodeURIComponent(JSON.stringify({ name: role }));
    const found = await request('GET', `/parse/roles?where=${where}`, { masterKey: true });
    const roleId = found.body.results?.[0]?.objectId;
    if (!roleId) continue;
    const related = encodeURIComponent(
      JSON.stringify({ $relatedTo: { object: pointer('_Role', roleId), key: 'users' } }),
    );
    const holders = await request('GET', `/parse/users?where=${related}&limit=1000`, { masterKey: true });
    const leaving = (holders.body.results ?? []).filter(
      (holder) => !keep.some((account) => account.objectId === holder.objectId),
    );
    if (leaving.length === 0) continue;
    await request('PUT', `/parse/roles/${roleId}`, {
      masterKey: true,
      body: {
        users: { __op: 'RemoveRelation', objects: leaving.map((holder) => userPointer(holder.objectId)) },
      },
    });
  }
}

async function post(author: Account, room: string, text: string): Promise<string> {
  const {
    status,
    body,
    text: answer,
  } = await request('POST', '/parse/classes/ChatMessage', {
    sessionToken: author.sessionToken,
    body: { room, text },
  });
  expect(status, answer).toBe(201);
  return String(body.objectId);
}

async function befriend(a: Account, b: Account): Promise<void> {
  await callFunction(client, a, 'sendFriendRequest', { username: b.username });
  const { incoming } = await callFunction(client, b, 'listFriendships');
  const request = incoming.find((row) => row.userId === a.objectId);
  await callFunction(client, b, 'respondFriendRequest', {
    friendshipId: request?.friendshipId ?? '',
    accept: true,
  });
}

async function notificationKinds(account: Account): Promise<string[]> {
  const { notifications } = await callFunction(client, account, 'listNotifications');
  return notifications.map((row) => row.kind);
}

const sockets: LiveQuerySocket[] = [];
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.close()));
});

let moderator: Account;
let admin: Account;

beforeAll(async () => {
  moderator = await signUp();
  admin = await signUp();
  await grant(moderator, 'moderator');
  await grant(admin, 'admin');
});

describe('who may moderate', () => {
  const moderators: [CloudFunctionName, Record<string, unknown>][] = [
    ['moderationQueue', {}],
    ['moderate', { kind: 'user', id: 'aaaaaaaaaa', action: 'warn', reason: 'Spam' }],
    ['decideAppeal', { appealId: 'aaaaaaaaaa', accept: false, reason: 'Stands' }],
    ['setSlowMode', { room: topicRoomKey('row'), seconds: 30 }],
    ['adminUsers', {}],
  ];
  const admins: [CloudFunctionName, Record<string, unknown>][] = [
    ['moderationRecord', {}],
    ['setRole', { userId: 'aaaaaaaaaa', role: 'moderator' }],
    ['sendPasswordReset', { userId: 'aaaaaaaaaa', reason: 'Asked by mail' }],
    ['deleteAccount', { userId: 'aaaaaaaaaa', reason: 'Spam only' }],
  ];

  it.each([...moderators, ...admins])(
    'refuses %s to a plain person (119) and to nobody signed in (209)',
    async (name, params) => {
      const person = await signUp();
      const asPerson = await call(person, name, params);
      const anonymous = await call(undefined, name, params);
      expect(asPerson.body.code, asPerson.text).toBe(119);
      expect(anonymous.body.code, anonymous.text).toBe(209);
    },
  );

  it.each(admins)('refuses %s to a moderator', async (name, params) => {
    const answer = await call(moderator, name, params);
    expect(answer.body.code, answer.text).toBe(119);
  });

  it('tells each person their role in accountStanding', async () => {
    const person = await signUp();
    expect((await callFunction(client, person, 'accountStanding')).role).toBe('user');
    expect((await callFunction(client, moderator, 'accountStanding')).role).toBe('moderator');
    expect((await callFunction(client, admin, 'accountStanding')).role).toBe('admin');
  });
});

describe('roles', () => {
  it('lets an admin make a moderator and undo it, and refuses a moderator who tries', async () => {
    const person = await signUp();
    const byModerator = await call(moderator, 'setRole', { userId: person.objectId, role: 'admin' });
    expect(byModerator.body.code).toBe(119);

    await callFunction(client, admin, 'setRole', { userId: person.objectId, role: 'moderator' });
    expect((await callFunction(client, person, 'accountStanding')).role).toBe('moderator');
    await callFunction(client, admin, 'setRole', { userId: person.objectId, role: 'user' });
    expect((await callFunction(client, person, 'accountStanding')).role).toBe('user');
  });

  it('refuses to make an owner through setRole, and to change an owner', async () => {
    const owner = await signUp();
    await grant(owner, 'owner');
    const makeOwner = await call(admin, 'setRole', { userId: moderator.objectId, role: 'owner' });
    const demote = await call(admin, 'setRole', { userId: owner.objectId, role: 'user' });
    expect(makeOwner.body.code, makeOwner.text).toBe(142);
    expect(demote.body.code, demote.text).toBe(119);
    expect((await callFunction(client, owner, 'accountStanding')).role).toBe('owner');
  });

  it('refuses to remove the last admin', async () => {
    const last = await signUp();
    await grant(last, 'admin');
    await onlyAdministrators(last);
    try {
      const answer = await call(last, 'setRole', { userId: last.objectId, role: 'moderator' });
      expect(answer.body.code, answer.text).toBe(119);
      expect((await callFunction(client, last, 'accountStanding')).role).toBe('admin');
    } finally {
      await grant(admin, 'admin');
    }
  });
});

describe('mute', () => {
  it('keeps a list of the muted only its owner reads, and never tells the muted', async () => {
    const [me, loud] = [await signUp(), await signUp()];
    await callFunction(client, me, 'muteUser', { userId: loud.objectId });
    await callFunction(client, me, 'muteUser', { userId: loud.objectId });
    expect((await callFunction(client, me, 'mutedUsers')).map((row) => row.userId)).toEqual([loud.objectId]);

    const seenByMuted = await request('GET', '/parse/classes/Mute', { sessionToken: loud.sessionToken });
    expect(seenByMuted.body.results ?? []).toEqual([]);
    const written = await request('POST', '/parse/classes/Mute', {
      sessionToken: loud.sessionToken,
      body: { user: userPointer(loud.objectId), muted: userPointer(me.objectId) },
    });
    expect(written.status).toBeGreaterThanOrEqual(400);
    expect(await callFunction(client, loud, 'mutedUsers')).toEqual([]);

    await callFunction(client, me, 'unmuteUser', { userId: loud.objectId });
    expect(await callFunction(client, me, 'mutedUsers')).toEqual([]);
  });

  it('refuses muting oneself or nobody', async () => {
    const me = await signUp();
    expect((await call(me, 'muteUser', { userId: me.objectId })).body.code).toBe(142);
    expect((await call(me, 'muteUser', { userId: 'aaaaaaaaaa' })).body.code).toBe(101);
    expect((await call(undefined, 'muteUser', { userId: me.objectId })).body.code).toBe(209);
  });
});

describe('reports and the queue', () => {
  it('takes one open report of what the reporter can see, tells moderators, and shows it with its context', async () => {
    const [reporter, author, other] = [await signUp(), await signUp(), await signUp()];
    const room = topicRoomKey('hiit');
    const before = await post(other, room, 'Warm-up done');
    const messageId = await post(author, room, 'Buy cheap pills at example.com');
    const after = await post(other, room, 'Please stop');

    const { reportId } = await callFunction(client, reporter, 'reportContent', {
      kind: 'message',
      id: messageId,
      reason: 'spam',
      note: 'Posted in every room',
    });
    const again = await call(reporter, 'reportContent', {
      kind: 'message',
      id: messageId,
      reason: 'other',
    });
    expect(again.body.code, again.text).toBe(137);
    expect(await notificationKinds(moderator)).toContain('report-received');

    const { reports } = await callFunction(client, moderator, 'moderationQueue', {});
    const shown = reports.find((report) => report.id === reportId);
    expect(shown).toMatchObject({
      kind: 'message',
      targetId: messageId,
      reason: 'spam',
      note: 'Posted in every room',
      status: 'open',
      reporter: { userId: reporter.objectId, username: reporter.username },
      targetUser: { userId: author.objectId, username: author.username },
    });
    expect(shown?.context.kind).toBe('message');
    if (shown?.context.kind === 'message') {
      expect(shown.context.message?.text).toBe('Buy cheap pills at example.com');
      expect(shown.context.before.map((line) => line.id)).toContain(before);
      expect(shown.context.after.map((line) => line.id)).toContain(after);
    }
  });

  it('refuses reports of what the reporter cannot see, as if it did not exist', async () => {
    const [reporter, a, b] = [await signUp(), await signUp(), await signUp()];
    await befriend(a, b);
    const privateMessage = await post(a, dmRoomKey(a.objectId, b.objectId), 'Just us');
    const workout = await request('POST', '/parse/classes/Activity', {
      sessionToken: a.sessionToken,
      body: { type: 'run', startedAt: { __type: 'Date', iso: new Date().toISOString() }, durationMin: 30 },
    });
    for (const [kind, targetId] of [
      ['message', privateMessage],
      ['activity', String(workout.body.objectId)],
      ['comment', 'aaaaaaaaaa'],
      ['user', 'aaaaaaaaaa'],
    ]) {
      const answer = await call(reporter, 'reportContent', { kind, id: targetId, reason: 'spam' });
      expect(answer.body.code, `${kind}: ${answer.text}`).toBe(101);
    }
    const bad = await call(reporter, 'reportContent', {
      kind: 'user',
      id: a.objectId,
      reason: 'boring',
    });
    expect(bad.body.code).toBe(142);
    expect(bad.text).toContain('reason');
    const anonymous = await call(undefined, 'reportContent', {
      kind: 'user',
      id: a.objectId,
      reason: 'spam',
    });
    expect(anonymous.body.code).toBe(209);
  });
});

describe('hiding a chat message', () => {
  it('drops it from a third person’s open room at once, keeps it marked for its author and tells the reporter', async () => {
    const [reporter, author, reader] = [await signUp(), await signUp(), await signUp()];
    const room = topicRoomKey('hiit');
    const socket = await LiveQuerySocket.open(inject('baseUrl'), inject('appId'));
    sockets.push(socket);
    expect((await socket.connect(reader.sessionToken)).op).toBe('connected');
    const { requestId, reply } = await socket.subscribe('ChatMessage', { room }, reader.sessionToken);
    expect(reply.op).toBe('subscribed');
    const messageId = await post(author, room, 'Something nasty');
    await socket.created(requestId, messageId, 5_000);
    const { reportId } = await callFunction(client, reporter, 'reportContent', {
      kind: 'message',
      id: messageId,
      reason: 'harassment',
    });

    const { resolved } = await callFunction(client, moderator, 'moderate', {
      reportId,
      kind: 'message',
      id: messageId,
      action: 'hide',
      reason: 'Harassment',
    });

    expect(resolved).toBe(1);
    const gone = await socket.waitFor(
      (message) =>
        message.requestId === requestId &&
        (message.op === 'leave' || message.op === 'delete') &&
        message.object?.objectId === messageId,
    );
    expect(gone.op).toMatch(/leave|delete/);
    const asReader = await request('GET', `/parse/classes/ChatMessage/${messageId}`, {
      sessionToken: reader.sessionToken,
    });
    expect(asReader.status).toBe(404);
    const asAuthor = await request('GET', `/parse/classes/ChatMessage/${messageId}`, {
      sessionToken: author.sessionToken,
    });
    expect(asAuthor.body.hiddenAt).toBeDefined();
    expect(await notificationKinds(reporter)).toContain('report-resolved');
    expect(await notificationKinds(author)).toContain('moderation-hidden');

    await callFunction(client, moderator, 'moderate', {
      kind: 'message',
      id: messageId,
      action: 'unhide',
      reason: 'Reviewed again',
    });
    const shownAgain = await request('GET', `/parse/classes/ChatMessage/${messageId}`, {
      sessionToken: reader.sessionToken,
    });
    expect(shownAgain.status).toBe(200);
    expect(shownAgain.body.hiddenAt).toBeUndefined();
  });

  it('refuses a hiddenAt sent by a client', async () => {
    const author = await signUp();
    const answer = await request('POST', '/parse/classes/ChatMessage', {
      sessionToken: author.sessionToken,
      body: {
        room: topicRoomKey('hiit'),
        text: 'Hi',
        hiddenAt: { __type: 'Date', iso: new Date().toISOString() },
      },
    });
    expect(answer.body.code).toBe(119);
  });
});

describe('chat mute and slow mode', () => {
  it('refuses a muted person’s messages with when it ends, until it is lifted', async () => {
    const person = await signUp();
    const room = topicRoomKey('hiit');
    const until = new Date(Date.now() + 3_600_000).toISOString();
    await callFunction(client, moderator, 'moderate', {
      kind: 'user',
      id: person.objectId,
      action: 'chatMute',
      reason: 'Flooding',
      until,
    });
    const refused = await request('POST', '/parse/classes/ChatMessage', {
      sessionToken: person.sessionToken,
      body: { room, text: 'Hello?' },
    });
    expect(refused.body.code).toBe(119);
    expect(refused.text).toContain(until.slice(0, 10));
    const standing = await callFunction(client, person, 'accountStanding');
    expect(standing.chatMutedUntil).toBe(until);
    expect(standing.chatMute).toMatchObject({ until, reason: 'Flooding', appeal: null });
    await callFunction(client, person, 'appealAction', {
      actionId: standing.chatMute?.actionId ?? '',
      text: 'It was one long message.',
    });
    expect((await callFunction(client, person, 'accountStanding')).chatMute?.appeal?.outcome).toBe('pending');

    await callFunction(client, moderator, 'moderate', {
      kind: 'user',
      id: person.objectId,
      action: 'lift',
      reason: 'Served',
    });
    await post(person, room, 'Sorry');
  });

  it('holds a person to the slow mode of a topic room, moderators exempt', async () => {
    const room = topicRoomKey('row');
    const person = await signUp();
    await callFunction(client, moderator, 'setSlowMode', { room, seconds: 600 });
    try {
      expect(await callFunction(client, person, 'slowMode', { room })).toEqual({ room, seconds: 600 });
      await post(person, room, 'First');
      const second = await request('POST', '/parse/classes/ChatMessage', {
        sessionToken: person.sessionToken,
        body: { room, text: 'Second' },
      });
      expect(second.body.code, second.text).toBe(119);
      await post(moderator, room, 'Mod one');
      await post(moderator, room, 'Mod two');
      const friendRoom = await call(moderator, 'setSlowMode', {
        room: dmRoomKey(person.objectId, moderator.objectId),
        seconds: 30,
      });
      expect(friendRoom.body.code).toBe(142);
      expect((await call(moderator, 'setSlowMode', { room, seconds: 601 })).body.code).toBe(142);
    } finally {
      await callFunction(client, moderator, 'setSlowMode', { room, seconds: 0 });
    }
  });
});

describe('suspension and appeals', () => {
  it('signs the person out, refuses all but their standing, appeal, export and deletion, and an accepted appeal lifts it', async () => {
    const person = await signUp();
    const secondModerator = await signUp();
    await grant(secondModerator, 'moderator');

    const { actionId } = await callFunction(client, moderator, 'moderate', {
      kind: 'user',
      id: person.objectId,
      action: 'suspend',
      reason: 'Repeated harassment',
    });

    const oldSession = await request('GET', '/parse/users/me', { sessionToken: person.sessionToken });
    expect(oldSession.body.code).toBe(209);
    const back = await logIn(person.username, person.password);
    const refused = await call(back, 'listFriendships');
    expect(refused.body.code).toBe(119);
    expect(refused.body.error).toMatch(/suspended/);
    const write = await request('POST', '/parse/classes/WeightEntry', {
      sessionToken: back.sessionToken,
      body: { measuredAt: { __type: 'Date', iso: new Date().toISOString() }, weightKg: 80 },
    });
    expect(write.body.code).toBe(119);
    const standing = await callFunction(client, back, 'accountStanding');
    expect(standing.suspension).toMatchObject({
      until: null,
      reason: 'Repeated harassment',
      actionId,
      appeal: null,
    });
    expect((await call(back, 'exportMyData', { part: 'profile' })).status).toBe(200);

    const stranger = await signUp();
    expect((await call(stranger, 'appealAction', { actionId, text: 'Not mine' })).body.code).toBe(101);
    const appeal = await callFunction(client, back, 'appealAction', {
      actionId,
      text: 'I was quoting someone.',
    });
    expect(appeal).toEqual({ appealId: actionId, outcome: 'pending' });
    expect((await call(back, 'appealAction', { actionId, text: 'Again' })).body.code).toBe(137);

    const byActor = await call(moderator, 'decideAppeal', {
      appealId: actionId,
      accept: true,
      reason: 'Mine',
    });
    expect(byActor.body.code, byActor.text).toBe(119);
    expect(
      (await call(stranger, 'decideAppeal', { appealId: actionId, accept: true, reason: 'x' })).body.code,
    ).toBe(119);
    await callFunction(client, secondModerator, 'decideAppeal', {
      appealId: actionId,
      accept: true,
      reason: 'A quote, fairly',
    });

    expect((await call(back, 'listFriendships')).status).toBe(200);
    const after = await callFunction(client, back, 'accountStanding');
    expect(after.suspension).toBeNull();
    expect(await notificationKinds(back)).toEqual(
      expect.arrayContaining(['moderation-suspension', 'appeal-overturned']),
    );
    const mail = await latestMailTo(inject('dataDir'), person.email, { subject: 'moderator' });
    expect(mail).toContain('A quote, fairly');
  });

  it('refuses a moderator acting against an admin, and a moderator against themselves', async () => {
    expect(
      (
        await call(moderator, 'moderate', {
          kind: 'user',
          id: admin.objectId,
          action: 'suspend',
          reason: 'x',
        })
      ).body.code,
    ).toBe(119);
    expect(
      (
        await call(moderator, 'moderate', {
          kind: 'user',
          id: moderator.objectId,
          action: 'warn',
          reason: 'x',
        })
      ).body.code,
    ).toBe(142);
  });
});

describe('a suspended person’s content', () => {
  const roomIds = async (account: Account | undefined, room: string): Promise<unknown> => {
    const where = encodeURIComponent(JSON.stringify({ room }));
    const answer = await request('GET', `/parse/classes/ChatMessage?where=${where}&limit=1000`, {
      ...(account ? { sessionToken: account.sessionToken } : {}),
    });
    if (answer.status !== 200) return answer.body.code;
    return (answer.body.results ?? []).map((row) => row.objectId);
  };
  const commentTexts = async (account: Account, activityId: string) =>
    (await callFunction(client, account, 'workoutSocial', { activityId })).comments.map((row) => row.text);

  it('is hidden from everyone else while it lasts, not deleted, and comes back when lifted', async () => {
    const [author, owner, reader, stranger, quiet] = [
      await signUp(),
      await signUp(),
      await signUp(),
      await signUp(),
      await signUp(),
    ];
    await befriend(owner, author);
    await befriend(owner, reader);
    await befriend(author, reader);
    const topic = topicRoomKey('yoga');
    const friendRoom = dmRoomKey(author.objectId, reader.objectId);
    const inTopic = await post(author, topic, 'Morning flow, anyone?');
    const inFriendRoom = await post(author, friendRoom, 'See you at six');
    const laterShown = await post(author, topic, 'Hidden by a moderator first');
    const made = await request('POST', '/parse/classes/Activity', {
      sessionToken: owner.sessionToken,
      body: {
        type: 'run',
        startedAt: { __type: 'Date', iso: new Date(Date.now() - 3_600_000).toISOString() },
        durationMin: 30,
        distanceKm: 5,
        visibility: 'friends',
      },
    });
    expect(made.status, made.text).toBe(201);
    const activityId = String(made.body.objectId);
    await callFunction(client, author, 'addComment', { activityId, text: 'Strong finish!' });
    await callFunction(client, moderator, 'moderate', {
      kind: 'message',
      id: laterShown,
      action: 'hide',
      reason: 'Off topic',
    });
    const socket = await LiveQuerySocket.open(inject('baseUrl'), inject('appId'));
    sockets.push(socket);
    expect((await socket.connect(stranger.sessionToken)).op).toBe('connected');
    const { requestId } = await socket.subscribe('ChatMessage', { room: topic }, stranger.sessionToken);

    await callFunction(client, moderator, 'moderate', {
      kind: 'user',
      id: author.objectId,
      action: 'suspend',
      reason: 'Spam in every room',
    });

    expect(await roomIds(stranger, topic)).not.toContain(inTopic);
    expect(await roomIds(reader, topic)).not.toContain(inTopic);
    expect(await roomIds(reader, friendRoom)).toEqual([]);
    expect(await roomIds(undefined, topic)).toBe(209);
    const byId = await request('GET', `/parse/classes/ChatMessage/${inTopic}`, {
      sessionToken: stranger.sessionToken,
    });
    expect(byId.status).toBe(404);
    expect(await commentTexts(owner, activityId)).toEqual([]);
    expect(await commentTexts(reader, activityId)).toEqual([]);
    expect((await call(stranger, 'workoutSocial', { activityId })).body.code).toBe(101);
    expect((await call(undefined, 'workoutSocial', { activityId })).body.code).toBe(209);
    const back = await logIn(author.username, author.password);
    expect(await roomIds(back, topic)).toEqual(expect.arrayContaining([inTopic, laterShown]));

    // Shown again by a moderator while the suspension lasts: still kept from others' open rooms.
    await callFunction(client, moderator, 'moderate', {
      kind: 'message',
      id: laterShown,
      action: 'unhide',
      reason: 'Reviewed again',
    });
    const sentinel = await post(quiet, topic, 'Namaste');
    await socket.created(requestId, sentinel);
    expect(socket.eventsOf(requestId).map((message) => message.object?.objectId)).not.toContain(laterShown);

    await callFunction(client, moderator, 'moderate', {
      kind: 'user',
      id: author.objectId,
      action: 'lift',
      reason: 'Served',
    });
    expect(await roomIds(stranger, topic)).toEqual(expect.arrayContaining([inTopic, laterShown]));
    expect(await roomIds(reader, friendRoom)).toEqual([inFriendRoom]);
    expect(await commentTexts(reader, activityId)).toEqual(['Strong finish!']);
  });
});

describe('the record', () => {
  it('lists actions for admins, filtered, and cannot be created, changed or deleted by any client', async () => {
    const person = await signUp();
    const { actionId } = await callFunction(client, moderator, 'moderate', {
      kind: 'user',
      id: person.objectId,
      action: 'warn',
      reason: 'Be kind',
    });
    const { actions } = await callFunction(client, admin, 'moderationRecord', {
      targetUserId: person.objectId,
    });
    expect(actions).toMatchObject([
      {
        id: actionId,
        action: 'warn',
        reason: 'Be kind',
        moderator: { userId: moderator.objectId, username: moderator.username },
        targetUser: { userId: person.objectId, username: person.username },
      },
    ]);
    expect((await callFunction(client, person, 'accountStanding')).warnings).toMatchObject([
      { actionId, reason: 'Be kind' },
    ]);

    for (const account of [person, moderator, admin]) {
      const options = { sessionToken: account.sessionToken };
      const made = await request('POST', '/parse/classes/ModerationAction', {
        ...options,
        body: {
          moderatorName: 'x',
          action: 'warn',
          targetKind: 'user',
          targetId: person.objectId,
          reason: 'x',
        },
      });
      const read = await request('GET', `/parse/classes/ModerationAction/${actionId}`, options);
      const changed = await request('PUT', `/parse/classes/ModerationAction/${actionId}`, {
        ...options,
        body: { reason: 'Nothing happened' },
      });
      const deleted = await request('DELETE', `/parse/classes/ModerationAction/${actionId}`, options);
      for (const answer of [made, read, changed, deleted])
        expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
    }
    const byMaster = await request('PUT', `/parse/classes/ModerationAction/${actionId}`, {
      masterKey: true,
      body: { reason: 'Nothing happened' },
    });
    expect(byMaster.body.code).toBe(119);
    const kept = await callFunction(client, admin, 'moderationRecord', { targetUserId: person.objectId });
    expect(kept.actions[0]?.reason).toBe('Be kind');
  });

  it('keeps reports, mutes and rooms’ rules closed to every client', async () => {
    const [reporter, target] = [await signUp(), await signUp()];
    await callFunction(client, reporter, 'muteUser', { userId: target.objectId });
    await callFunction(client, reporter, 'reportContent', {
      kind: 'user',
      id: target.objectId,
      reason: 'spam',
    });
    const options = { sessionToken: reporter.sessionToken };
    for (const className of ['Report', 'ChatRoomRule']) {
      const listed = await request('GET', `/parse/classes/${className}`, options);
      const made = await request('POST', `/parse/classes/${className}`, {
        ...options,
        body: { room: 'topic:run' },
      });
      expect(listed.status, listed.text).toBeGreaterThanOrEqual(400);
      expect(made.status, made.text).toBeGreaterThanOrEqual(400);
    }
    const [mute] = (await request('GET', '/parse/classes/Mute', options)).body.results ?? [];
    const changed = await request('PUT', `/parse/classes/Mute/${mute?.objectId}`, {
      ...options,
      body: { muted: userPointer(reporter.objectId) },
    });
    const deleted = await request('DELETE', `/parse/classes/Mute/${mute?.objectId}`, options);
    expect(changed.status).toBeGreaterThanOrEqual(400);
    expect(deleted.status).toBeGreaterThanOrEqual(400);
  });

  it('lists people for moderators without e-mail addresses, and with them for admins', async () => {
    const person = await signUp();
    const asModerator = await callFunction(client, moderator, 'adminUsers', { query: person.username });
    const asAdmin = await callFunction(client, admin, 'adminUsers', { query: person.username });
    expect(asModerator.users).toMatchObject([
      { userId: person.objectId, email: null, role: 'user', status: 'active' },
    ]);
    expect(asAdmin.users).toMatchObject([{ userId: person.objectId, email: person.email }]);
  });
});

/** Marks the person's address as confirmed, as following the link in their verification mail does. */
async function confirmEmail(account: Account): Promise<void> {
  const answer = await request('PUT', `/parse/users/${account.objectId}`, {
    masterKey: true,
    body: { emailVerified: true },
  });
  expect(answer.status, answer.text).toBe(200);
}

async function loginStatus(account: Account): Promise<number> {
  const { status } = await request('POST', '/parse/login', {
    body: { username: account.username, password: account.password },
  });
  return status;
}

describe('an admin’s actions on an account', () => {
  it('sends Parse’s reset mail to a confirmed address, records it, and refuses an address unconfirmed or missing', async () => {
    const [person, unconfirmed, noAddress] = [await signUp(), await signUp(), await signUp()];
    await confirmEmail(person);
    const removed = await request('PUT', `/parse/users/${noAddress.objectId}`, {
      masterKey: true,
      body: { email: { __op: 'Delete' } },
    });
    expect(removed.status, removed.text).toBe(200);

    const sent = await callFunction(client, admin, 'sendPasswordReset', {
      userId: person.objectId,
      reason: 'Locked out, asked by mail',
    });
    expect(sent).toEqual({ sent: true });
    const mail = await latestMailTo(inject('dataDir'), person.email, { subject: 'Reset your' });
    expect(mail).toContain('/request_password_reset?');

    const notConfirmed = await call(admin, 'sendPasswordReset', {
      userId: unconfirmed.objectId,
      reason: 'Locked out',
    });
    const missing = await call(admin, 'sendPasswordReset', {
      userId: noAddress.objectId,
      reason: 'Locked out',
    });
    expect(notConfirmed.body.code, notConfirmed.text).toBe(205);
    expect(notConfirmed.body.error).toMatch(/not confirmed/);
    expect(missing.body.code, missing.text).toBe(204);
    expect(missing.body.error).toMatch(/no e-mail address/);

    const { actions } = await callFunction(client, admin, 'moderationRecord', {
      targetUserId: person.objectId,
    });
    expect(actions).toMatchObject([
      {
        action: 'passwordReset',
        reason: 'Locked out, asked by mail',
        moderator: { userId: admin.objectId, username: admin.username },
        targetUser: { userId: person.objectId, username: person.username },
      },
    ]);
    const others = await callFunction(client, admin, 'moderationRecord', {
      targetUserId: unconfirmed.objectId,
    });
    expect(others.actions).toEqual([]);
  });

  it('deletes an account as its owner’s deletion does, mails why in their language first, and the record keeps it by name', async () => {
    const person = await signUp();
    await updateSettings(person, { language: 'de' });
    const friend = await signUp();
    await befriend(person, friend);

    const { deleted, actionId } = await callFunction(client, admin, 'deleteAccount', {
      userId: person.objectId,
      reason: 'Nothing but spam',
    });
    expect(deleted).toBe(true);

    const mail = await latestMailTo(inject('dataDir'), person.email, { subject: 'gelöscht' });
    expect(mail).toContain('Nothing but spam');
    expect(await loginStatus(person)).toBe(404);
    const gone = await request('GET', `/parse/users/${person.objectId}`, { masterKey: true });
    expect(gone.status).toBe(404);
    const friendships = await request(
      'GET',
      `/parse/classes/Friendship?where=${encodeURIComponent(JSON.stringify({ $or: [{ from: userPointer(person.objectId) }, { to: userPointer(person.objectId) }] }))}`,
      { masterKey: true },
    );
    expect(friendships.body.results).toEqual([]);

    const byName = await callFunction(client, admin, 'moderationRecord', { targetName: person.username });
    expect(byName.actions).toMatchObject([
      {
        id: actionId,
        action: 'deleteAccount',
        reason: 'Nothing but spam',
        moderator: { userId: admin.objectId, username: admin.username },
        targetUser: { userId: person.objectId, username: person.username },
      },
    ]);
    const byModerator = await callFunction(client, admin, 'moderationRecord', {
      moderatorName: admin.username,
      action: 'deleteAccount',
    });
    expect(byModerator.actions.map((row) => row.id)).toContain(actionId);
    const again = await call(admin, 'deleteAccount', { userId: person.objectId, reason: 'Twice' });
    expect(again.body.code, again.text).toBe(101);
  });

  it('never deletes an owner, an admin only by an owner, and never the last admin', async () => {
    const [owner, otherAdmin, reason] = [await signUp(), await signUp(), 'Leaving the team'];
    await grant(owner, 'owner');
    await grant(otherAdmin, 'admin');

    const ownerByAdmin = await call(admin, 'deleteAccount', { userId: owner.objectId, reason });
    const adminByAdmin = await call(admin, 'deleteAccount', { userId: otherAdmin.objectId, reason });
    const moderatorByModerator = await call(moderator, 'deleteAccount', {
      userId: otherAdmin.objectId,
      reason,
    });
    expect(ownerByAdmin.body.code, ownerByAdmin.text).toBe(119);
    expect(adminByAdmin.body.code, adminByAdmin.text).toBe(119);
    expect(adminByAdmin.body.error).toMatch(/Only an owner/);
    expect(moderatorByModerator.body.code, moderatorByModerator.text).toBe(119);
    expect(await loginStatus(owner)).toBe(200);
    expect(await loginStatus(otherAdmin)).toBe(200);

    await callFunction(client, owner, 'deleteAccount', { userId: otherAdmin.objectId, reason });
    expect(await loginStatus(otherAdmin)).toBe(404);

    const last = await signUp();
    await grant(last, 'admin');
    await onlyAdministrators(last);
    try {
      const answer = await call(last, 'deleteAccount', { userId: last.objectId, reason });
      expect(answer.body.code, answer.text).toBe(119);
      expect(answer.body.error).toMatch(/last admin/);
      const own = await call(last, 'deleteMyAccount', { password: last.password });
      expect(own.body.code, own.text).toBe(119);
      expect(own.body.error).toMatch(/last admin/);
      expect(await loginStatus(last)).toBe(200);
    } finally {
      await grant(admin, 'admin');
    }
  });
});

const run = promisify(execFile);

/** Runs `npm run admin -- …args` against the test server, as an operator would on its host. */
async function operator(...args: string[]): Promise<{ code: number; output: string }> {
  const env = {
    PATH: process.env.PATH ?? '',
    SERVER_URL: `${inject('baseUrl')}/parse`,
    APP_ID: inject('appId'),
    MASTER_KEY: inject('masterKey'),
    DATA_DIR: await mkdtemp(path.join(tmpdir(), 'fitstreak-admin-')),
  };
  try {
    const { stdout, stderr } = await run(
      path.join(ROOT, 'node_modules', '.bin', 'tsx'),
      ['scripts/admin.ts', ...args],
      {
        cwd: ROOT,
        env,
      },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('the operator’s npm run admin', () => {
  it('grants and revokes a role, makes owners, and refuses an unknown account', async () => {
    const person = await signUp();

    expect((await operator('grant', person.username, 'moderator')).code).toBe(0);
    expect((await callFunction(client, person, 'accountStanding')).role).toBe('moderator');
    expect((await operator('grant', person.username, 'owner')).code).toBe(0);
    expect((await callFunction(client, person, 'accountStanding')).role).toBe('owner');
    const listed = await operator('list');
    expect(listed.output).toContain(person.username);
    // The admin of these tests administers too, so the owner is not the last one.
    expect((await operator('revoke', person.username, 'owner')).code).toBe(0);
    expect((await callFunction(client, person, 'accountStanding')).role).toBe('user');

    const unknown = await operator('grant', 'nobody-has-this-name', 'admin');
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('no account');
    expect((await operator('grant', person.username, 'emperor')).code).toBe(1);
  }, 60_000);
});
