import { isObjectId } from '../../src/domain/ids';
import { addDays, localDay, startOfLocalDay } from '../../src/domain/calendarDays';
import {
  challengeProblem,
  challengeState,
  MAX_CHALLENGE_MEMBERS,
  MAX_OPEN_CHALLENGES,
  rankRows,
  type ChallengeMetric,
  type ChallengeSummary,
  type Leaderboard,
  type MemberStatus,
} from '../../src/domain/challenges';
import {
  MASTER,
  numberOr,
  Parse,
  refusal,
  refuseProblem,
  requireUser,
  serverOnlyAcl,
  validationError,
} from '../parse';
import { challengeClass, challengeMemberClass } from '../schema/challenge';
import { friendshipClass } from '../schema/friendship';
import { settingsClass } from '../schema/settings';
import { queryOf, rowOf, setFields, type RowOf } from '../schema/rows';
import { challengeValuesOf } from '../store/challenges';
import { notify } from './notifications';
import { profiles } from './friends';
import { readTimeZoneParam, settingsOf, timeZoneOf } from './requestContext';
import { defineFunction, type CloudRequest } from './define';

const notFound = () => refusal(Parse.Error.OBJECT_NOT_FOUND, 'server.challenges.notFound');

function readChallengeId(params: Record<string, unknown>): string {
  const { challengeId } = params;
  if (!isObjectId(challengeId)) {
    throw validationError('server.challenges.challengeId');
  }
  return challengeId;
}

const userOf = (id: string) => Parse.User.createWithoutData(id);

type ChallengeRow = RowOf<typeof challengeClass>;

/** A Challenge row known by its id alone, for pointers and saves. */
const challengeRef = (id: string): ChallengeRow => rowOf(challengeClass, id);

/** The caller's membership of a challenge, with the challenge; undefined when they were never asked. */
async function membershipOf(challengeId: string, userId: string) {
  const member = await queryOf(challengeMemberClass)
    .equalTo('challenge', challengeRef(challengeId))
    .equalTo('user', userOf(userId))
    .include('challenge')
    .first(MASTER);
  return member ? { member, challenge: member.get('challenge') } : undefined;
}

/**
 * What `userId` may do in a challenge's chat room: its accepted members read it, and write in it
 * until the challenge ends; everyone else, nothing.
 */
export async function challengeRoomAccess(
  challengeId: string,
  userId: string,
): Promise<'none' | 'read' | 'write'> {
  const found = await membershipOf(challengeId, userId);
  if (!found || found.member.get('status') !== 'accepted') return 'none';
  const state = challengeState(found.challenge.get('startsAt'), found.challenge.get('endsAt'));
  return state === 'ended' ? 'read' : 'write';
}

/** Whether two people are accepted friends, whichever asked. */
async function acceptedFriendIds(userId: string, candidates: readonly string[]): Promise<Set<string>> {
  const me = userOf(userId);
  const others = candidates.map(userOf);
  const rows = await Parse.Query.or(
    queryOf(friendshipClass).equalTo('from', me).containedIn('to', others),
    queryOf(friendshipClass).equalTo('to', me).containedIn('from', others),
  )
    .equalTo('status', 'accepted')
    .limit(MAX_CHALLENGE_MEMBERS * 2)
    .find(MASTER);
  return new Set(
    rows.map((row) => {
      const from = String(row.get('from').id);
      return from === userId ? String(row.get('to').id) : from;
    }),
  );
}

function summaryOf(
  challenge: ChallengeRow,
  myStatus: MemberStatus,
  counts: { accepted: number; invited: number },
) {
  const summary: ChallengeSummary = {
    id: String(challenge.id),
    title: challenge.get('title'),
    metric: challenge.get('metric'),
    startDate: challenge.get('startDate'),
    endDate: challenge.get('endDate'),
    state: challengeState(challenge.get('startsAt'), challenge.get('endsAt')),
    creator: challenge.get('creatorName') ?? '',
    myStatus,
    ...counts,
  };
  return summary;
}

async function memberCounts(challenges: readonly ChallengeRow[]) {
  const rows = await queryOf(challengeMemberClass)
    .containedIn('challenge', [...challenges])
    .containedIn('status', ['accepted', 'invited'])
    .select('challenge', 'status')
    .limit(challenges.length * MAX_CHALLENGE_MEMBERS)
    .find(MASTER);
  const counts = new Map<string, { accepted: number; invited: number }>();
  for (const row of rows) {
    const id = String(row.get('challenge').id);
    const count = counts.get(id) ?? { accepted: 0, invited: 0 };
    if (row.get('status') === 'accepted') count.accepted += 1;
    else count.invited += 1;
    counts.set(id, count);
  }
  return counts;
}

