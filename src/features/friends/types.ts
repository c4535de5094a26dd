import type { SearchResult } from '@/domain/friends';
import type { FeedPage, WorkoutSocialView } from '@/domain/social';
import type { Refused } from '@/lib/routeActions';

/** What the friends page's action answers to the button that asked. */
export type FriendActionResult =
  | { kind: 'done' }
  | { kind: 'kudos'; activityId: string; count: number; given: boolean }
  | Refused<{ text?: string }>;

/** What the page's loader answers to a search (`?q=`), loaded by a fetcher, never a navigation. */
export interface SearchAnswer {
  /** The query as searched (trimmed), so an answer can be matched to what is typed now. */
  query: string;
  results: SearchResult[];
  error: string | null;
}

/** The loader's whole answer to a search: the page's own data stays out of it. */
export interface SearchData {
  search: SearchAnswer;
}

/** The loader's answer to "Show more" in the feed (`?feedBefore=`), loaded by a fetcher. */
export interface FeedMoreData {
  feedMore: { before: string; page: FeedPage | null; error: string | null };
}

/** The loader's answer for a workout's kudos and comments (`?social=`), loaded by a fetcher. */
export interface SocialData {
  social: { activityId: string; view: WorkoutSocialView | null; error: string | null };
}
