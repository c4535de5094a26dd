import type { Friendships, Ranking, RankingMetric, RankingPeriod, SearchResult } from '@/domain/friends';
import { getParse } from '@/lib/parse';

type CloudFunction<T> = (params: Record<string, unknown>) => T;

export async function searchUsers(query: string): Promise<SearchResult[]> {
  const Parse = await getParse();
  return Parse.Cloud.run<CloudFunction<SearchResult[]>>('searchUsers', { query });
}

export async function listFriendships(): Promise<Friendships> {
  const Parse = await getParse();
  return Parse.Cloud.run<CloudFunction<Friendships>>('listFriendships', {});
}

export async function loadRanking(query: { metric: RankingMetric; period: RankingPeriod }): Promise<Ranking> {
  const Parse = await getParse();
  return Parse.Cloud.run<CloudFunction<Ranking>>('friendsRanking', query);
}

/** Asks someone to be friends; when they had already asked, this accepts their request instead. */
export async function sendFriendRequest(username: string): Promise<{ friendshipId: string }> {
  const Parse = await getParse();
  return Parse.Cloud.run<CloudFunction<{ friendshipId: string }>>('sendFriendRequest', { username });
}

export async function respondFriendRequest(friendshipId: string, accept: boolean): Promise<void> {
  const Parse = await getParse();
  await Parse.Cloud.run<CloudFunction<{ status: string }>>('respondFriendRequest', { friendshipId, accept });
}

/** Ends a friendship, cancels or declines a request, or lifts one's own block. */
export async function removeFriend(userId: string): Promise<void> {
  const Parse = await getParse();
  await Parse.Cloud.run<CloudFunction<{ removed: true }>>('removeFriend', { userId });
}

export async function blockUser(userId: string): Promise<void> {
  const Parse = await getParse();
  await Parse.Cloud.run<CloudFunction<{ blocked: true }>>('blockUser', { userId });
}
