import { beforeAll, describe, expect, it } from 'vitest';
import { parseDate, request, signUp, uniqueName, updateSettings, type Account } from '../../server/test/rest';
import { RANKING_METRICS } from '../../src/domain/friends';

interface Ranking {
  rows: {
    userId: string;
    username: string;
    value: number;
    rank: number;
    previousRank: number | null;
    me: boolean;
  }[];
  notSharing: { userId: string }[];
}

async function call(name: string, account: Account | undefined, params: Record<string, unknown> = {}) {
  return request('POST', `/parse/functions/${name}`, {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    body: params,
  });
}

async function befriend(a: Account, b: Account): Promise<void> {
  expect((await call('sendFriendRequest', a, { username: b.username })).status).toBe(200);
  expect((await call('sendFriendRequest', b, { username: a.username })).body.result).toMatchObject({
    status: 'accepted',
  });
}

async function workout(owner: Account, startedAt: Date, durationMin: number) {
  const { status } = await request('POST', '/parse/classes/Activity', {
    sessionToken: owner.sessionToken,
    body: { type: 'run', startedAt: parseDate(startedAt), durationMin, caloriesKcal: durationMin * 10 },
  });
  expect(status).toBe(201);
}

async function ranking(account: Account, metric: string, period = 'week'): Promise<Ranking> {
  const { body } = await call('friendsRanking', account, { metric, period });
  return body.result as Ranking;
}

describe('a NUL character in a name', () => {
  it('is refused with 142 by searchUsers and sendFriendRequest instead of failing in the database', async () => {
    const person = await signUp();
    const search = await call('searchUsers', person, { query: 'a\u0000b' });
    const invite = await call('sendFriendRequest', person, { username: 'a\u0000b' });

    expect(search.body).toMatchObject({
      code: 142,
      error: 'query contains characters that are not allowed.',
    });
    expect(invite.body).toMatchObject({
      code: 142,
      error: 'username contains characters that are not allowed.',
    });
  });
});