/**
 * `createChallenge({ title, metric, startDate, endDate, friendIds, timeZone? })`: a challenge among
 * the caller and accepted friends (at most 20 people), over whole days in the caller's time zone,
 * starting today or later. The friends are invited and told; at most five open challenges a person
 * creates.
 */
async function createChallenge(request: CloudRequest<'createChallenge'>): Promise<ChallengeSummary> {
  const { user, userId } = requireUser(request.user);
  const timeZone = timeZoneOf(await settingsOf(user), readTimeZoneParam(request.params.timeZone));
  const problem = challengeProblem(request.params, localDay(new Date(), timeZone));
  if (problem) throw refuseProblem(problem);
  // What challengeProblem has checked.
  const { title, metric, startDate, endDate, friendIds } = request.params as {
    title: string;
    metric: ChallengeMetric;
    startDate: string;
    endDate: string;
    friendIds: unknown;
  };
  if (!Array.isArray(friendIds) || friendIds.length === 0 || !friendIds.every(isObjectId)) {
    throw validationError('server.challenges.friendIds');
  }
  const invitees = [...new Set(friendIds)].filter((id) => id !== userId);
  if (invitees.length + 1 > MAX_CHALLENGE_MEMBERS) {
    throw validationError('server.challenges.tooManyMembers', {
      field: 'friendIds',
      max: MAX_CHALLENGE_MEMBERS,
    });
  }
  const friends = await acceptedFriendIds(userId, invitees);
  if (invitees.length === 0 || invitees.some((id) => !friends.has(id))) {
    throw validationError('server.challenges.onlyFriends');
  }
  const open = await queryOf(challengeClass)
    .equalTo('createdBy', user)
    .greaterThan('endsAt', new Date())
    .count(MASTER);
  if (open >= MAX_OPEN_CHALLENGES) {
    throw validationError('server.challenges.tooManyOpen', { max: MAX_OPEN_CHALLENGES });
  }

  const challenge = rowOf(challengeClass);
  challenge.set({
    createdBy: user,
    creatorName: user.getUsername() ?? undefined,
    title: title.trim(),
    metric,
    startDate,
    endDate,
    timeZone,
    startsAt: startOfLocalDay(startDate, timeZone),
    endsAt: startOfLocalDay(addDays(endDate, 1), timeZone),
  });
  challenge.setACL(serverOnlyAcl());
  await challenge.save(null, MASTER);
  const members = [userId, ...invitees].map((id) => {
    const member = rowOf(challengeMemberClass);
    member.set({ challenge, user: userOf(id), status: id === userId ? 'accepted' : 'invited' });
    member.setACL(serverOnlyAcl());
    return member;
  });
  await Parse.Object.saveAll(members, MASTER);
  await Promise.all(
    invitees.map((id) =>
      notify(id, 'challenge-invite', { actor: user.getUsername() ?? '', subject: title.trim() }),
    ),
  );
  return summaryOf(challenge, 'accepted', { accepted: 1, invited: invitees.length });
}

/** `respondChallenge({ challengeId, accept })`: an invited person joins or declines, before it ends. */
async function respondChallenge(
  request: CloudRequest<'respondChallenge'>,
): Promise<{ status: MemberStatus }> {
  const { userId } = requireUser(request.user);
  const challengeId = readChallengeId(request.params);
  const { accept } = request.params;
  if (typeof accept !== 'boolean') throw validationError('server.params.trueOrFalse', { field: 'accept' });
  const found = await membershipOf(challengeId, userId);
  if (!found || found.member.get('status') !== 'invited') throw notFound();
  if (challengeState(found.challenge.get('startsAt'), found.challenge.get('endsAt')) === 'ended') {
    throw validationError('server.challenges.ended');
  }
  const status: MemberStatus = accept ? 'accepted' : 'declined';
  setFields(found.member, { status, respondedAt: new Date() });
  await found.member.save(null, MASTER);
  return { status };
}

/** `leaveChallenge({ challengeId })`: a member leaves; the challenge goes on without them. */
async function leaveChallenge(request: CloudRequest<'leaveChallenge'>): Promise<{ status: MemberStatus }> {
  const { userId } = requireUser(request.user);
  const challengeId = readChallengeId(request.params);
  const found = await membershipOf(challengeId, userId);
  if (!found || found.member.get('status') !== 'accepted') throw notFound();
  setFields(found.member, { status: 'left', respondedAt: new Date() });
  await found.member.save(null, MASTER);
  return { status: 'left' };
}

