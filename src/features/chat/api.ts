import type { ChallengeSummary } from '@/domain/challenges';
import { liveQueryClientFor } from '@/lib/liveQuery';
import { getParse, type ParseClient } from '@/lib/parse';
import { PAGE_SIZE } from './messages';
import type { ChatFriend, ChatMessage, MessagePage, UnreadCounts } from './types';
import { callCloud } from '@/lib/cloud';

type ParseObject = InstanceType<ParseClient['Object']>;

const CLASS_NAME = 'ChatMessage';
/** When a moderator hid the message, set by the server; only its author can read it then. */
const HIDDEN_FIELD = 'hiddenAt';
/** The server's largest page: a catch-up after a long time offline fetches at most this many. */
const CATCH_UP_LIMIT = 1000;

function toMessage(object: ParseObject): ChatMessage {
  const room: unknown = object.get('room');
  const text: unknown = object.get('text');
  const author: unknown = object.get('author');
  const authorName: unknown = object.get('authorName');
  const authorId =
    typeof author === 'object' && author !== null && typeof (author as { id?: unknown }).id === 'string'
      ? (author as { id: string }).id
      : '';
  return {
    id: object.id ?? '',
    room: typeof room === 'string' ? room : '',
    authorId,
    authorName: typeof authorName === 'string' ? authorName : '',
    text: typeof text === 'string' ? text : '',
    createdAt: (object.createdAt ?? new Date()).toISOString(),
    hidden: object.get(HIDDEN_FIELD) !== undefined,
  };
}

function roomQuery(Parse: ParseClient, room: string) {
  return new Parse.Query(CLASS_NAME)
    .equalTo('room', room)
    .select('room', 'author', 'authorName', 'text', HIDDEN_FIELD);
}

/** The caller's challenges: each has a room the chat lists beside the friends' rooms. */
export async function listChallengeRooms(): Promise<ChallengeSummary[]> {
  return callCloud('listChallenges');
}

/** The caller's accepted friends, by name. */
export async function listChatFriends(): Promise<ChatFriend[]> {
  const { friends } = await callCloud('listFriendships');
  return friends.map(({ userId, username, displayName, avatarUrl }) => ({
    userId,
    username,
    displayName,
    avatarUrl,
  }));
}

async function pageBefore(room: string, before: string | null): Promise<MessagePage> {
  const Parse = await getParse();
  const query = roomQuery(Parse, room)
    .descending('createdAt')
    .addDescending('objectId')
    .limit(PAGE_SIZE + 1);
  if (before) query.lessThan('createdAt', new Date(before));
  const rows = await query.find();
  return {
    messages: rows.slice(0, PAGE_SIZE).map(toMessage).reverse(),
    hasOlder: rows.length > PAGE_SIZE,
  };
}

/** The latest messages of a room, oldest first. */
export function loadLatestMessages(room: string): Promise<MessagePage> {
  return pageBefore(room, null);
}

/** The page before the oldest message shown. */
export function loadOlderMessages(room: string, before: string): Promise<MessagePage> {
  return pageBefore(room, before);
}

/** Messages from `since` on (that instant included: the caller drops the ones it already has). */
export async function loadMessagesSince(room: string, since: string): Promise<ChatMessage[]> {
  const Parse = await getParse();
  const rows = await roomQuery(Parse, room)
    .greaterThanOrEqualTo('createdAt', new Date(since))
    .ascending('createdAt')
    .limit(CATCH_UP_LIMIT)
    .find();
  return rows.map(toMessage);
}

/** Saves a message; the server sets its author and who may read it. */
export async function postMessage(room: string, text: string): Promise<ChatMessage> {
  const Parse = await getParse();
  const message = new Parse.Object(CLASS_NAME);
  message.set('room', room);
  message.set('text', text);
  await message.save();
  return toMessage(message);
}

export async function deleteMessage(id: string): Promise<void> {
  const Parse = await getParse();
  const message = new Parse.Object(CLASS_NAME);
  message.id = id;
  await message.destroy();
}

/**
 * Messages by other people since this person last saw each room, counted side by side. A room
 * whose count fails is left out rather than failing the others.
 */
export async function countUnread(
  meId: string,
  rooms: readonly string[],
  lastSeen: Readonly<Record<string, string>>,
): Promise<UnreadCounts> {
  const Parse = await getParse();
  const me = Parse.User.createWithoutData(meId);
  const counts = await Promise.all(
    rooms.map(async (room): Promise<[string, number]> => {
      const query = new Parse.Query(CLASS_NAME).equalTo('room', room).notEqualTo('author', me);
      const since = lastSeen[room];
      if (since) query.greaterThan('createdAt', new Date(since));
      try {
        return [room, await query.count()];
      } catch {
        return [room, 0];
      }
    }),
  );
  return Object.fromEntries(counts.filter(([, count]) => count > 0));
}

export interface RoomEvents {
  onCreate: (message: ChatMessage) => void;
  /** A message changed (a moderator hid it, or showed it again). */
  onUpdate: (message: ChatMessage) => void;
  /** Deleted, or no longer readable by this person (hidden by a moderator). */
  onDelete: (id: string) => void;
  /** Subscribed, or subscribed again after a lost connection: messages may have been missed. */
  onOpen: () => void;
  /** The connection was lost; the SDK reconnects by itself. */
  onClose: () => void;
}

/**
 * Live messages of one room. Answers the function that ends the subscription; rejects when the
 * server refuses it.
 */
export async function subscribeToRoom(room: string, events: RoomEvents): Promise<() => void> {
  const Parse = await getParse();
  const user = await Parse.User.currentAsync();
  const sessionToken = user?.getSessionToken() ?? undefined;
  await liveQueryClientFor(Parse, sessionToken);
  // The server accepts a ChatMessage subscription confined to one room it lets this person read.
  const subscription = await new Parse.Query(CLASS_NAME).equalTo('room', room).subscribe(sessionToken);
  subscription.on('create', (object: ParseObject) => events.onCreate(toMessage(object)));
  subscription.on('update', (object: ParseObject) => events.onUpdate(toMessage(object)));
  subscription.on('enter', (object: ParseObject) => events.onCreate(toMessage(object)));
  const gone = (object: ParseObject) => {
    if (object.id) events.onDelete(object.id);
  };
  subscription.on('delete', gone);
  subscription.on('leave', gone);
  subscription.on('open', () => events.onOpen());
  subscription.on('close', () => events.onClose());
  // The client's own 'open' comes when the socket is back, before the subscription is renewed.
  const onClientOpen = () => events.onOpen();
  Parse.LiveQuery.on('open', onClientOpen);
  return () => {
    Parse.LiveQuery.emitter.off('open', onClientOpen);
    subscription.unsubscribe().catch(() => undefined);
  };
}
