import { beforeAll, describe, expect, it } from 'vitest';
import { parseDate, request, signUp, type Account } from '../../server/test/rest';
import type { FeedPage, SocialComment, WorkoutSocialView } from '../../src/domain/social';

async function call(name: string, account: Account | undefined, params: Record<string, unknown> = {}) {
  return request('POST', `/parse/functions/${name}`, {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    body: params,
  });
}

async function result<T>(name: string, account: Account, params: Record<string, unknown> = {}): Promise<T> {
  const { status, body } = await call(name, account, params);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.result as T;
}

async function befriend(a: Account, b: Account): Promise<void> {
  await call('sendFriendRequest', a, { username: b.username });
  expect((await call('sendFriendRequest', b, { username: a.username })).body.result).toMatchObject({
    status: 'accepted',
  });
}

async function workout(
  owner: Account,
  fields: Record<string, unknown> = {},
  minutesAgo = 60,
): Promise<string> {
  const { status, body } = await request('POST', '/parse/classes/Activity', {
    sessionToken: owner.sessionToken,
    body: {
      type: 'run',
      startedAt: parseDate(new Date(Date.now() - minutesAgo * 60_000)),
      durationMin: 30,
      distanceKm: 5,
      visibility: 'friends',
      ...fields,
    },
  });
  expect(status).toBe(201);
  return String(body.objectId);
}

async function setWithMasterKey(path: string, body: Record<string, unknown>): Promise<void> {
  const { status } = await request('PUT', path, { masterKey: true, body });
  expect(status).toBe(200);
}

const feedIds = async (account: Account, params: Record<string, unknown> = {}) =>
  (await result<FeedPage>('activityFeed', account, params)).items.map((item) => item.activityId);

let owner: Account;
let friend: Account;
let other: Account;
let stranger: Account;
let blocked: Account;
let shared: string;
let privateOne: string;

beforeAll(async () => {
  [owner, friend, other, stranger, blocked] = await Promise.all([
    signUp(),
    signUp(),
    signUp(),
    signUp(),
    signUp(),
  ]);
  await befriend(owner, friend);
  await befriend(owner, other);
  await befriend(owner, blocked);
  expect((await call('blockUser', blocked, { userId: owner.objectId })).status).toBe(200);
  shared = await workout(owner);
  privateOne = await workout(owner, { visibility: 'private' }, 30);
});

describe('kudos', () => {
  it('a friend gives and takes back kudos; the owner is told once per workout, naming the latest', async () => {
    const run = await workout(owner, {}, 90);
    expect(await result('giveKudos', friend, { activityId: run })).toEqual({ count: 1, given: true });
    // A second tap changes nothing.
    expect(await result('giveKudos', friend, { activityId: run })).toEqual({ count: 1, given: true });
    expect(await result('giveKudos', other, { activityId: run })).toEqual({ count: 2, given: true });

    const social = await result<WorkoutSocialView>('workoutSocial', friend, { activityId: run });
    expect(social.kudos).toMatchObject({ count: 2, given: true });
    expect(social.kudos.names).toHaveLength(2);

    const { notifications } = await result<{
      notifications: { kind: string; actor: string; others?: number }[];
    }>('listNotifications', owner);
    const kudos = notifications.filter((row) => row.kind === 'kudos');
    expect(kudos).toHaveLength(1);
    expect(kudos[0]).toMatchObject({ actor: other.username, others: 1 });

    expect(await result('removeKudos', friend, { activityId: run })).toEqual({ count: 1, given: false });
    const [item] = (await result<FeedPage>('activityFeed', friend, {})).items.filter(
      (entry) => entry.activityId === run,
    );
    expect(item).toMatchObject({ kudosCount: 1, kudosGiven: false });
  });

  it('is refused on one’s own workout', async () => {
    const { body } = await call('giveKudos', owner, { activityId: shared });
    expect(body.code).toBe(119);
    expect(body.error).toMatch(/not your own/);
  });
});