describe('friend requests', () => {
  let alice: Account;
  let bob: Account;
  let carol: Account;

  beforeAll(async () => {
    [alice, bob, carol] = await Promise.all([
      signUp(uniqueName('alice')),
      signUp(uniqueName('bob')),
      signUp(),
    ]);
  });

  it('goes from request to friendship, and both see it', async () => {
    const sent = await call('sendFriendRequest', alice, { username: bob.username });
    const friendshipId = (sent.body.result as { friendshipId: string }).friendshipId;
    const bobsView = (await call('listFriendships', bob)).body.result as { incoming: { userId: string }[] };
    const alicesView = (await call('listFriendships', alice)).body.result as {
      outgoing: { userId: string }[];
    };
    expect(bobsView.incoming.map((row) => row.userId)).toEqual([alice.objectId]);
    expect(alicesView.outgoing.map((row) => row.userId)).toEqual([bob.objectId]);

    expect((await call('sendFriendRequest', alice, { username: bob.username })).body.code).toBe(137);
    expect((await call('respondFriendRequest', carol, { friendshipId, accept: true })).body.code).toBe(101);
    expect((await call('respondFriendRequest', alice, { friendshipId, accept: true })).body.code).toBe(101);
    expect((await call('respondFriendRequest', bob, { friendshipId, accept: true })).body.result).toEqual({
      status: 'accepted',
    });

    for (const [account, other] of [
      [alice, bob],
      [bob, alice],
    ] as const) {
      const view = (await call('listFriendships', account)).body.result as { friends: { userId: string }[] };
      expect(view.friends.map((row) => row.userId)).toEqual([other.objectId]);
    }
    expect((await call('sendFriendRequest', bob, { username: alice.username })).body.code).toBe(137);
  });

  it('keeps a friendship from strangers and anonymous callers', async () => {
    const { friends } = (await call('listFriendships', alice)).body.result as {
      friends: { friendshipId: string }[];
    };
    const path = `/parse/classes/Friendship/${friends[0]?.friendshipId ?? ''}`;

    expect((await request('GET', path, { sessionToken: carol.sessionToken })).body.code).toBe(101);
    const listed = await request('GET', '/parse/classes/Friendship', { sessionToken: carol.sessionToken });
    expect(listed.body.results).toEqual([]);
    expect((await request('GET', path)).status).not.toBe(200);
    expect((await call('listFriendships', undefined)).body.code).toBe(209);
    expect((await request('GET', path, { sessionToken: alice.sessionToken })).status).toBe(200);
  });

  it('refuses writes to Friendship from clients', async () => {
    const created = await request('POST', '/parse/classes/Friendship', {
      sessionToken: carol.sessionToken,
      body: {
        from: { __type: 'Pointer', className: '_User', objectId: carol.objectId },
        to: { __type: 'Pointer', className: '_User', objectId: alice.objectId },
        status: 'accepted',
      },
    });
    const { friends } = (await call('listFriendships', alice)).body.result as {
      friends: { friendshipId: string }[];
    };
    const changed = await request('PUT', `/parse/classes/Friendship/${friends[0]?.friendshipId ?? ''}`, {
      sessionToken: alice.sessionToken,
      body: { status: 'blocked' },
    });

    expect(created.status).toBeGreaterThanOrEqual(400);
    expect(changed.status).toBeGreaterThanOrEqual(400);
    expect(
      ((await call('listFriendships', alice)).body.result as { friends: unknown[] }).friends,
    ).toHaveLength(1);
  });

  it('refuses a request to yourself, to an unknown username and a malformed one', async () => {
    expect((await call('sendFriendRequest', alice, { username: alice.username })).body.code).toBe(142);
    expect((await call('sendFriendRequest', alice, { username: 'nobody_here_at_all' })).body.code).toBe(101);
    expect((await call('sendFriendRequest', alice, { username: { $ne: '' } })).body.code).toBe(142);
  });

  it('hides a person who blocked you from search and refuses your requests without saying why', async () => {
    const dave = await signUp(uniqueName('dave'));
    const erin = await signUp(uniqueName('erin'));
    expect((await call('blockUser', dave, { userId: erin.objectId })).body.result).toEqual({ blocked: true });

    const search = (await call('searchUsers', erin, { query: dave.username.slice(0, 8) })).body
      .result as unknown[];
    const request = await call('sendFriendRequest', erin, { username: dave.username });
    const erinsView = (await call('listFriendships', erin)).body.result as Record<string, unknown[]>;
    const davesView = (await call('listFriendships', dave)).body.result as { blocked: { userId: string }[] };

    expect(search).toEqual([]);
    expect(request.body).toMatchObject({ code: 101, error: `No one has the username ${dave.username}.` });
    expect(Object.values(erinsView).flat()).toEqual([]);
    expect(davesView.blocked.map((row) => row.userId)).toEqual([erin.objectId]);

    expect((await call('removeFriend', dave, { userId: erin.objectId })).body.result).toEqual({
      removed: true,
    });
    expect((await call('sendFriendRequest', erin, { username: dave.username })).status).toBe(200);
  });

  it('removes a friend, and then neither has the other', async () => {
    const frank = await signUp();
    await befriend(carol, frank);

    expect((await call('removeFriend', frank, { userId: carol.objectId })).body.result).toEqual({
      removed: true,
    });
    expect(((await call('listFriendships', carol)).body.result as { friends: unknown[] }).friends).toEqual(
      [],
    );
    expect((await call('removeFriend', frank, { userId: carol.objectId })).body.code).toBe(101);
  });

  it('limits friend requests to 20 an hour per person', async () => {
    const sender = await signUp();
    const others = await Promise.all(Array.from({ length: 21 }, () => signUp()));
    const codes: (number | undefined)[] = [];
    for (const other of others) {
      const { status, body } = await call('sendFriendRequest', sender, { username: other.username });
      codes.push(status === 200 ? 200 : body.code);
    }

    expect(codes.slice(0, 20).every((code) => code === 200)).toBe(true);
    expect(codes[20]).toBe(155);
  });
});

