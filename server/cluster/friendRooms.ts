import type { LiveQueryClient, LiveQueryServer } from '../parse/parseServerModule';
import type { RedisClient } from './redis';
import { listenToChannel } from './redisChannel';

/** Where a node tells the others which room's subscriptions to end. */
export const CLOSED_ROOMS_CHANNEL = 'fitstreak:closed-rooms';

/** "Service restart": the client reconnects at once, and its subscriptions are checked again. */
const SERVICE_RESTART = 1012;

/** The room a subscription is confined to, read from Parse's record of it (its `where`). */
function roomOf(subscriptionInfo: unknown): string | undefined {
  const subscription = (subscriptionInfo as { subscription?: { className?: unknown; query?: unknown } })
    .subscription;
  if (subscription?.className !== 'ChatMessage') return undefined;
  const room = (subscription.query as { room?: unknown } | undefined)?.room;
  return typeof room === 'string' ? room : undefined;
}

/** Ends this node's subscriptions to `room`, silently, as if each client had unsubscribed. */
export function closeLocalRoomSubscriptions(liveQueryServer: LiveQueryServer, room: string): number {
  const ended: [LiveQueryClient, unknown][] = [];
  for (const client of liveQueryServer.clients.values()) {
    for (const [requestId, info] of client.subscriptionInfos) {
      if (roomOf(info) === room) ended.push([client, requestId]);
    }
  }
  for (const [client, requestId] of ended) {
    liveQueryServer._handleUnsubscribe(client.parseWebSocket, { requestId }, false);
  }
  return ended.length;
}

export interface RoomClosing {
  /** Ends the subscriptions to `room` on this node, then tells every other node to. */
  close(room: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Ends a room's subscriptions on every node. Without Redis there is one node. With Redis, the
 * room is published to the others, which hear it on a connection of their own. Redis pub/sub is
 * at most once: a node whose listening connection was cut off may have missed a room, so once it
 * is back the node closes every socket that follows a friend room, and those clients subscribe
 * again through `beforeSubscribe`, which reads the friendship afresh. When Redis itself is down,
 * LiveQuery delivers nothing across nodes either, and reopens its sockets once Redis is back.
 */
export function closeRoomsEverywhere(
  liveQueryServer: LiveQueryServer,
  redis: { url: string; publisher: RedisClient } | undefined,
  log: (line: string) => void,
): RoomClosing {
  const closeHere = (room: string) => closeLocalRoomSubscriptions(liveQueryServer, room);
  if (!redis) {
    return {
      close: (room) => {
        closeHere(room);
        return Promise.resolve();
      },
      stop: () => Promise.resolve(),
    };
  }

  const listener = listenToChannel(
    redis.url,
    'closed chat rooms',
    CLOSED_ROOMS_CHANNEL,
    {
      onMessage: (room) => closeHere(room),
      onResumed: () => {
        let reopened = 0;
        for (const client of liveQueryServer.clients.values()) {
          const followsFriendRoom = [...client.subscriptionInfos.values()].some((info) =>
            roomOf(info)?.startsWith('dm:'),
          );
          if (!followsFriendRoom) continue;
          client.parseWebSocket.ws.close(SERVICE_RESTART, 'Reconnect to subscribe again.');
          reopened += 1;
        }
        log(`Heard closed chat rooms again; ${reopened} sockets following friend rooms reconnect.`);
      },
    },
    log,
  );

  return {
    close: async (room) => {
      closeHere(room);
      try {
        await redis.publisher.publish(CLOSED_ROOMS_CHANNEL, room);
      } catch {
        log(`Could not tell the other nodes that room ${room} closed (Redis unreachable).`);
      }
    },
    stop: () => listener.stop(),
  };
}
