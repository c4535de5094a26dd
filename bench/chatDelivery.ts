import { LiveQuerySocket } from '../server/test/liveQuery';
import { restClient, type Account } from '../server/test/restClient';
import { topicRoomKey } from '../src/domain/chatRooms';
import { RAW_APP_ID } from './rawParse';
import { APP_ID, settledRss, type Scenario } from './support';

/** Authors take turns and pause between messages: flood control allows 20 per 10 s per person. */
export const AUTHORS = 5;
export const PAUSE_MS = 150;
export const WARM_UP = 5;
const ROOM = topicRoomKey('run');

/** One LiveQuery socket, connected with a person's session and subscribed to one room. */
export interface RoomSubscription {
  socket: LiveQuerySocket;
  requestId: number;
}

/**
 * Opens one socket per entry of `people` (a person may appear more than once, as with several tabs
 * open), on the server `baseUrlOf` names for that entry, connects it with the person's session and
 * subscribes it to `room`, one after another. Closes what it opened if any step is refused.
 */
export async function subscribeToRoom(
  people: readonly Account[],
  room: string,
  baseUrlOf: (index: number) => string,
  appId = APP_ID,
): Promise<RoomSubscription[]> {
  const subscriptions: RoomSubscription[] = [];
  let opened: LiveQuerySocket | undefined;
  try {
    for (const [index, person] of people.entries()) {
      opened = await LiveQuerySocket.open(baseUrlOf(index), appId);
      const connected = await opened.connect(person.sessionToken);
      if (connected.op !== 'connected') throw new Error(`Connect refused: ${JSON.stringify(connected)}`);
      const { requestId, reply } = await opened.subscribe('ChatMessage', { room }, person.sessionToken);
      if (reply.op !== 'subscribed') throw new Error(`Subscribe refused: ${JSON.stringify(reply)}`);
      subscriptions.push({ socket: opened, requestId });
      opened = undefined;
    }
    return subscriptions;
  } catch (error) {
    await closeSubscriptions(opened ? [...subscriptions, { socket: opened, requestId: 0 }] : subscriptions);
    throw error;
  }
}

export async function closeSubscriptions(subscriptions: readonly RoomSubscription[]): Promise<void> {
  await Promise.all(subscriptions.map(({ socket }) => socket.close()));
}

export interface TimedMessage {
  /** From sending the POST to its answer (the message saved). */
  savedMs: number;
  /** From sending the POST to the `create` event on each socket. */
  arrivalsMs: number[];
}

/**
 * Posts one message to `room` through `baseUrl` and times its arrival on every subscribed socket
 * from the moment the POST was sent; then forgets the frames the sockets kept.
 */
export async function timeOneMessage(
  baseUrl: string,
  author: Account,
  room: string,
  subscriptions: readonly RoomSubscription[],
  text: string,
  appId = APP_ID,
): Promise<TimedMessage> {
  const sent = performance.now();
  const answer = await restClient({ baseUrl, appId, masterKey: '' }).request(
    'POST',
    '/parse/classes/ChatMessage',
    {
      sessionToken: author.sessionToken,
      body: { room, text },
    },
  );
  const { body } = answer;
  const savedMs = performance.now() - sent;
  if (answer.status !== 201 || !body.objectId) {
    throw new Error(`Posting failed (${answer.status}): ${answer.text}`);
  }
  const objectId = body.objectId;
  const arrivalsMs = await Promise.all(
    subscriptions.map(({ socket, requestId }) =>
      socket.created(requestId, objectId, 10_000).then(() => performance.now() - sent),
    ),
  );
  // Received frames are kept by the test socket: forget them so memory and lookups stay flat.
  for (const { socket } of subscriptions) socket.messages.length = 0;
  return { savedMs, arrivalsMs };
}

export interface ChatDeliveryResult {
  scenarios: Scenario[];
  /** The same scenarios on raw Parse's LiveQuery, when it ran beside. */
  rawScenarios: Scenario[] | null;
  /** Server memory before the sockets opened and with all of them subscribed. */
  rssBefore: number;
  rssAfter: number;
}

/** Raw Parse's LiveQuery with people of its own, to run beside ours. */
export interface RawChatSide {
  baseUrl: string;
  people: readonly Account[];
}

/** The three scenarios a delivery run reports: saved, delivered to each, delivered to the last. */
export function deliveryScenarios(messages: readonly TimedMessage[], subscribers: number): Scenario[] {
  return [
    { name: 'baseline: POST /classes/ChatMessage answered (saved)', times: messages.map((m) => m.savedMs) },
    {
      name: `chat: delivered to each of ${subscribers} subscribers`,
      times: messages.flatMap((m) => m.arrivalsMs),
    },
    {
      name: `chat: delivered to the last of ${subscribers} subscribers`,
      times: messages.map((m) => Math.max(...m.arrivalsMs)),
    },
  ];
}

/**
 * Subscribes every one of `people` to one topic room over LiveQuery (each with their own session,
 * so the session, ACL and room checks run per subscriber as in production), then posts `messages`
 * one by one and times every arrival from the moment the POST was sent. With `raw`, the same room
 * on raw Parse gets the same messages, the two taking turns (the order alternating).
 */
export async function measureChatDelivery(
  baseUrl: string,
  serverPid: number,
  people: readonly Account[],
  messages: number,
  raw?: RawChatSide,
): Promise<ChatDeliveryResult> {
  const sides = [
    { baseUrl, appId: APP_ID, people },
    ...(raw ? [{ baseUrl: raw.baseUrl, appId: RAW_APP_ID, people: raw.people }] : []),
  ];
  const rssBefore = await settledRss(serverPid);
  const opened: RoomSubscription[][] = [];
  try {
    let rssAfter = 0;
    for (const side of sides) {
      opened.push(await subscribeToRoom(side.people, ROOM, () => side.baseUrl, side.appId));
      if (side.appId === APP_ID) rssAfter = await settledRss(serverPid);
    }
    const timed: TimedMessage[][] = sides.map(() => []);
    for (let index = 0; index < WARM_UP + messages; index += 1) {
      const order = index % 2 === 0 ? sides.keys() : [...sides.keys()].reverse();
      for (const which of order) {
        const side = sides[which] as (typeof sides)[number];
        const author = side.people[index % AUTHORS] as Account;
        const message = await timeOneMessage(
          side.baseUrl,
          author,
          ROOM,
          opened[which] ?? [],
          `Message ${index}`,
          side.appId,
        );
        if (index >= WARM_UP) timed[which]?.push(message);
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
    }
    return {
      scenarios: deliveryScenarios(timed[0] ?? [], people.length),
      rawScenarios: raw ? deliveryScenarios(timed[1] ?? [], raw.people.length) : null,
      rssBefore,
      rssAfter,
    };
  } finally {
    await Promise.all(opened.map(closeSubscriptions));
  }
}
