import { challengeRoomAccess } from '../functions/challenges';
import { chatMessageRules } from '../../src/domain/contract';
import { parseRoomKey, type ChatRoom } from '../../src/domain/chatRooms';
import { checkFields } from '../../src/domain/fieldRules';
import {
  Parse,
  requireUser,
  validationError,
  type AfterFindRequest,
  type CloudObject,
  type FindRequest,
  type TriggerRequest,
} from '../parse';
import { t } from '../../src/i18n/messages';

/**
 * Whether `userId` may read `room`: topic rooms are open, friend rooms need a friendship, a
 * challenge's room its accepted members.
 */
export async function mayUseRoom(room: ChatRoom, userId: string): Promise<boolean> {
  if (room.kind === 'topic') return true;
  if (room.kind === 'challenge') return (await challengeRoomAccess(room.challengeId, userId)) !== 'none';
  if (!room.userIds.includes(userId)) return false;
  const [a, b] = room.userIds;
  const pair = (from: string, to: string) =>
    new Parse.Query('Friendship')
      .equalTo('from', Parse.User.createWithoutData(from))
      .equalTo('to', Parse.User.createWithoutData(to));
  // Master key: the caller cannot read a Friendship row that is not theirs, but this check must.
  const friendship = await Parse.Query.or(pair(a, b), pair(b, a))
    .equalTo('status', 'accepted')
    .first({ useMasterKey: true });
  return friendship !== undefined;
}

async function beforeSaveChatMessage(request: TriggerRequest): Promise<void> {
  const { object } = request;
  if (request.master) return;
  const { user, userId } = requireUser(request.user);
  if (request.original) {
    throw new Parse.Error(Parse.Error.OPERATION_FORBIDDEN, t('server.chat.cannotEdit'));
  }
  const [first] = checkFields(chatMessageRules, object.attributes);
  if (first) throw validationError(first.message);
  if (String(object.get('text')).trim() === '') throw validationError(t('server.chat.onlySpaces'));
  const room = parseRoomKey(String(object.get('room')));
  if (!room) throw validationError(t('server.chat.unknownRoom'));
  const writable =
    room.kind === 'challenge'
      ? (await challengeRoomAccess(room.challengeId, userId)) === 'write'
      : await mayUseRoom(room, userId);
  if (!writable) {
    throw new Parse.Error(Parse.Error.OPERATION_FORBIDDEN, t('server.chat.cannotWrite'));
  }
  object.set('author', user);
  const displayName: unknown = user.get('displayName');
  object.set('authorName', typeof displayName === 'string' && displayName ? displayName : user.getUsername());
  const acl = new Parse.ACL();
  if (room.kind === 'topic' || room.kind === 'challenge') {
    // Signed-in only: the class-level permissions require a session for every read. A challenge's
    // members change, so its room is guarded by the find triggers and the subscription guard instead.
    acl.setPublicReadAccess(true);
  } else {
    for (const id of room.userIds) acl.setReadAccess(id, true);
  }
  acl.setWriteAccess(user, true);
  object.setACL(acl);
}

/** Whether `userId` may read the room stored under `key`; an unknown key is nobody's. */
function mayReadRoomKey(key: unknown, userId: string): Promise<boolean> {
  const room = typeof key === 'string' ? parseRoomKey(key) : null;
  return room ? mayUseRoom(room, userId) : Promise.resolve(false);
}

/**
 * A friend room is readable only while the two are friends, although its messages' ACLs name
 * both for good: a query confined to such a room is refused once the friendship has ended…
 */
async function beforeFindChatMessage(request: FindRequest): Promise<void> {
  if (request.master) return;
  const { userId } = requireUser(request.user);
  const { where } = request.query.toJSON() as { where?: Record<string, unknown> };
  const key = where?.room;
  if (typeof key === 'string' && !(await mayReadRoomKey(key, userId))) {
    throw new Parse.Error(Parse.Error.OPERATION_FORBIDDEN, t('server.chat.cannotRead'));
  }
}

/** …and any other query (by id, say) answers without that room's messages. */
async function afterFindChatMessage(request: AfterFindRequest): Promise<CloudObject[]> {
  const { objects } = request;
  if (request.master) return objects;
  const userId = request.user?.id;
  if (!userId) return [];
  const verdicts = new Map<string, Promise<boolean>>();
  const readable = await Promise.all(
    objects.map((object) => {
      const key = String(object.get('room'));
      let verdict = verdicts.get(key);
      if (!verdict) {
        verdict = mayReadRoomKey(key, userId);
        verdicts.set(key, verdict);
      }
      return verdict;
    }),
  );
  return objects.filter((_, index) => readable[index]);
}

export function registerChatMessageTriggers(): void {
  Parse.Cloud.beforeSave('ChatMessage', beforeSaveChatMessage);
  Parse.Cloud.beforeFind('ChatMessage', beforeFindChatMessage);
  Parse.Cloud.afterFind('ChatMessage', afterFindChatMessage);
}
