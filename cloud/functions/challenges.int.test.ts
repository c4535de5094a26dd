import { describe, expect, it } from 'vitest';
import { challengeRoomKey, type ChallengeSummary, type Leaderboard } from '../../src/domain/challenges';
import type { NotificationList } from '../../src/domain/notifications';
import { parseDate, request, signUp, updateSettings, type Account } from '../../server/test/rest';

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

async function call(name: string, account: Account | undefined, params: Record<string, unknown> = {}) {
  const { status, body } = await request('POST', `/parse/functions/${name}`, {
    ...(account ? { sessionToken: account.sessionToken } : {}),
    body: params,
  });
  return { status, body, result: body.result, code: body.code };
}

async function befriend(a: Account, b: Account): Promise<void> {
  await call('sendFriendRequest', a, { username: b.username });
  const { result } = await call('sendFriendRequest', b, { username: a.username });
  expect(result).toMatchObject({ status: 'accepted' });
}

/** A challenge from today for a week, UTC days. */
function week(friends: readonly Account[], extra: Record<string, unknown> = {}) {
  return {
    title: 'Autumn minutes',
    metric: 'activeMinutes',
    startDate: day(0),
    endDate: day(7),
    friendIds: friends.map((friend) => friend.objectId),
    timeZone: 'UTC',
    ...extra,
  };
}

async function created(creator: Account, friends: readonly Account[], extra: Record<string, unknown> = {}) {
  const { result, body } = await call('createChallenge', creator, week(friends, extra));
  if (!result) throw new Error(`createChallenge answered ${JSON.stringify(body)}`);
  return result as ChallengeSummary;
}

async function workout(owner: Account, startedAt: Date, durationMin: number) {
  const { status } = await request('POST', '/parse/classes/Activity', {
    sessionToken: owner.sessionToken,
    body: { type: 'run', startedAt: parseDate(startedAt), durationMin, distanceKm: durationMin / 6 },
  });
  expect(status).toBe(201);
}

/** Moves a challenge's days (only the server's master key can). */
async function moveTo(challengeId: string, startsAt: Date, endsAt: Date) {
  const { status } = await request('PUT', `/parse/classes/Challenge/${challengeId}`, {
    masterKey: true,
    body: { startsAt: parseDate(startsAt), endsAt: parseDate(endsAt) },
  });
  expect(status).toBe(200);
}

async function rename(account: Account, displayName: string): Promise<void> {
  const { status } = await request('PUT', `/parse/users/${account.objectId}`, {
    sessionToken: account.sessionToken,
    body: { displayName },
  });
  expect(status).toBe(200);
}

const post = (account: Account, room: string, text: string) =>
  request('POST', '/parse/classes/ChatMessage', { sessionToken: account.sessionToken, body: { room, text } });

const roomMessages = (account: Account, room: string) =>
  request('GET', `/parse/classes/ChatMessage?where=${encodeURIComponent(JSON.stringify({ room }))}`, {
    sessionToken: account.sessionToken,
  });

