import { ACTIVITY_TYPE_INFO } from '@/domain/activity';
import { challengeRoomKey, type ChallengeSummary } from '@/domain/challenges';
import { dmRoomKey, topicRoomKey } from '@/domain/chatRooms';
import { ACTIVITY_TYPES } from '@/domain/contract';
import type { ChatFriend, RoomEntry } from './types';

export const DEFAULT_ROOM = topicRoomKey('run');

/**
 * One room per activity type, then one per friend (in the order the friends list gives), then
 * one per challenge the person takes part in.
 */
export function roomEntries(
  meId: string,
  friends: readonly ChatFriend[],
  challenges: readonly ChallengeSummary[] = [],
): RoomEntry[] {
  const topics: RoomEntry[] = ACTIVITY_TYPES.map((type) => ({
    kind: 'topic',
    key: topicRoomKey(type),
    // Read when shown, so the activity's name follows a change of language without a reload.
    get label() {
      return ACTIVITY_TYPE_INFO[type].label;
    },
    activityType: type,
  }));
  const direct: RoomEntry[] = friends
    .filter((friend) => friend.userId !== meId)
    .map((friend) => ({
      kind: 'dm',
      key: dmRoomKey(meId, friend.userId),
      label: friend.displayName,
      friend,
    }));
  const challengeRooms: RoomEntry[] = challenges
    .filter((challenge) => challenge.myStatus === 'accepted')
    .map((challenge) => ({
      kind: 'challenge',
      key: challengeRoomKey(challenge.id),
      label: challenge.title,
      ended: challenge.state === 'ended',
    }));
  return [...topics, ...direct, ...challengeRooms];
}

/** A badge shows at most this; more reads "99+". */
export const UNREAD_SHOWN_MAX = 99;

export function unreadBadgeText(count: number): string {
  return count > UNREAD_SHOWN_MAX ? `${UNREAD_SHOWN_MAX}+` : String(count);
}

const seenKey = (meId: string) => `fitstreak:chat-seen:${meId}`;

/** When this person last saw each room on this device (the newest message's server time). */
export function readLastSeen(meId: string): Record<string, string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(seenKey(meId)) ?? '{}');
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
    return Object.fromEntries(
      Object.entries(stored).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/** Remembers that the room was seen up to `createdAt`; an earlier time never replaces a later one. */
export function markSeen(meId: string, room: string, createdAt: string): void {
  const seen = readLastSeen(meId);
  const previous = seen[room];
  if (previous !== undefined && previous >= createdAt) return;
  seen[room] = createdAt;
  try {
    localStorage.setItem(seenKey(meId), JSON.stringify(seen));
  } catch {
    // Storage full or disabled: unread counts then start over, nothing else depends on it.
  }
}
