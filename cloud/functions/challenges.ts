import { isObjectId } from '../../src/domain/ids';
import { addDays, localDay, startOfLocalDay } from '../../src/domain/calendarDays';
import {
  challengeProblem,
  challengeState,
  MAX_CHALLENGE_MEMBERS,
  MAX_OPEN_CHALLENGES,
  rankRows,
  sortedMembers,
  type ChallengeMember,
  type ChallengeMetric,
  type ChallengeSummary,
  type Leaderboard,
  type LeaderboardRow,
  type MemberStatus,
} from '../../src/domain/challenges';
import {
  MASTER,
  MASTER_PAGES,
  numberOr,
  Parse,
  refusal,
  refuseProblem,
  requireUser,
  serverOnlyAcl,
  userPointer,
  validationError,
} from '../parse';
import { challengeClass, challengeMemberClass } from '../schema/challenge';
import { friendshipClass } from '../schema/friendship';
import { settingsClass } from '../schema/settings';
import { queryOf, rowOf, setFields, type RowOf } from '../schema/rows';
import { challengeValuesOf } from '../store/challenges';
import { notify } from './notifications';
import { profiles, profilesSeenBy } from './profiles';
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

type ChallengeRow = RowOf<typeof challengeClass>;

/** A Challenge row known by its id alone, for pointers and saves. */
const challengeRef = (id: string): ChallengeRow => rowOf(challengeClass, id);