/** `listChallenges()`: the challenges the caller is invited to or takes part in, running ones first. */
async function listChallenges(request: CloudRequest<'listChallenges'>): Promise<ChallengeSummary[]> {
  const { user } = requireUser(request.user);
  const rows = await queryOf(challengeMemberClass)
    .equalTo('user', user)
    .containedIn('status', ['invited', 'accepted'])
    .include('challenge')
    .descending('createdAt')
    .limit(100)
    .find(MASTER);
  const challenges = rows.map((row) => ({
    challenge: row.get('challenge'),
    status: row.get('status'),
  }));
  const counts = await memberCounts(challenges.map(({ challenge }) => challenge));
  const order = { running: 0, upcoming: 1, ended: 2 } as const;
  return challenges
    .map(({ challenge, status }) =>
      summaryOf(challenge, status, counts.get(String(challenge.id)) ?? { accepted: 0, invited: 0 }),
    )
    .sort((a, b) => order[a.state] - order[b.state] || a.startDate.localeCompare(b.startDate));
}

/** What one statement sums per member for each metric (days in the challenge's time zone). */
/** Who shares their activity with friends; a member who does not is on the board without a value. */
async function sharingIds(memberIds: readonly string[]): Promise<Set<string>> {
  const settings = await queryOf(settingsClass)
    .containedIn('user', memberIds.map(userOf))
    .select('user', 'shareActivity')
    .limit(memberIds.length)
    .find(MASTER);
  const hidden = new Set(
    settings.flatMap((row) => (row.get('shareActivity') === false ? [String(row.get('user').id)] : [])),
  );
  return new Set(memberIds.filter((id) => !hidden.has(id)));
}

/**
 * `challengeLeaderboard({ challengeId })`: the accepted members ranked by the challenge's metric
 * over its days so far, for its members only. Like the ranking it shows only what a member
 * shares and never a weight. Once it has ended the winners are named, and everyone is told once.
 */
async function challengeLeaderboard(request: CloudRequest<'challengeLeaderboard'>): Promise<Leaderboard> {
  const { userId } = requireUser(request.user);
  const challengeId = readChallengeId(request.params);
  // Every member with the challenge in one query: the caller must be an accepted one.
  const members = await queryOf(challengeMemberClass)
    .equalTo('challenge', challengeRef(challengeId))
    .containedIn('status', ['accepted', 'invited'])
    .include('challenge')
    .limit(MAX_CHALLENGE_MEMBERS)
    .find(MASTER);
  const memberId = (row: (typeof members)[number]) => String(row.get('user').id);
  const mine = members.find((row) => memberId(row) === userId);
  if (!mine || mine.get('status') !== 'accepted') throw notFound();
  const challenge = mine.get('challenge');
  const acceptedIds = members.flatMap((row) => (row.get('status') === 'accepted' ? [memberId(row)] : []));
  const metric = challenge.get('metric');
  const startsAt = challenge.get('startsAt');
  const endsAt = challenge.get('endsAt');
  const now = new Date();
  const [values, sharing, names] = await Promise.all([
    challengeValuesOf(
      acceptedIds,
      metric,
      startsAt,
      new Date(Math.min(now.getTime(), endsAt.getTime())),
      challenge.get('timeZone'),
    ),
    sharingIds(acceptedIds),
    profiles(acceptedIds),
  ]);
  const rows = rankRows(
    acceptedIds.map((id) => {
      const profile = names.get(id);
      return {
        userId: id,
        username: profile?.username ?? '',
        displayName: profile?.displayName ?? '',
        avatarUrl: profile?.avatarUrl ?? null,
        value: id === userId || sharing.has(id) ? (values.get(id) ?? 0) : null,
        me: id === userId,
      };
    }),
  );
  const state = challengeState(startsAt, endsAt, now);
  const best = rows[0]?.value ?? 0;
  const winners =
    state === 'ended' && best > 0 ? rows.filter((row) => row.rank === 1).map((row) => row.userId) : [];
  if (state === 'ended') {
    await announceResult(
      challenge,
      acceptedIds,
      rows.find((row) => row.rank === 1 && best > 0),
    );
  }
  const counts = { accepted: acceptedIds.length, invited: members.length - acceptedIds.length };
  return { challenge: summaryOf(challenge, 'accepted', counts), rows, winners };
}

/** Tells every member the result, once however many ask for the board at the same time. */
async function announceResult(
  challenge: ChallengeRow,
  memberIds: readonly string[],
  winner: { username: string } | undefined,
): Promise<void> {
  if (numberOr(challenge.get('announced'), 0) > 0) return;
  // Only the request whose increment makes it 1 announces: Parse increments in one statement.
  const claim = challengeRef(String(challenge.id));
  claim.increment('announced');
  await claim.save(null, MASTER);
  if (claim.get('announced') !== 1) return;
  await Promise.all(
    memberIds.map((id) =>
      notify(id, 'challenge-result', {
        subject: challenge.get('title'),
        actor: winner?.username ?? '',
      }),
    ),
  );
}

export function registerChallengeFunctions(): void {
  defineFunction('createChallenge', createChallenge);
  defineFunction('respondChallenge', respondChallenge);
  defineFunction('leaveChallenge', leaveChallenge);
  defineFunction('listChallenges', listChallenges);
  defineFunction('challengeLeaderboard', challengeLeaderboard);
}
