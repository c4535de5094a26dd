import type { ActivityType } from '@/domain/contract';

/** One chat message as the page shows it; `createdAt` is the server's time, ISO 8601 in UTC. */
export interface ChatMessage {
  id: string;
  room: string;
  authorId: string;
  /** The name the author had when writing, as the server recorded it. */
  authorName: string;
  text: string;
  createdAt: string;
  /** Hidden by a moderator: only its author still reads it, marked so. */
  hidden: boolean;
}

/** Messages oldest first, and whether the server holds older ones. */
export interface MessagePage {
  messages: ChatMessage[];
  hasOlder: boolean;
}

/** A friend as listFriendships answers: their room is the chat of the two of you. */
export interface ChatFriend {
  userId: string;
  username: string;
  displayName: string;
  avatarUrl: string | null;
}

export type RoomEntry =
  | { kind: 'topic'; key: string; label: string; activityType: ActivityType }
  | { kind: 'dm'; key: string; label: string; friend: ChatFriend }
  | { kind: 'challenge'; key: string; label: string; ended: boolean };

/** Unread messages per room key; a room left out has none or could not be counted. */
export type UnreadCounts = Readonly<Record<string, number>>;

/** Everything the chat page needs to show one room. */
export interface ChatPageData {
  meId: string;
  roomKey: string;
  rooms: RoomEntry[];
  /** The room asked for, or null for a friend room with someone who is not a friend. */
  current: RoomEntry | null;
  /** The latest messages of the current room (empty when `current` is null). */
  page: MessagePage;
  /** Friends' names by user id: the only names of other people the page can know. */
  names: Readonly<Record<string, string>>;
  /** Counted after the page is shown; never rejects. */
  unread: Promise<UnreadCounts>;
}
