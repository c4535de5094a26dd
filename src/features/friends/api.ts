import type { Friendships, Ranking, RankingMetric, RankingPeriod, SearchResult } from '@/domain/friends';
import type { SharedWorkout, SharedWorkoutGpx } from '@/domain/sharing';
import type { FeedPage, WorkoutSocialView } from '@/domain/social';
import type { Units } from '@/domain/units';
import { callCloud } from '@/lib/cloud';
import { getParse } from '@/lib/parse';

export async function searchUsers(query: string): Promise<SearchResult[]> {
  return callCloud('searchUsers', { query });
}

export async function listFriendships(): Promise<Friendships> {
  return callCloud('listFriendships');
}

export async function loadRanking(query: { metric: RankingMetric; period: RankingPeriod }): Promise<Ranking> {
  return callCloud('friendsRanking', query);
}

/** Asks someone to be friends; when they had already asked, this accepts their request instead. */
export async function sendFriendRequest(username: string): Promise<{ friendshipId: string }> {
  return callCloud('sendFriendRequest', { username });
}

export async function respondFriendRequest(friendshipId: string, accept: boolean): Promise<void> {
  await callCloud('respondFriendRequest', { friendshipId, accept });
}

/** Ends a friendship, cancels or declines a request, or lifts one's own block. */
export async function removeFriend(userId: string): Promise<void> {
  await callCloud('removeFriend', { userId });
}

export async function blockUser(userId: string): Promise<void> {
  await callCloud('blockUser', { userId });
}

/** A friend's workout as they share it; "not found" when it is not shared with the caller. */
export async function loadSharedWorkout(activityId: string): Promise<SharedWorkout> {
  return callCloud('sharedWorkout', { activityId });
}

/** The shared route of a friend's workout as a GPX file (its name and text). */
export async function loadSharedWorkoutGpx(activityId: string): Promise<SharedWorkoutGpx> {
  return callCloud('sharedWorkoutGpx', { activityId });
}

/** A page of friends' shared workouts, newest first; `before` is the previous page's `next`. */
export async function loadFeed(before?: string): Promise<FeedPage> {
  return callCloud('activityFeed', before === undefined ? {} : { before });
}

export async function loadWorkoutSocial(activityId: string): Promise<WorkoutSocialView> {
  return callCloud('workoutSocial', { activityId });
}

export async function setKudos(
  activityId: string,
  give: boolean,
): Promise<{ count: number; given: boolean }> {
  return give ? callCloud('giveKudos', { activityId }) : callCloud('removeKudos', { activityId });
}

export async function addComment(activityId: string, text: string): Promise<void> {
  await callCloud('addComment', { activityId, text });
}

export async function editComment(commentId: string, text: string): Promise<void> {
  await callCloud('editComment', { commentId, text });
}

export async function deleteComment(commentId: string): Promise<void> {
  await callCloud('deleteComment', { commentId });
}

/** The reader's own units (their Settings row), so a friend's workout reads as their own do. */
export async function loadMyUnits(): Promise<Units> {
  const Parse = await getParse();
  const row = await new Parse.Query('Settings').select('units').first();
  return row?.get('units') === 'imperial' ? 'imperial' : 'metric';
}
