import { describe, expect, it } from 'vitest';
import { closeLocalRoomSubscriptions } from './roomSubscriptions';
import type { LiveQueryClient, LiveQueryServer, LiveQuerySocket } from '../parse/parseServerModule';

/**
 * A LiveQuery server with one socket per entry, each following the rooms it lists (as Parse records
 * them) with a session of the user it names (`u1` when none); the token of user `u` is `r:u`.
 */
function liveQueryServer(
  sockets: readonly (readonly { className: string; room?: string; user?: string }[])[],
) {
  const unsubscribed: [number, unknown][] = [];
  const webSockets: LiveQuerySocket[] = sockets.map(() => ({ ws: { close: () => undefined } }));
  const clients = new Map<unknown, LiveQueryClient>(
    sockets.map((subscriptions, index) => [
      index,
      {
        subscriptionInfos: new Map(
          subscriptions.map(({ className, room, user = 'u1' }, requestId) => [
            requestId + 1,
            {
              subscription: { className, query: room === undefined ? {} : { room } },
              sessionToken: `r:${user}`,
            },
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
    getAuthForSessionToken: (token?: string) => Promise.resolve({ userId: token?.slice(2) }),
    shutdown: () => Promise.resolve(),
  } satisfies LiveQueryServer;
  return { server, unsubscribed };
}

describe('closeLocalRoomSubscriptions', () => {
  it('ends every ChatMessage subscription to the room on every socket, and nothing else', async () => {
    const { server, unsubscribed } = liveQueryServer([
      [
        { className: 'ChatMessage', room: 'dm:a:b' },
        { className: 'ChatMessage', room: 'topic:run' },
      ],
      [{ className: 'ChatMessage', room: 'topic:run' }],
      [{ className: 'Activity' }, { className: 'ChatMessage', room: 'dm:a:b' }],
      [{ className: 'ChatMessage', room: 'dm:a:c' }],
    ]);

    const closed = await closeLocalRoomSubscriptions(server, 'dm:a:b');

    expect(closed).toBe(2);
    expect(unsubscribed).toEqual([
      [0, 1],
      [2, 2],
    ]);
  });

  it("ends only the named people's subscriptions to the room", async () => {
    const { server, unsubscribed } = liveQueryServer([
      [{ className: 'ChatMessage', room: 'challenge:c1', user: 'leaver' }],
      [{ className: 'ChatMessage', room: 'challenge:c1', user: 'stayer' }],
      [
        { className: 'ChatMessage', room: 'topic:run', user: 'leaver' },
        { className: 'ChatMessage', room: 'challenge:c1', user: 'leaver' },
      ],
    ]);

    const closed = await closeLocalRoomSubscriptions(server, 'challenge:c1', ['leaver']);

    expect(closed).toBe(2);
    expect(unsubscribed).toEqual([
      [0, 1],
      [2, 2],
    ]);
  });
});
