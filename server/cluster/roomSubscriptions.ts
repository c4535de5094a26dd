import type { RoomClosing } from '../../cloud/roomClosing';
import type { LiveQueryClient, LiveQueryServer, LiveQuerySubscriptionInfo } from '../parse/parseServerModule';
import type { RedisClient } from './redis';
import { listenToChannel } from './redisChannel';

/** Where a node tells the others which room's subscriptions (of whom) to end. */
export const CLOSED_ROOMS_CHANNEL = 'fitstreak:closed-rooms';

/** "Service restart": the client reconnects at once, and its subscriptions are checked again. */
const SERVICE_RESTART = 1012;

/** One closing as the channel carries it; a bare room key (older nodes) closes it for everyone. */
interface ClosedRoom {
  room: string;
  users?: readonly string[];
}

function readClosedRoom(message: string): ClosedRoom | undefined {
  if (!message.startsWith('{')) return { room: message };
  try {
    const { room, users } = JSON.parse(message) as { room?: unknown; users?: unknown };
    if (typeof room !== 'string') return undefined;
    const ids = Array.isArray(users) ? users.filter((id): id is string => typeof id === 'string') : undefined;
    return ids ? { room, users: ids } : { room };
  } catch {
    return undefined;
  }
}

/** The room a subscription is confined to, read from Parse's record of it (its `where`). */
function roomOf(info: LiveQuerySubscriptionInfo): string | undefined {
  const { subscription } = info;
  if (subscription?.className !== 'ChatMessage') return undefined;
  const room = (subscription.query as { room?: unknown } | undefined)?.room;
  return typeof room === 'string' ? room : undefined;
}

/**
 * Ends this node's subscriptions to `room` (only those made with a session of `userIds`, when
 * given), silently, as if each client had unsubscribed. Answers how many it ended.
 */
export async function closeLocalRoomSubscriptions(
  liveQueryServer: LiveQueryServer,
  room: string,
  userIds?: readonly string[],
): Promise<number> {
  const candidates: [LiveQueryClient, unknown, string | undefined][] = [];
  for (const client of liveQueryServer.clients.values()) {
    for (const [requestId, info] of client.subscriptionInfos) {
      if (roomOf(info) === room)
        candidates.push([client, requestId, info.sessionToken ?? client.sessionToken]);
    }
  }
  const owners = userIds && new Set(userIds);
  const ended = owners
    ? (
        await Promise.all(
          candidates.map(async (candidate) => {
            const { userId } = await liveQueryServer.getAuthForSessionToken(candidate[2]);
            // A session that no longer names anyone cannot be told apart: it is ended too.
            return userId === undefined || owners.has(userId) ? [candidate] : [];
          }),
        )
      ).flat()
    : candidates;
  for (const [client, requestId] of ended) {
    liveQueryServer._handleUnsubscribe(client.parseWebSocket, { requestId }, false);
  }
  return ended.length;
}

export interface RoomSubscriptions extends RoomClosing {
  stop(): Promise<void>;
}

/**
 * Ends a room's subscriptions on every node. Without Redis there is one node. With Redis, the
 * room is published to the others, which hear it on a connection of their own. Redis pub/sub is
 * at most once: a node whose listening connection was cut off may have missed a room, so once it
 * is back the node closes every socket that follows a private room, and those clients subscribe
 * again through `beforeSubscribe`, which reads the friendship or membership afresh. When Redis
 * itself is down, LiveQuery delivers nothing across nodes either, and reopens its sockets once
 * Redis is back. Roles read afresh go through Parse's own LiveQuery channel (`clearCachedRoles`).
 */
export function closeRoomsEverywhere(
  liveQueryServer: LiveQueryServer,
  redis: { url: string; publisher: RedisClient } | undefined,
  clearCachedRoles: (userId: string) => void,
  log: (line: string) => void,
): RoomSubscriptions {
  const closeHere = ({ room, users }: ClosedRoom) =>
    closeLocalRoomSubscriptions(liveQueryServer, room, users);
  const forgetRoles = (userIds: readonly string[]) => {
    for (const id of userIds) clearCachedRoles(id);
  };
  if (!redis) {
    return {
      closeRoom: async (room, users) => void (await closeHere({ room, ...(users ? { users } : {}) })),
      forgetRoles,
      stop: () => Promise.resolve(),
    };
  }

  const listener = listenToChannel(
    redis.url,
    'closed chat rooms',
    CLOSED_ROOMS_CHANNEL,
    {
      onMessage: (message) => {
        const closed = readClosedRoom(message);
        if (closed) void closeHere(closed).catch(() => undefined);
      },
      onResumed: () => {
        let reopened = 0;
        for (const client of liveQueryServer.clients.values()) {
          const followsPrivateRoom = [...client.subscriptionInfos.values()].some((info) => {
            const room = roomOf(info);
            return room !== undefined && !room.startsWith('topic:');
          });
          if (!followsPrivateRoom) continue;
          client.parseWebSocket.ws.close(SERVICE_RESTART, 'Reconnect to subscribe again.');
          reopened += 1;
        }
        log(`Heard closed chat rooms again; ${reopened} sockets following private rooms reconnect.`);
      },
    },
    log,
  );

  return {
    closeRoom: async (room, users) => {
      const closed: ClosedRoom = { room, ...(users ? { users } : {}) };
      await closeHere(closed);
      try {
        await redis.publisher.publish(CLOSED_ROOMS_CHANNEL, JSON.stringify(closed));
      } catch {
        log(`Could not tell the other nodes that room ${room} closed (Redis unreachable).`);
      }
    },
    forgetRoles,
    stop: () => listener.stop(),
  };
}