describe('challenges', () => {
  it('invites friends, who accept or decline; the rest can neither see nor join it', async () => {
    const [ana, ben, cal, dee] = await Promise.all([signUp(), signUp(), signUp(), signUp()]);
    await befriend(ana, ben);
    await befriend(ana, cal);
    await rename(ana, 'Ana Lima');

    const challenge = await created(ana, [ben, cal]);

    expect(challenge).toMatchObject({ state: 'running', myStatus: 'accepted', accepted: 1, invited: 2 });
    const bensList = (await call('listChallenges', ben)).result as ChallengeSummary[];
    expect(bensList).toEqual([
      expect.objectContaining({ id: challenge.id, myStatus: 'invited', creator: 'Ana Lima' }),
    ]);
    expect((await call('listChallenges', dee)).result).toEqual([]);
    // A stranger can neither answer an invitation nor read the board; nobody learns it exists.
    expect((await call('respondChallenge', dee, { challengeId: challenge.id, accept: true })).code).toBe(101);
    expect((await call('challengeLeaderboard', dee, { challengeId: challenge.id })).code).toBe(101);
    expect((await call('challengeLeaderboard', ben, { challengeId: challenge.id })).code).toBe(101);
    expect((await call('challengeLeaderboard', undefined, { challengeId: challenge.id })).code).toBe(209);
    expect(
      (await request('GET', '/parse/classes/Challenge', { sessionToken: ben.sessionToken })).status,
    ).not.toBe(200);
    expect(
      (await request('GET', '/parse/classes/ChallengeMember', { sessionToken: ben.sessionToken })).status,
    ).not.toBe(200);

    expect((await call('respondChallenge', ben, { challengeId: challenge.id, accept: true })).result).toEqual(
      {
        status: 'accepted',
      },
    );
    expect(
      (await call('respondChallenge', cal, { challengeId: challenge.id, accept: false })).result,
    ).toEqual({
      status: 'declined',
    });
    // Once answered, an invitation cannot be answered again.
    expect((await call('respondChallenge', cal, { challengeId: challenge.id, accept: true })).code).toBe(101);
    const board = (await call('challengeLeaderboard', ben, { challengeId: challenge.id }))
      .result as Leaderboard;
    expect(board.rows.map((row) => row.userId).sort()).toEqual([ana.objectId, ben.objectId].sort());
    expect((await call('challengeLeaderboard', cal, { challengeId: challenge.id })).code).toBe(101);

    const bell = (await call('listNotifications', ben)).result as NotificationList;
    expect(bell.notifications[0]).toMatchObject({
      kind: 'challenge-invite',
      actor: 'Ana Lima',
      subject: 'Autumn minutes',
      challengeId: challenge.id,
    });
  });

  it('shows its members who joined, who is asked and who declined to its members only', async () => {
    const [ana, ben, cal, dee, eve] = await Promise.all([signUp(), signUp(), signUp(), signUp(), signUp()]);
    await Promise.all([befriend(ana, ben), befriend(ana, cal), befriend(ana, dee), befriend(ana, eve)]);
    await rename(ben, 'Ben Okafor');
    const challenge = await created(ana, [ben, cal, dee]);
    await call('respondChallenge', ben, { challengeId: challenge.id, accept: true });
    await call('respondChallenge', cal, { challengeId: challenge.id, accept: false });

    const membersSeenBy = async (account: Account | undefined) => {
      const { result, code } = await call('listChallenges', account);
      const found = (result as ChallengeSummary[] | undefined)?.find((one) => one.id === challenge.id);
      return found
        ? found.members.map(({ userId, displayName, status, creator }) => ({
            userId,
            displayName,
            status,
            creator,
          }))
        : code;
    };
    const expected = [
      { userId: ana.objectId, displayName: ana.username, status: 'accepted', creator: true },
      { userId: ben.objectId, displayName: 'Ben Okafor', status: 'accepted', creator: false },
      { userId: dee.objectId, displayName: dee.username, status: 'invited', creator: false },
      { userId: cal.objectId, displayName: cal.username, status: 'declined', creator: false },
    ];

    expect(await membersSeenBy(ana)).toEqual(expected);
    expect(await membersSeenBy(ben)).toEqual(expected);
    // Still asked: they see who else is in before they answer.
    expect(await membersSeenBy(dee)).toEqual(expected);
    // Who declined, a friend of the creator never asked, and a caller without a session learn nothing.
    expect(await membersSeenBy(cal)).toBeUndefined();
    expect(await membersSeenBy(eve)).toBeUndefined();
    expect(await membersSeenBy(undefined)).toBe(209);
    const board = (await call('challengeLeaderboard', ben, { challengeId: challenge.id }))
      .result as Leaderboard;
    expect(board.challenge.members).toHaveLength(4);
  });

  it.each([
    ['title', { title: ' ' }],
    ['metric', { metric: 'weightKg' }],
    ['startDate', { startDate: day(-1) }],
    ['startDate', { startDate: '2026-02-30' }],
    ['endDate', { endDate: day(0) }],
    ['endDate', { endDate: day(57) }],
    ['friendIds', { friendIds: [] }],
    ['friendIds', { friendIds: ['../etc'] }],
    ['timeZone', { timeZone: 'Mars/Olympus' }],
  ])('refuses a bad %s with 142 naming it', async (field, extra) => {
    const [eve, fay] = await Promise.all([signUp(), signUp()]);
    await befriend(eve, fay);

    const { code, body } = await call('createChallenge', eve, week([fay], extra));

    expect(code).toBe(142);
    expect(String(body.error)).toContain(field);
  });

  it('invites only accepted friends, at most 20 people, and keeps five open challenges a person', async () => {
    const [gil, hal, ivy] = await Promise.all([signUp(), signUp(), signUp()]);
    await befriend(gil, hal);
    await call('sendFriendRequest', gil, { username: ivy.username });

    const pending = await call('createChallenge', gil, week([hal, ivy]));
    const many = await call('createChallenge', gil, {
      ...week([hal]),
      friendIds: Array.from({ length: 20 }, (_, index) => `user${String(index).padStart(6, '0')}`),
    });
    const anonymous = await call('createChallenge', undefined, week([hal]));
    for (let index = 0; index < 5; index += 1) await created(gil, [hal], { title: `Round ${index + 1}` });
    const sixth = await call('createChallenge', gil, week([hal]));

    expect(pending.body).toMatchObject({ code: 142, error: 'friendIds may name only your friends.' });
    expect(many.body).toMatchObject({
      code: 142,
      error: 'A challenge holds at most 20 people, you included.',
      field: 'friendIds',
    });
    expect(anonymous.code).toBe(209);
    expect(sixth.body).toMatchObject({
      code: 142,
      error: 'You have 5 challenges that have not ended; wait for one to end.',
    });
  });

  it('ranks the accepted members by their logs inside the challenge, hiding what a member does not share', async () => {
    const [jan, kai, lou] = await Promise.all([signUp(), signUp(), signUp()]);
    await befriend(jan, kai);
    await befriend(jan, lou);
    const challenge = await created(jan, [kai, lou]);
    await call('respondChallenge', kai, { challengeId: challenge.id, accept: true });
    await call('respondChallenge', lou, { challengeId: challenge.id, accept: true });
    await updateSettings(lou, { shareActivity: false });
    const soon = new Date(Date.now() - 60_000);
    await workout(jan, soon, 30);
    await workout(kai, soon, 45);
    await workout(kai, new Date(Date.now() - 3 * DAY_MS), 300);
    await workout(lou, soon, 90);

    const board = (await call('challengeLeaderboard', jan, { challengeId: challenge.id }))
      .result as Leaderboard;

    expect(board.rows.map((row) => [row.username, row.value, row.rank])).toEqual([
      [kai.username, 45, 1],
      [jan.username, 30, 2],
      [lou.username, null, null],
    ]);
    expect(board.winners).toEqual([]);
    expect(JSON.stringify(board)).not.toMatch(/weight/i);
  });

  it('counts a logging day for a workout, a meal or a weigh-in, once a day, inside the challenge only', async () => {
    const [mia, ned] = await Promise.all([signUp(), signUp()]);
    await befriend(mia, ned);
    const challenge = await created(mia, [ned], { metric: 'loggingDays', title: 'Log every day' });
    await call('respondChallenge', ned, { challengeId: challenge.id, accept: true });
    // Logs a whole number of days apart are on different days, whatever the hour now.
    const base = Date.now() - 60_000;
    const at = (daysAgo: number) => new Date(base - daysAgo * DAY_MS);
    // Started at midnight (UTC) three days before the latest log, ends in four days.
    const startsAt = new Date(`${at(3).toISOString().slice(0, 10)}T00:00:00Z`);
    await moveTo(challenge.id, startsAt, new Date(base + 4 * DAY_MS));
    const log = async (account: Account, className: string, body: Record<string, unknown>) => {
      const { status } = await request('POST', `/parse/classes/${className}`, {
        sessionToken: account.sessionToken,
        body,
      });
      expect(status).toBe(201);
    };
    const meal = (eatenAt: Date) => ({
      eatenAt: parseDate(eatenAt),
      mealType: 'lunch',
      name: 'Soup',
      caloriesKcal: 300,
    });
    // Mia: a meal two days ago, a weigh-in yesterday, a workout and a meal today: three days.
    await log(mia, 'Meal', meal(at(2)));
    await log(mia, 'WeightEntry', { measuredAt: parseDate(at(1)), weightKg: 70 });
    await workout(mia, at(0), 20);
    await log(mia, 'Meal', meal(at(0)));
    // Ned: two meals today, and a weigh-in before the challenge began: one day.
    await log(ned, 'Meal', meal(at(0)));
    await log(ned, 'Meal', meal(at(0)));
    await log(ned, 'WeightEntry', {
      measuredAt: parseDate(new Date(startsAt.getTime() - DAY_MS)),
      weightKg: 80,
    });

    const board = (await call('challengeLeaderboard', ned, { challengeId: challenge.id }))
      .result as Leaderboard;

    expect(board.rows.map((row) => [row.username, row.value, row.rank])).toEqual([
      [mia.username, 3, 1],
      [ned.username, 1, 2],
    ]);
  });

  it('gives its members a room of their own, read-only once it has ended; a leaver loses it', async () => {
    const [max, ned, oli] = await Promise.all([signUp(), signUp(), signUp()]);
    await befriend(max, ned);
    await befriend(max, oli);
    const challenge = await created(max, [ned, oli]);
    await call('respondChallenge', ned, { challengeId: challenge.id, accept: true });
    const room = challengeRoomKey(challenge.id);

    const byMember = await post(ned, room, 'See you at the track');
    const byInvited = await post(oli, room, 'Not yet in');
    const read = await roomMessages(max, room);
    const readByInvited = await roomMessages(oli, room);

    expect(byMember.status).toBe(201);
    expect(byInvited.status).not.toBe(201);
    expect((read.body.results ?? []).map((message) => message.text)).toEqual(['See you at the track']);
    expect(readByInvited.status).not.toBe(200);
    // A query not confined to the room cannot reach its messages either.
    const byId = await request('GET', `/parse/classes/ChatMessage/${String(byMember.body.objectId)}`, {
      sessionToken: oli.sessionToken,
    });
    expect(byId.status).not.toBe(200);

    await moveTo(challenge.id, new Date(Date.now() - 8 * DAY_MS), new Date(Date.now() - DAY_MS));
    expect((await post(ned, room, 'Too late')).status).not.toBe(201);
    expect((await roomMessages(ned, room)).status).toBe(200);

    await call('leaveChallenge', ned, { challengeId: challenge.id });
    expect((await roomMessages(ned, room)).status).not.toBe(200);
    expect((await call('challengeLeaderboard', ned, { challengeId: challenge.id })).code).toBe(101);
  });

  it("keeps a room's messages from everyone but its members, whatever the query asks", async () => {
    const [sam, tia, uma, vic] = await Promise.all([signUp(), signUp(), signUp(), signUp()]);
    await befriend(sam, tia);
    await befriend(sam, uma);
    const challenge = await created(sam, [tia, uma]);
    await call('respondChallenge', tia, { challengeId: challenge.id, accept: true });
    const room = challengeRoomKey(challenge.id);
    expect((await post(sam, room, 'launch at dawn')).status).toBe(201);
    expect((await post(tia, room, 'count me in')).status).toBe(201);
    await call('leaveChallenge', tia, { challengeId: challenge.id });
    /** How many messages `account` is told match `where`, or the refusal's code. */
    const counted = async (account: Account | undefined, where: Record<string, unknown>) => {
      const query = `count=1&limit=0&where=${encodeURIComponent(JSON.stringify(where))}`;
      const { body } = await request('GET', `/parse/classes/ChatMessage?${query}`, {
        ...(account ? { sessionToken: account.sessionToken } : {}),
      });
      return body.count ?? body.code;
    };
    const oracles = [
      { room: { $in: [room] } },
      { room: { $in: [room] }, text: { $gte: 'launch' } },
      // Every challenge room, known or not (';' follows ':').
      { room: { $gte: 'challenge:', $lt: 'challenge;' } },
      { room: { $regex: '^challenge' }, author: { $exists: true } },
    ];

    // The stranger, the invited person who has not answered, the leaver and nobody signed in.
    for (const outsider of [vic, uma, tia, undefined]) {
      for (const where of oracles) {
        // Nothing counted: zero, or refused outright (102 bad query, 119 not allowed, 209 no session).
        expect([0, 102, 119, 209], JSON.stringify(where)).toContain(await counted(outsider, where));
      }
    }
    expect(await counted(sam, { room: { $in: [room] }, text: { $gte: 'launch' } })).toBe(1);
    expect(await counted(sam, { room: { $in: [room] } })).toBe(2);
  });

  it('names the winner once it has ended and tells every member once, however many ask at once', async () => {
    const [pia, rex] = await Promise.all([signUp(), signUp()]);
    await befriend(pia, rex);
    const challenge = await created(pia, [rex], { metric: 'workouts' });
    await call('respondChallenge', rex, { challengeId: challenge.id, accept: true });
    await workout(rex, new Date(Date.now() - 5 * 60_000), 20);
    await moveTo(challenge.id, new Date(Date.now() - 2 * DAY_MS), new Date(Date.now() - 60_000));

    const boards = await Promise.all(
      [pia, rex, pia, rex].map((account) =>
        call('challengeLeaderboard', account, { challengeId: challenge.id }),
      ),
    );

    for (const { result } of boards) {
      expect(result).toMatchObject({ winners: [rex.objectId], challenge: { state: 'ended' } });
    }
    for (const account of [pia, rex]) {
      const bell = (await call('listNotifications', account)).result as NotificationList;
      const results = bell.notifications.filter((row) => row.kind === 'challenge-result');
      expect(results).toEqual([
        expect.objectContaining({
          actor: rex.username,
          subject: 'Autumn minutes',
          challengeId: challenge.id,
        }),
      ]);
    }
    expect((await call('respondChallenge', rex, { challengeId: challenge.id, accept: false })).code).toBe(
      101,
    );
  });

  it('tells its members the result when one of them next opens the friends page, naming the winner as they are called now', async () => {
    const [pia, rex] = await Promise.all([signUp(), signUp()]);
    await befriend(pia, rex);
    const challenge = await created(pia, [rex], { metric: 'workouts' });
    await call('respondChallenge', rex, { challengeId: challenge.id, accept: true });
    await workout(pia, new Date(Date.now() - 5 * 60_000), 20);
    await moveTo(challenge.id, new Date(Date.now() - 2 * DAY_MS), new Date(Date.now() - 60_000));

    await call('listChallenges', rex);
    await call('listChallenges', pia);
    await rename(pia, 'Pia Sund');

    for (const account of [pia, rex]) {
      const bell = (await call('listNotifications', account)).result as NotificationList;
      expect(bell.notifications.filter((row) => row.kind === 'challenge-result')).toEqual([
        expect.objectContaining({ actor: 'Pia Sund', challengeId: challenge.id }),
      ]);
    }
  });
});
