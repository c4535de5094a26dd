import { userRules } from '../../src/domain/contract';
import { isObjectId } from '../../src/domain/ids';
import {
  FRIEND_REQUESTS_PER_HOUR,
  SEARCH_MAX_LENGTH,
  SEARCH_MAX_RESULTS,
  SEARCH_MIN_LENGTH,
  type Friendships,
  type PublicProfile,
  type Ranking,
  type Relation,
  type SearchResult,
} from '../../src/domain/friends';
import {
  MASTER,
  MASTER_PAGES,
  Parse,
  readableBy,
  refusal,
  requireUser,
  userPointer,
  validationError,
} from '../parse';
import { notify } from './notifications';
import { profiles } from './profiles';
import { computeRanking, readRankingParams } from './ranking';
import type { MessageId, MessageValues } from '../../src/i18n/messages';
import { defineFunction, type CloudRequest } from './define';
import { queryOf, rowOf, setFields } from '../schema/rows';
import { friendIdsOf, peopleMatching, relationBetween, type FriendshipRow } from '../store/people';
import { friendshipClass } from '../schema/friendship';

const HOUR_MS = 3_600_000;

const pointerId = (row: { id?: string | undefined }) => row.id ?? '';

function notFound(messageId: MessageId, values?: MessageValues): Error {
  return refusal(Parse.Error.OBJECT_NOT_FOUND, messageId, values);
}

/** PostgreSQL text cannot hold U+0000: a name or search with it fails in the database. */
function refuseNul(text: string, field: string): void {
  if (text.includes('\u0000')) throw validationError('server.friends.notAllowedCharacters', { field });
}

function readId(value: unknown, field: string): string {
  if (!isObjectId(value)) throw validationError('server.friends.invalid', { field });
  return value;
}

/** Every Friendship row the person is part of, whatever its status (in pages: maxLimit caps one find). */
async function relationshipsOf(userId: string): Promise<FriendshipRow[]> {
  const me = userPointer(userId);
  return Parse.Query.or(
    queryOf(friendshipClass).equalTo('from', me),
    queryOf(friendshipClass).equalTo('to', me),
  ).findAll(MASTER_PAGES);
}

function otherParty(row: FriendshipRow, userId: string): string {
  const from = pointerId(row.get('from'));
  return from === userId ? pointerId(row.get('to')) : from;
}

/** The relation as the person sees it; a block by the other side is not revealed (null). */
function relationSeenBy(row: FriendshipRow, userId: string): Relation | null {
  const fromMe = pointerId(row.get('from')) === userId;
  switch (row.get('status')) {
    case 'accepted':
      return 'friend';
    case 'pending':
      return fromMe ? 'outgoing' : 'incoming';
    case 'declined':
      // Whoever was declined keeps seeing the request as sent; the one who declined sees nothing.
      return fromMe ? 'outgoing' : 'none';
    case 'blocked':
      return fromMe ? 'blocked' : null;
    default:
      return 'none';
  }
}

function friendship(fromId: string, toId: string, status: string): FriendshipRow {
  const row = rowOf(friendshipClass);
  row.set({ from: userPointer(fromId), to: userPointer(toId), status });
  row.setACL(readableBy(fromId, toId));
  return row;
}

async function searchUsers(request: CloudRequest<'searchUsers'>): Promise<SearchResult[]> {
  const { userId } = requireUser(request.user);
  const query = typeof request.params.query === 'string' ? request.params.query.trim() : '';
  if ([...query].length < SEARCH_MIN_LENGTH || query.length > SEARCH_MAX_LENGTH) {
    throw validationError('server.friends.queryLength', { min: SEARCH_MIN_LENGTH });
  }
  refuseNul(query, 'query');
  const rows = await relationshipsOf(userId);
  const relations = new Map(rows.map((row) => [otherParty(row, userId), relationSeenBy(row, userId)]));
  const hidden = (id: string) =>
    id === userId || relations.get(id) === null || relations.get(id) === 'blocked';

  const ids = (await peopleMatching(query, SEARCH_MAX_RESULTS + 50))
    .filter((id) => !hidden(id))
    .slice(0, SEARCH_MAX_RESULTS);
  const people = await profiles(ids);
  return ids.flatMap((id) => {
    const person = people.get(id);
    return person ? [{ ...person, relation: relations.get(id) ?? 'none' }] : [];
  });
}

async function listFriendships(request: CloudRequest<'listFriendships'>): Promise<Friendships> {
  const { userId } = requireUser(request.user);
  const rows = await relationshipsOf(userId);
  const people = await profiles(rows.map((row) => otherParty(row, userId)));
  const result: Friendships = { friends: [], incoming: [], outgoing: [], blocked: [] };
  for (const row of rows) {
    const person = people.get(otherParty(row, userId));
    if (!person) continue;
    const friendshipId = row.id ?? '';
    const at = (row.get('respondedAt') ?? row.updatedAt ?? new Date()).toISOString();
    const sentAt = (row.createdAt ?? new Date()).toISOString();
    switch (relationSeenBy(row, userId)) {
      case 'friend':
        result.friends.push({ ...person, friendshipId, since: at });
        break;
      case 'incoming':
        result.incoming.push({ ...person, friendshipId, sentAt });
        break;
      case 'outgoing':
        result.outgoing.push({ ...person, friendshipId, sentAt });
        break;
      case 'blocked':
        result.blocked.push({ ...person, friendshipId });
        break;
      default:
        break;
    }
  }
  const byName = (a: PublicProfile, b: PublicProfile) => a.displayName.localeCompare(b.displayName);
  result.friends.sort(byName);
  result.incoming.sort(byName);
  result.outgoing.sort(byName);
  result.blocked.sort(byName);
  return result;
}

