import { parseRoomKey } from '@/domain/chatRooms';
import { ErrorCode } from '@/domain/errors';
import { hasCode } from '@/lib/errors';
import { countUnread, listChallengeRooms, listChatFriends, loadLatestMessages } from './api';
import { readLastSeen, roomEntries } from './rooms';
import type { ChatPageData } from './types';

/** A friend room of someone who is not (or no longer) a friend is refused: the page explains it. */
function unlessForbidden(error: unknown): null {
  if (hasCode(error, ErrorCode.OPERATION_FORBIDDEN)) return null;
  throw error;
}

/**
 * The chat page for one room: friends (for the room list and names) and the room's latest
 * messages side by side; unread counts of the other rooms follow without holding the page up.
 */
export async function loadChatPage(meId: string, roomKey: string): Promise<ChatPageData> {
  const room = parseRoomKey(roomKey);
  // A friend room of two other people is never readable: no need to ask.
  const mayRead = room !== null && (room.kind !== 'dm' || room.userIds.includes(meId));
  const [friends, challenges, page] = await Promise.all([
    listChatFriends(),
    // The challenge rooms are extra: the page works without them.
    listChallengeRooms().catch(() => []),
    mayRead ? loadLatestMessages(roomKey).catch(unlessForbidden) : Promise.resolve(null),
  ]);
  const rooms = roomEntries(meId, friends, challenges);
  const current = rooms.find((entry) => entry.key === roomKey) ?? null;
  const lastSeen = readLastSeen(meId);
  const unread = countUnread(
    meId,
    rooms.filter((entry) => entry.key !== roomKey).map((entry) => entry.key),
    lastSeen,
  ).catch(() => ({}));
  return {
    meId,
    roomKey,
    rooms,
    current,
    page: current && page ? page : { messages: [], hasOlder: false },
    names: Object.fromEntries(friends.map((friend) => [friend.userId, friend.displayName])),
    unread,
  };
}