describe('searchUsers', () => {
  it('finds people by username and display-name prefix, without emails, and never yourself', async () => {
    const stem = uniqueName('zed');
    const [me, target] = await Promise.all([signUp(`${stem}_me`), signUp(`${stem}_target`)]);
    await request('PUT', `/parse/users/${target.objectId}`, {
      sessionToken: target.sessionToken,
      body: { displayName: 'Quentin Blakeworth' },
    });

    const byName = (await call('searchUsers', me, { query: stem })).body.result as Record<string, unknown>[];
    const byDisplayName = (await call('searchUsers', me, { query: 'blakew' })).body.result as {
      userId: string;
    }[];

    expect(byName.map((row) => row.userId)).toEqual([target.objectId]);
    expect(byName[0]).toEqual({
      userId: target.objectId,
      username: target.username,
      displayName: 'Quentin Blakeworth',
      avatarUrl: null,
      relation: 'none',
    });
    expect(JSON.stringify(byName)).not.toContain('@example.com');
    expect(byDisplayName.map((row) => row.userId)).toContain(target.objectId);
    const inWord = (await call('searchUsers', me, { query: 'lakewor' })).body.result as { userId: string }[];
    expect(inWord.map((row) => row.userId)).not.toContain(target.objectId);
  });

  it('matches in any case and lists people in username order', async () => {
    const stem = uniqueName('yew');
    const [me, zoe, adam] = await Promise.all([
      signUp(`${stem}_me`),
      signUp(`${stem}_zoe`),
      signUp(`${stem}_adam`),
    ]);

    const found = (await call('searchUsers', me, { query: stem.toUpperCase() })).body.result as {
      userId: string;
    }[];

    expect(found.map((row) => row.userId)).toEqual([adam.objectId, zoe.objectId]);
  });

  it('refuses queries under 3 characters and patterns posing as text', async () => {
    const me = await signUp();
    expect((await call('searchUsers', me, { query: 'ab' })).body.code).toBe(142);
    const wildcard = (await call('searchUsers', me, { query: '%%%' })).body.result as unknown[];
    expect(wildcard).toEqual([]);
  });
});

