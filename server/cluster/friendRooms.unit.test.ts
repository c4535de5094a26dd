import { describe, expect, it } from 'vitest';
import { closeLocalRoomSubscriptions } from './friendRooms';
import type { LiveQueryClient, LiveQueryServer, LiveQuerySocket } from '../parse/parseServerModule';

/** A LiveQuery server with one socket per entry, each following the rooms it lists (as Parse records them). */
function liveQueryServer(sockets: readonly (readonly { className: string; room?: string }[])[]) {
  const unsubscribed: [number, unknown][] = [];
  const webSockets: LiveQuerySocket[] = sockets.map(() => ({ ws: { close: () => undefined } }));
  const clients = new Map<unknown, LiveQueryClient>(
    sockets.map((subscriptions, index) => [
      index,
      {
        subscriptionInfos: new Map(
          subscriptions.map(({ className, room }, requestId) => [
            requestId + 1,
            { subscription: { className, query: room === undefined ? {} : { room } } },
          ]),
        ),
        parseWebSocket: webSockets[index] as LiveQuerySocket,
      },
    ]),
  );
  const server = {
    clients,
    subscriber: { on: () => undefined },
    _handleUnsubscribe: (socket: LiveQuerySocket, request: { requestId: unknown }) => {
      unsubscribed.push([webSockets.indexOf(socket), request.requestId]);
    },
    shutdown: () => Promise.resolve(),
  } satisfies LiveQueryServer;
  return { server, unsubscribed };
}

describe('closeLocalRoomSubscriptions', () => {
  it('ends every ChatMessage subscription to the room on every socket, and nothing else', () => {
    const { server, unsubscribed } = liveQueryServer([
      [
        { className: 'ChatMessage', room: 'dm:a:b' },
        { className: 'ChatMessage', room: 'topic:run' },
      ],
      [{ className: 'ChatMessage', room: 'topic:run' }],
      [{ className: 'Activity' }, { className: 'ChatMessage', room: 'dm:a:b' }],
      [{ className: 'ChatMessage', room: 'dm:a:c' }],
    ]);

    const closed = closeLocalRoomSubscriptions(server, 'dm:a:b');

    expect(closed).toBe(2);
    expect(unsubscribed).toEqual([
      [0, 1],
      [2, 2],
    ]);
  });
});
