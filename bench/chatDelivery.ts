import { LiveQuerySocket } from '../server/test/liveQuery';
import type { Account } from '../server/test/rest';
import { topicRoomKey } from '../src/domain/chatRooms';
import { APP_ID, sessionHeaders, settledRss, type Scenario } from './support';

/** Authors take turns and pause between messages: flood control allows 20 per 10 s per person. */
const AUTHORS = 5;
const PAUSE_MS = 150;
const WARM_UP = 5;
const ROOM = topicRoomKey('run');

export interface ChatDeliveryResult {
  scenarios: Scenario[];
  /** Server memory before the sockets opened and with all of them subscribed. */
  rssBefore: number;
  rssAfter: number;
}

/**
 * Subscribes every one of `people` to one topic room over LiveQuery (each with their own session,
 * so the session, ACL and room checks run per subscriber as in production), then posts `messages`
 * one by one and times every arrival from the moment the POST was sent.
 */
export async function measureChatDelivery(
  baseUrl: string,
  serverPid: number,
  people: readonly Account[],
  messages: number,
): Promise<ChatDeliveryResult> {
  const authors = people.slice(0, AUTHORS);
  const rssBefore = await settledRss(serverPid);
  const sockets: { socket: LiveQuerySocket; requestId: number }[] = [];
  try {
    for (const person of people) {
      const socket = await LiveQuerySocket.open(baseUrl, APP_ID);
      sockets.push({ socket, requestId: 0 });
      const connected = await socket.connect(person.sessionToken);
      if (connected.op !== 'connected') throw new Error(`Connect refused: ${JSON.stringify(connected)}`);
      const { requestId, reply } = await socket.subscribe('ChatMessage', { room: ROOM }, person.sessionToken);
      if (reply.op !== 'subscribed') throw new Error(`Subscribe refused: ${JSON.stringify(reply)}`);
      sockets[sockets.length - 1] = { socket, requestId };
    }
    const rssAfter = await settledRss(serverPid);

    const delivery: number[] = [];
    const lastArrival: number[] = [];
    const saved: number[] = [];
    for (let index = 0; index < WARM_UP + messages; index += 1) {
      const author = authors[index % authors.length] as Account;
      const sent = performance.now();
      const response = await fetch(`${baseUrl}/parse/classes/ChatMessage`, {
        method: 'POST',
        headers: {
          ...sessionHeaders({ baseUrl, sessionToken: author.sessionToken }),
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ room: ROOM, text: `Message ${index}` }),
      });
      const body = (await response.json()) as { objectId?: string };
      const savedAfter = performance.now() - sent;
      if (response.status !== 201 || !body.objectId) {
        throw new Error(`Posting failed (${response.status}): ${JSON.stringify(body)}`);
      }
      const objectId = body.objectId;
      const arrivals = await Promise.all(
        sockets.map(({ socket, requestId }) =>
          socket.created(requestId, objectId, 10_000).then(() => performance.now() - sent),
        ),
      );
      if (index >= WARM_UP) {
        saved.push(savedAfter);
        delivery.push(...arrivals);
        lastArrival.push(Math.max(...arrivals));
      }
      // Received frames are kept by the test socket: forget them so memory and lookups stay flat.
      for (const { socket } of sockets) socket.messages.length = 0;
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
    return {
      scenarios: [
        { name: 'baseline: POST /classes/ChatMessage answered (saved)', times: saved },
        { name: `chat: delivered to each of ${people.length} subscribers`, times: delivery },
        { name: `chat: delivered to the last of ${people.length} subscribers`, times: lastArrival },
      ],
      rssBefore,
      rssAfter,
    };
  } finally {
    await Promise.all(sockets.map(({ socket }) => socket.close()));
  }
}