describe('comments', () => {
  it('a friend comments, edits and deletes; the owner is told and deletes a friend’s comment', async () => {
    const run = await workout(owner, {}, 120);
    const added = await result<SocialComment>('addComment', friend, {
      activityId: run,
      text: 'Strong finish!',
    });
    expect(added).toMatchObject({ text: 'Strong finish!', mine: true, canDelete: true, editedAt: null });
    const { notifications } = await result<{ notifications: { kind: string; actor: string }[] }>(
      'listNotifications',
      owner,
    );
    expect(notifications.find((row) => row.kind === 'comment')).toMatchObject({ actor: friend.username });

    const edited = await result<SocialComment>('editComment', friend, {
      commentId: added.commentId,
      text: 'Strong finish, well paced!',
    });
    expect(edited.text).toBe('Strong finish, well paced!');
    expect(edited.editedAt).not.toBeNull();
    // Only its author edits it, not even the workout's owner.
    expect((await call('editComment', owner, { commentId: added.commentId, text: 'x' })).body.code).toBe(101);
    expect((await call('editComment', other, { commentId: added.commentId, text: 'x' })).body.code).toBe(101);

    const seenByOwner = await result<WorkoutSocialView>('workoutSocial', owner, { activityId: run });
    expect(seenByOwner.comments).toEqual([
      expect.objectContaining({ commentId: added.commentId, mine: false, canDelete: true }),
    ]);
    const seenByOther = await result<WorkoutSocialView>('workoutSocial', other, { activityId: run });
    expect(seenByOther.comments[0]).toMatchObject({ mine: false, canDelete: false });
    expect((await call('deleteComment', other, { commentId: added.commentId })).body.code).toBe(101);

    const second = await result<SocialComment>('addComment', other, { activityId: run, text: 'Nice' });
    expect(await result('deleteComment', friend, { commentId: added.commentId })).toEqual({ deleted: true });
    expect(await result('deleteComment', owner, { commentId: second.commentId })).toEqual({ deleted: true });
    expect((await result<WorkoutSocialView>('workoutSocial', owner, { activityId: run })).comments).toEqual(
      [],
    );
  });

  it('are refused with a sentence when the owner turned them off', async () => {
    const quiet = await workout(owner, { commentsOff: true }, 150);
    const { body } = await call('addComment', friend, { activityId: quiet, text: 'Hi' });
    expect(body.code).toBe(119);
    expect(body.error).toBe('Comments are turned off for this workout.');
    expect(
      (await result<WorkoutSocialView>('workoutSocial', friend, { activityId: quiet })).commentsOff,
    ).toBe(true);
  });

  it('refuse text outside 1–500 characters or with U+0000, with 142 naming text', async () => {
    for (const text of ['', '   ', 'x'.repeat(501), 'a\u0000b', 42, null]) {
      const { body } = await call('addComment', friend, { activityId: shared, text });
      expect(body).toMatchObject({ code: 142, field: 'text' });
    }
    expect((await call('addComment', friend, { activityId: shared, text: 'x'.repeat(500) })).status).toBe(
      200,
    );
  });

  it('hides a moderator-hidden comment from all but its author, who sees it marked', async () => {
    const run = await workout(owner, {}, 160);
    const comment = await result<SocialComment>('addComment', friend, { activityId: run, text: 'Spam' });
    await setWithMasterKey(`/parse/classes/Comment/${comment.commentId}`, { moderationHidden: true });
    expect((await result<WorkoutSocialView>('workoutSocial', owner, { activityId: run })).comments).toEqual(
      [],
    );
    const own = await result<WorkoutSocialView>('workoutSocial', friend, { activityId: run });
    expect(own.comments).toEqual([expect.objectContaining({ commentId: comment.commentId, hidden: true })]);
  });

  it('from someone the viewer blocked, or who is suspended, are not shown', async () => {
    const run = await workout(owner, {}, 170);
    const [third, fourth] = await Promise.all([signUp(), signUp()]);
    await befriend(owner, third);
    await befriend(owner, fourth);
    await result('addComment', third, { activityId: run, text: 'From third' });
    await result('addComment', fourth, { activityId: run, text: 'From fourth' });
    await result('blockUser', owner, { userId: third.objectId });
    await setWithMasterKey(`/parse/users/${fourth.objectId}`, {
      suspendedUntil: parseDate(new Date(Date.now() + 86_400_000)),
    });
    const social = await result<WorkoutSocialView>('workoutSocial', owner, { activityId: run });
    expect(social.comments.map((comment) => comment.text)).not.toContain('From third');
    expect(social.comments.map((comment) => comment.text)).not.toContain('From fourth');
  });
});

describe('comments of muted people', () => {
  it('are hidden for whoever muted their author, and only for them', async () => {
    const run = await workout(owner, {}, 180);
    await result('addComment', friend, { activityId: run, text: 'From friend' });
    await result('addComment', other, { activityId: run, text: 'From other' });
    await result('muteUser', other, { userId: friend.objectId });
    const texts = async (viewer: Account) =>
      (await result<WorkoutSocialView>('workoutSocial', viewer, { activityId: run })).comments.map(
        (comment) => comment.text,
      );
    expect(await texts(other)).toEqual(['From other']);
    expect(await texts(owner)).toEqual(['From friend', 'From other']);
    await result('unmuteUser', other, { userId: friend.objectId });
    expect(await texts(other)).toEqual(['From friend', 'From other']);
  });
});

