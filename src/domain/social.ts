/** The friends' feed, kudos and comments: the answers of the social cloud functions (DESIGN.md §4). */
import type { ActivityType } from './contract';
import { fieldError, type FieldError } from './fieldRules';
import type { PublicProfile } from './friends';

export const FEED_PAGE_DEFAULT = 20;
export const FEED_PAGE_MAX = 50;
export const COMMENT_MAX_LENGTH = 500;
/** Display names a workout's kudos line shows before "and N others". */
export const KUDOS_NAMES_SHOWN = 3;

/** A friend's shared workout in the feed: what its owner shares, never notes, route or heart rate. */
export interface FeedItem {
  activityId: string;
  owner: PublicProfile;
  type: ActivityType;
  startedAt: string;
  durationMin: number;
  distanceKm: number | null;
  movingTimeS: number | null;
  elevationGainM: number | null;
  kudosCount: number;
  commentCount: number;
  /** Whether the caller has given kudos. */
  kudosGiven: boolean;
  commentsOff: boolean;
}

/** activityFeed({ before?, limit? }): newest first; `next` is the `before` of the following page. */
export interface FeedPage {
  items: FeedItem[];
  next: string | null;
}

export interface SocialComment {
  commentId: string;
  author: PublicProfile;
  text: string;
  createdAt: string;
  editedAt: string | null;
  /** Written by the caller. */
  mine: boolean;
  /** Hidden by a moderator: only its author still reads it, marked. */
  hidden: boolean;
  /** The caller may delete it: its author, or the workout's owner. */
  canDelete: boolean;
}

/** workoutSocial({ activityId }): a workout's kudos and comments as the caller may see them. */
export interface WorkoutSocialView {
  kudos: {
    count: number;
    given: boolean;
    /** The display names of the first to give kudos, at most KUDOS_NAMES_SHOWN. */
    names: string[];
  };
  /** Oldest first. */
  comments: SocialComment[];
  commentsOff: boolean;
  /** The caller owns the workout: kudos are for others to give. */
  mine: boolean;
}

/** The problem of a comment's text (plain text of 1–500 characters), or null. */
export function commentTextProblem(text: unknown): FieldError | null {
  if (typeof text !== 'string' || text.trim() === '' || [...text].length > COMMENT_MAX_LENGTH) {
    return fieldError('text', 'domain.comment.length', { max: COMMENT_MAX_LENGTH });
  }
  if (text.includes('\u0000')) return fieldError('text', 'domain.comment.characters');
  return null;
}