/** The caller's membership of a challenge, with the challenge; undefined when they were never asked. */
async function membershipOf(challengeId: string, userId: string) {
  const member = await queryOf(challengeMemberClass)
    .equalTo('challenge', challengeRef(challengeId))
    .equalTo('user', userPointer(userId))
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
  const me = userPointer(userId);
  const others = candidates.map(userPointer);
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

type MemberRows = Map<string, ChallengeMember[]>;

function summaryOf(challenge: ChallengeRow, myStatus: MemberStatus, members: readonly ChallengeMember[]) {
  const creatorId = challenge.get('createdBy').id;
  const creator = members.find((member) => member.userId === creatorId);
  const summary: ChallengeSummary = {
    id: String(challenge.id),
    title: challenge.get('title'),
    metric: challenge.get('metric'),
    startDate: challenge.get('startDate'),
    endDate: challenge.get('endDate'),
    state: challengeState(challenge.get('startsAt'), challenge.get('endsAt')),
    creator: creator?.displayName ?? challenge.get('creatorName') ?? '',
    myStatus,
    accepted: members.filter((member) => member.status === 'accepted').length,
    invited: members.filter((member) => member.status === 'invited').length,
    members: sortedMembers(members),
  };
  return summary;
}

/**
 * Everyone asked to each of `challenges`, named as `viewerId` sees them (someone who has blocked the
 * viewer is left out). Only for challenges the viewer is a member of: the callers check that.
 */
async function membersOf(challenges: readonly ChallengeRow[], viewerId: string): Promise<MemberRows> {
  if (challenges.length === 0) return new Map();
  const rows = await queryOf(challengeMemberClass)
    .containedIn('challenge', [...challenges])
    .select('challenge', 'user', 'status')
    .findAll(MASTER_PAGES);
  const people = await profilesSeenBy(
    viewerId,
    rows.map((row) => String(row.get('user').id)),
  );
  const creators = new Map(
    challenges.map((challenge) => [String(challenge.id), challenge.get('createdBy').id]),
  );
  const members: MemberRows = new Map();
  for (const row of rows) {
    const challengeId = String(row.get('challenge').id);
    const userId = String(row.get('user').id);
    const person = people.get(userId);
    if (!person) continue;
    const list = members.get(challengeId) ?? [];
    list.push({ ...person, status: row.get('status'), creator: creators.get(challengeId) === userId });
    members.set(challengeId, list);
  }
  return members;
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
  const memberRows = [userId, ...invitees].map((id) => {
    const member = rowOf(challengeMemberClass);
    member.set({ challenge, user: userPointer(id), status: id === userId ? 'accepted' : 'invited' });
    member.setACL(serverOnlyAcl());
    return member;
  });
  await Parse.Object.saveAll(memberRows, MASTER);
  await Promise.all(
    invitees.map((id) =>
      notify(id, 'challenge-invite', {
        actorId: userId,
        subject: title.trim(),
        challengeId: String(challenge.id),
      }),
    ),
  );
  const members = await membersOf([challenge], userId);
  return summaryOf(challenge, 'accepted', members.get(String(challenge.id)) ?? []);
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
  const { user, userId } = requireUser(request.user);
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
  const members = await membersOf(
    challenges.map(({ challenge }) => challenge),
    userId,
  );
  // A challenge that has ended is announced by the first of its members to come by, if nobody has.
  await Promise.all(
    challenges
      .filter(({ challenge }) => isUnannounced(challenge))
      .map(({ challenge }) => announceResult(challenge)),
  );
  const order = { running: 0, upcoming: 1, ended: 2 } as const;
  return challenges
    .map(({ challenge, status }) => summaryOf(challenge, status, members.get(String(challenge.id)) ?? []))
    .sort((a, b) => order[a.state] - order[b.state] || a.startDate.localeCompare(b.startDate));
}

/** Who shares their activity with friends; a member who does not is on the board without a value. */
async function sharingIds(memberIds: readonly string[]): Promise<Set<string>> {
  const settings = await queryOf(settingsClass)
    .containedIn('user', memberIds.map(userPointer))
    .select('user', 'shareActivity')
    .limit(memberIds.length)
    .find(MASTER);
  const hidden = new Set(
    settings.flatMap((row) => (row.get('shareActivity') === false ? [String(row.get('user').id)] : [])),
  );
  return new Set(memberIds.filter((id) => !hidden.has(id)));
}

/** The accepted members' values of the challenge's metric over its days so far, ranked. */
async function standingsOf(challenge: ChallengeRow, acceptedIds: readonly string[], viewerId: string) {
  const endsAt = challenge.get('endsAt');
  const [values, sharing, names] = await Promise.all([
    challengeValuesOf(
      acceptedIds,
      challenge.get('metric'),
      challenge.get('startsAt'),
      new Date(Math.min(Date.now(), endsAt.getTime())),
      challenge.get('timeZone'),
    ),
    sharingIds(acceptedIds),
    profiles(acceptedIds),
  ]);
  return rankRows(
    acceptedIds.map((id) => {
      const profile = names.get(id);
      return {
        userId: id,
        username: profile?.username ?? '',
        displayName: profile?.displayName ?? '',
        avatarUrl: profile?.avatarUrl ?? null,
        value: id === viewerId || sharing.has(id) ? (values.get(id) ?? 0) : null,
        me: id === viewerId,
      };
    }),
  );
}

/** The members ranked first once a challenge has ended, when someone has a value above 0. */
function winnersOf(rows: readonly LeaderboardRow[]): LeaderboardRow[] {
  const best = rows[0]?.value ?? 0;
  return best > 0 ? rows.filter((row) => row.rank === 1) : [];
}

/**
 * `challengeLeaderboard({ challengeId })`: the accepted members ranked by the challenge's metric
 * over its days so far, for its members only. Like the ranking it shows only what a member
 * shares and never a weight. Once it has ended the winners are named, and everyone is told once.
 */
async function challengeLeaderboard(request: CloudRequest<'challengeLeaderboard'>): Promise<Leaderboard> {
  const { userId } = requireUser(request.user);
  const challengeId = readChallengeId(request.params);
  const found = await membershipOf(challengeId, userId);
  if (!found || found.member.get('status') !== 'accepted') throw notFound();
  const { challenge } = found;
  const members = (await membersOf([challenge], userId)).get(challengeId) ?? [];
  const acceptedIds = members.flatMap((member) => (member.status === 'accepted' ? [member.userId] : []));
  const rows = await standingsOf(challenge, acceptedIds, userId);
  const ended = challengeState(challenge.get('startsAt'), challenge.get('endsAt')) === 'ended';
  if (ended) await announceResult(challenge);
  return {
    challenge: summaryOf(challenge, 'accepted', members),
    rows,
    winners: ended ? winnersOf(rows).map((row) => row.userId) : [],
  };
}

const isUnannounced = (challenge: ChallengeRow) =>
  numberOr(challenge.get('announced'), 0) === 0 &&
  challengeState(challenge.get('startsAt'), challenge.get('endsAt')) === 'ended';

/**
 * Tells every accepted member the result of an ended challenge, once however many ask at the same
 * time; the winner is named as each member reads it (cloud/functions/notifications.ts).
 */
async function announceResult(challenge: ChallengeRow): Promise<void> {
  if (numberOr(challenge.get('announced'), 0) > 0) return;
  // Only the request whose increment makes it 1 announces: Parse increments in one statement.
  const claim = challengeRef(String(challenge.id));
  claim.increment('announced');
  await claim.save(null, MASTER);
  if (claim.get('announced') !== 1) return;
  const accepted = await queryOf(challengeMemberClass)
    .equalTo('challenge', challengeRef(String(challenge.id)))
    .equalTo('status', 'accepted')
    .select('user')
    .limit(MAX_CHALLENGE_MEMBERS)
    .find(MASTER);
  const memberIds = accepted.map((row) => String(row.get('user').id));
  // As nobody in particular sees it: a member who does not share their activity is never named.
  const [winner] = winnersOf(await standingsOf(challenge, memberIds, ''));
  await Promise.all(
    memberIds.map((id) =>
      notify(id, 'challenge-result', {
        subject: challenge.get('title'),
        actorId: winner?.userId,
        challengeId: String(challenge.id),
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