describe('friendsRanking', () => {
  let me: Account;
  let friend: Account;
  let quiet: Account;
  let stranger: Account;

  beforeAll(async () => {
    [me, friend, quiet, stranger] = await Promise.all([signUp(), signUp(), signUp(), signUp()]);
    await befriend(me, friend);
    await befriend(me, quiet);
    const now = new Date();
    await workout(me, now, 30);
    await workout(friend, now, 30);
    await workout(stranger, now, 500);
    await updateSettings(quiet, { shareActivity: false });
    await workout(quiet, now, 200);
  });

  it('ranks me and sharing friends, ties sharing a rank, and leaves out strangers and those who do not share', async () => {
    const result = await ranking(me, 'activeMinutes');

    expect(result.rows.map((row) => [row.userId, row.value, row.rank])).toEqual(
      expect.arrayContaining([
        [me.objectId, 30, 1],
        [friend.objectId, 30, 1],
      ]),
    );
    expect(result.rows).toHaveLength(2);
    expect(result.rows.find((row) => row.me)?.userId).toBe(me.objectId);
    expect(result.notSharing.map((row) => row.userId)).toEqual([quiet.objectId]);
    expect(JSON.stringify(result)).not.toContain(stranger.objectId);
  });

  it('never carries a friend’s route: not in the ranking, and no Track of theirs is readable', async () => {
    const [walker, runner] = await Promise.all([signUp(), signUp()]);
    await befriend(walker, runner);
    const start = Date.now() - 3_600_000;
    const imported = await call('importWorkouts', runner, {
      workouts: [
        {
          type: 'run',
          source: 'gpx',
          startedAt: new Date(start).toISOString(),
          durationMin: 20,
          track: [
            { t: start, lat: 48.1234567, lon: 11.7654321 },
            { t: start + 600_000, lat: 48.1334567, lon: 11.7654321 },
          ],
        },
      ],
    });
    expect(imported.body.result).toMatchObject({ imported: 1 });

    const answers = await Promise.all(
      RANKING_METRICS.map((metric) => call('friendsRanking', walker, { metric, period: 'week' })),
    );
    const mine = await request('GET', '/parse/classes/Track', { sessionToken: walker.sessionToken });
    const theirs = await request('GET', '/parse/classes/Track', { sessionToken: runner.sessionToken });

    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain('48.123');
      expect(answer.text).not.toContain('"track"');
    }
    expect(mine.body.results).toEqual([]);
    expect(theirs.body.results).toHaveLength(1);
  });

  it('ranks the calories burned in the period', async () => {
    const result = await ranking(me, 'caloriesBurned');

    expect(result.rows.map((row) => [row.userId, row.value, row.rank])).toEqual(
      expect.arrayContaining([
        [me.objectId, 300, 1],
        [friend.objectId, 300, 1],
      ]),
    );
    expect(result.rows).toHaveLength(2);
  });

  it('drops a removed friend', async () => {
    const gone = await signUp();
    await befriend(me, gone);
    await workout(gone, new Date(), 45);
    expect((await ranking(me, 'activeMinutes')).rows.map((row) => row.userId)).toContain(gone.objectId);

    await call('removeFriend', gone, { userId: me.objectId });

    expect((await ranking(me, 'activeMinutes')).rows.map((row) => row.userId)).not.toContain(gone.objectId);
  });

  it('shows weight progress only as percentages, only for those who share it', async () => {
    const [runner, sharer] = await Promise.all([signUp(), signUp()]);
    await befriend(runner, sharer);
    await updateSettings(sharer, { shareWeightProgress: true, goalWeightKg: 73.3 });
    for (const [daysAgo, weightKg] of [
      [20, 93.7],
      [1, 83.5],
    ] as const) {
      await request('POST', '/parse/classes/WeightEntry', {
        sessionToken: sharer.sessionToken,
        body: { measuredAt: parseDate(new Date(Date.now() - daysAgo * 86_400_000)), weightKg },
      });
    }

    const { body } = await call('friendsRanking', runner, { metric: 'weightProgressPct', period: 'month' });
    const result = body.result as Ranking;
    // Everything but who the people are (random ids and names could contain "83" by chance).
    const identity = new Set(['userId', 'username', 'displayName', 'avatarUrl']);
    const text = JSON.stringify(body, (key, value: unknown) => (identity.has(key) ? undefined : value));

    expect(result.rows.map((row) => [row.userId, row.value])).toEqual([[sharer.objectId, 50]]);
    for (const weight of ['93.7', '83.5', '73.3', '93', '83']) expect(text).not.toContain(weight);
  });

  it('measures weight progress from each day’s mean weight', async () => {
    const [runner, sharer] = await Promise.all([signUp(), signUp()]);
    await befriend(runner, sharer);
    await updateSettings(sharer, { shareWeightProgress: true, goalWeightKg: 74, timezone: 'UTC' });
    const at = (daysAgo: number, hour: number) => {
      const day = new Date(Date.now() - daysAgo * 86_400_000);
      day.setUTCHours(hour, 0, 0, 0);
      return day;
    };
    // Means of 94 kg on the first day and 84 kg on the last: half of the way to 74 kg.
    for (const [measuredAt, weightKg] of [
      [at(20, 6), 91],
      [at(20, 18), 97],
      [at(1, 6), 85],
      [at(1, 18), 83],
    ] as const) {
      const { status } = await request('POST', '/parse/classes/WeightEntry', {
        sessionToken: sharer.sessionToken,
        body: { measuredAt: parseDate(measuredAt), weightKg },
      });
      expect(status).toBe(201);
    }

    const result = await ranking(runner, 'weightProgressPct', 'month');

    expect(result.rows.map((row) => [row.userId, row.value])).toEqual([[sharer.objectId, 50]]);
  });

  it('counts a logging streak of days with a workout, a meal or a weigh-in, still open until today ends', async () => {
    const [runner, logger, lateLogger] = await Promise.all([signUp(), signUp(), signUp()]);
    await befriend(runner, logger);
    await befriend(runner, lateLogger);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const weighIn = (owner: Account, at: Date) =>
      request('POST', '/parse/classes/WeightEntry', {
        sessionToken: owner.sessionToken,
        body: { measuredAt: parseDate(at), weightKg: 70 },
      });
    const meal = (owner: Account, at: Date) =>
      request('POST', '/parse/classes/Meal', {
        sessionToken: owner.sessionToken,
        body: { eatenAt: parseDate(at), mealType: 'lunch', name: 'Lentil soup', caloriesKcal: 320 },
      });
    // Today, yesterday and the day before, then a gap, then two more days: a streak of 3.
    expect((await weighIn(logger, daysAgo(0))).status).toBe(201);
    expect((await meal(logger, daysAgo(1))).status).toBe(201);
    await workout(logger, daysAgo(2), 30);
    await workout(logger, daysAgo(4), 30);
    await workout(logger, daysAgo(5), 30);
    // Nothing yet today: yesterday's streak of 2 still counts.
    expect((await meal(lateLogger, daysAgo(1))).status).toBe(201);
    expect((await meal(lateLogger, daysAgo(2))).status).toBe(201);

    const result = await ranking(runner, 'loggingStreak');
    const values = new Map(result.rows.map((row) => [row.userId, row.value]));

    expect(values.get(logger.objectId)).toBe(3);
    expect(values.get(lateLogger.objectId)).toBe(2);
    expect(values.get(runner.objectId)).toBe(0);
  });

  it('counts each person’s week in their own time zone', async () => {
    const [east, west] = await Promise.all([signUp(), signUp()]);
    await befriend(east, west);
    await updateSettings(east, { timezone: 'Pacific/Kiritimati' });
    await updateSettings(west, { timezone: 'Pacific/Pago_Pago' });
    // Now in Kiritimati (UTC+14) and Pago Pago (UTC−11) is 25 hours apart: a workout logged
    // 12 hours ago by each is in this week for one of them exactly when the local days differ.
    const twelveHoursAgo = new Date(Date.now() - 12 * 3_600_000);
    await workout(east, twelveHoursAgo, 20);
    await workout(west, twelveHoursAgo, 20);

    const result = await ranking(east, 'activeDays');
    const rows = new Map(result.rows.map((row) => [row.userId, row.value]));
    const localDay = (zone: string, date: Date) => date.toLocaleDateString('en-CA', { timeZone: zone });
    const weekStart = (zone: string) => {
      const today = new Date(`${localDay(zone, new Date())}T00:00:00Z`);
      return new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * 86_400_000)
        .toISOString()
        .slice(0, 10);
    };
    for (const [account, zone] of [
      [east, 'Pacific/Kiritimati'],
      [west, 'Pacific/Pago_Pago'],
    ] as const) {
      const expected = localDay(zone, twelveHoursAgo) >= weekStart(zone) ? 1 : 0;
      expect(rows.get(account.objectId)).toBe(expected);
    }
  });

  it('refuses an unknown metric or period, and anonymous callers', async () => {
    expect((await call('friendsRanking', me, { metric: 'weightKg', period: 'week' })).body.code).toBe(142);
    expect((await call('friendsRanking', me, { metric: 'activeMinutes', period: 'year' })).body.code).toBe(
      142,
    );
    expect(
      (await call('friendsRanking', undefined, { metric: 'activeMinutes', period: 'week' })).body.code,
    ).toBe(209);
  });
});