async function sendFriendRequest(
  request: CloudRequest<'sendFriendRequest'>,
): Promise<{ friendshipId: string; status: string }> {
  const { userId } = requireUser(request.user);
  const username = request.params.username;
  if (typeof username !== 'string' || username.length < 1 || username.length > userRules.username.max) {
    throw validationError('server.friends.usernameLength');
  }
  refuseNul(username, 'username');
  const recent = await queryOf(friendshipClass)
    .equalTo('from', userPointer(userId))
    .greaterThan('createdAt', new Date(Date.now() - HOUR_MS))
    .count(MASTER);
  if (recent >= FRIEND_REQUESTS_PER_HOUR) {
    throw refusal(Parse.Error.REQUEST_LIMIT_EXCEEDED, 'server.friends.tooManyRequests');
  }
  const unknown = notFound('server.friends.noSuchUsername', { username });
  const other = await new Parse.Query(Parse.User).equalTo('username', username).first(MASTER);
  if (!other?.id) throw unknown;
  if (other.id === userId) throw validationError('server.friends.requestToYourself');
  const existing = (await relationBetween(userId, other.id)).row;
  if (existing) {
    const relation = relationSeenBy(existing, userId);
    if (relation === null) throw unknown;
    if (relation === 'blocked') throw validationError('server.friends.blocked', { username });
    if (relation === 'friend')
      throw refusal(Parse.Error.DUPLICATE_VALUE, 'server.friends.alreadyFriends', { username });
    if (relation === 'outgoing')
      throw refusal(Parse.Error.DUPLICATE_VALUE, 'server.friends.alreadySent', { username });
    if (relation === 'incoming') {
      setFields(existing, { status: 'accepted', respondedAt: new Date() });
      await existing.save(null, MASTER);
      await notify(other.id, 'friend-accepted', { actorId: userId });
      return { friendshipId: existing.id ?? '', status: 'accepted' };
    }
    // A request they sent and you declined: this one replaces it.
    await existing.destroy(MASTER);
  }
  const row = await friendship(userId, other.id, 'pending').save(null, MASTER);
  await notify(other.id, 'friend-request', { actorId: userId });
  return { friendshipId: row.id ?? '', status: 'pending' };
}

async function respondFriendRequest(
  request: CloudRequest<'respondFriendRequest'>,
): Promise<{ status: string }> {
  const { userId } = requireUser(request.user);
  const friendshipId = readId(request.params.friendshipId, 'friendshipId');
  if (typeof request.params.accept !== 'boolean')
    throw validationError('server.params.trueOrFalse', { field: 'accept' });
  const row = await queryOf(friendshipClass)
    .get(friendshipId, MASTER)
    .catch(() => undefined);
  if (!row || pointerId(row.get('to')) !== userId || row.get('status') !== 'pending') {
    throw notFound('server.friends.requestNotFound');
  }
  const status = request.params.accept ? 'accepted' : 'declined';
  setFields(row, { status, respondedAt: new Date() });
  await row.save(null, MASTER);
  // A declined request is not announced: the sender sees it stay pending.
  const from = pointerId(row.get('from'));
  if (status === 'accepted' && from) await notify(from, 'friend-accepted', { actorId: userId });
  return { status };
}

async function removeFriend(request: CloudRequest<'removeFriend'>): Promise<{ removed: true }> {
  const { userId } = requireUser(request.user);
  const otherId = readId(request.params.userId, 'userId');
  const row = (await relationBetween(userId, otherId)).row;
  if (!row || relationSeenBy(row, userId) === null) throw notFound('server.friends.nothingBetween');
  await row.destroy(MASTER);
  return { removed: true };
}

async function blockUser(request: CloudRequest<'blockUser'>): Promise<{ blocked: true }> {
  const { userId } = requireUser(request.user);
  const otherId = readId(request.params.userId, 'userId');
  if (otherId === userId) throw validationError('server.friends.blockYourself');
  const other = await new Parse.Query(Parse.User).get(otherId, MASTER).catch(() => undefined);
  if (!other) throw notFound('server.friends.noSuchPerson');
  const existing = (await relationBetween(userId, otherId)).row;
  if (existing && relationSeenBy(existing, userId) === null) return { blocked: true };
  if (existing) await existing.destroy(MASTER);
  const row = friendship(userId, otherId, 'blocked');
  // The blocked person is not told: only the one who blocked reads the row.
  row.setACL(readableBy(userId));
  await row.save(null, MASTER);
  return { blocked: true };
}

async function friendsRanking(request: CloudRequest<'friendsRanking'>): Promise<Ranking> {
  const { userId } = requireUser(request.user);
  const { metric, period } = readRankingParams(request.params);
  return computeRanking(userId, await friendIdsOf(userId), metric, period, profiles);
}

export function registerFriendFunctions(): void {
  defineFunction('searchUsers', searchUsers);
  defineFunction('listFriendships', listFriendships);
  defineFunction('sendFriendRequest', sendFriendRequest);
  defineFunction('respondFriendRequest', respondFriendRequest);
  defineFunction('removeFriend', removeFriend);
  defineFunction('blockUser', blockUser);
  defineFunction('friendsRanking', friendsRanking);
}