describe('who is refused', () => {
  it('a stranger, a blocked person, an anonymous caller and a friend on a private workout are refused everything', async () => {
    const comment = await result<SocialComment>('addComment', friend, { activityId: shared, text: 'Mine' });
    const attempts: [Account | undefined, string][] = [
      [stranger, shared],
      [blocked, shared],
      [undefined, shared],
      [friend, privateOne],
      [other, privateOne],
    ];
    for (const [caller, activityId] of attempts) {
      const expected = caller ? 101 : 209;
      for (const [name, params] of [
        ['giveKudos', { activityId }],
        ['removeKudos', { activityId }],
        ['addComment', { activityId, text: 'Hi' }],
        ['workoutSocial', { activityId }],
      ] as const) {
        expect((await call(name, caller, params)).body.code, `${name} ${activityId}`).toBe(expected);
      }
    }
    for (const caller of [stranger, blocked, undefined]) {
      const expected = caller ? 101 : 209;
      expect((await call('editComment', caller, { commentId: comment.commentId, text: 'x' })).body.code).toBe(
        expected,
      );
      expect((await call('deleteComment', caller, { commentId: comment.commentId })).body.code).toBe(
        expected,
      );
    }
    expect((await call('activityFeed', undefined)).body.code).toBe(209);
  });

  it('a workout that does not exist answers as one that is not shared', async () => {
    const missing = await call('workoutSocial', friend, { activityId: 'xxxxxxxxxx' });
    const hidden = await call('workoutSocial', friend, { activityId: privateOne });
    expect(missing.body).toEqual(hidden.body);
  });

  it('Kudos and Comment are closed to every client', async () => {
    for (const className of ['Kudos', 'Comment']) {
      const read = await request('GET', `/parse/classes/${className}`, { sessionToken: friend.sessionToken });
      expect(read.status).not.toBe(200);
      const write = await request('POST', `/parse/classes/${className}`, {
        sessionToken: friend.sessionToken,
        body: { text: 'x' },
      });
      expect(write.status).not.toBe(201);
    }
  });
});

describe('activityFeed', () => {
  it('shows friends’ shared workouts newest first, never private ones, blocked or suspended people, hidden workouts', async () => {
    const [me, a, b, c, d] = await Promise.all([signUp(), signUp(), signUp(), signUp(), signUp()]);
    for (const person of [a, b, c, d]) await befriend(me, person);
    const newer = await workout(a, {}, 10);
    const older = await workout(a, {}, 20);
    await workout(a, { visibility: 'private' }, 15);
    const byB = await workout(b, {}, 5);
    const hidden = await workout(a, {}, 12);
    await setWithMasterKey(`/parse/classes/Activity/${hidden}`, { moderationHidden: true });
    await workout(c, {}, 8);
    await result('blockUser', me, { userId: c.objectId });
    await workout(d, {}, 9);
    await setWithMasterKey(`/parse/users/${d.objectId}`, {
      suspendedUntil: parseDate(new Date(Date.now() + 86_400_000)),
    });
    await workout(stranger, {}, 3);

    expect(await feedIds(me)).toEqual([byB, newer, older]);
    const first = await result<FeedPage>('activityFeed', me, { limit: 2 });
    expect(first.items.map((item) => item.activityId)).toEqual([byB, newer]);
    expect(first.items[0]?.owner).toMatchObject({ userId: b.objectId, username: b.username });
    expect(first.next).toBe(first.items[1]?.startedAt);
    const second = await result<FeedPage>('activityFeed', me, { limit: 2, before: first.next });
    expect(second).toMatchObject({ next: null });
    expect(second.items.map((item) => item.activityId)).toEqual([older]);
    // The one blocked sees nothing of the one who blocked them either.
    expect(await feedIds(c)).toEqual([]);
  });

  it('refuses a limit outside 1–50 and a before that is not a date, with 142 naming each', async () => {
    for (const limit of [0, 51, 2.5, '5']) {
      expect((await call('activityFeed', friend, { limit })).body).toMatchObject({
        code: 142,
        field: 'limit',
      });
    }
    for (const before of ['garbage', 5]) {
      expect((await call('activityFeed', friend, { before })).body).toMatchObject({ code: 142 });
    }
  });
});

describe('a deleted workout', () => {
  it('takes its kudos and comments with it', async () => {
    const run = await workout(owner, {}, 200);
    await result('giveKudos', friend, { activityId: run });
    await result('addComment', friend, { activityId: run, text: 'Bye' });
    const { status } = await request('DELETE', `/parse/classes/Activity/${run}`, {
      sessionToken: owner.sessionToken,
    });
    expect(status).toBe(200);
    for (const className of ['Kudos', 'Comment']) {
      const where = JSON.stringify({ activity: { __type: 'Pointer', className: 'Activity', objectId: run } });
      const { body } = await request(
        'GET',
        `/parse/classes/${className}?where=${encodeURIComponent(where)}`,
        {
          masterKey: true,
        },
      );
      expect(body.results).toEqual([]);
    }
  });
});
