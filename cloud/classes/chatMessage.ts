import { challengeRoomAccess } from '../functions/challenges';
import { chatMessageRules } from '../../src/domain/contract';
import { parseRoomKey, type ChatRoom } from '../../src/domain/chatRooms';
import { checkFields } from '../../src/domain/fieldRules';
import {
  Parse,
  refusal,
  refuseProblem,
  requireUser,
  validationError,
  type FindRequest,
  type TriggerRequest,
} from '../parse';
import { currentReaders, privateMessageAcl, roomRoleId } from '../roomReaders';

/**
 * Whether `userId` may read `room`: topic rooms are open, friend rooms need a friendship, a
 * challenge's room its accepted members.
 */
export async function mayUseRoom(room: ChatRoom, userId: string): Promise<boolean> {
  if (room.kind === 'topic') return true;
  if (room.kind === 'challenge') return (await challengeRoomAccess(room.challengeId, userId)) !== 'none';
  // A friend room is read by its two people while they are friends (the role's readers).
  return room.userIds.includes(userId) && (await currentReaders(room)).length > 0;
}

async function beforeSaveChatMessage(request: TriggerRequest): Promise<void> {
  const { object } = request;
  if (request.master) return;
  const { user, userId } = requireUser(request.user);
  if (request.original) {
    throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.chat.cannotEdit');
  }
  const [first] = checkFields(chatMessageRules, object.attributes);
  if (first) throw refuseProblem(first);
  if (String(object.get('text')).trim() === '') throw validationError('server.chat.onlySpaces');
  const room = parseRoomKey(String(object.get('room')));
  if (!room) throw validationError('server.chat.unknownRoom');
  const writable =
    room.kind === 'challenge'
      ? (await challengeRoomAccess(room.challengeId, userId)) === 'write'
      : await mayUseRoom(room, userId);
  if (!writable) {
    throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.chat.cannotWrite');
  }
  object.set('author', user);
  const displayName: unknown = user.get('displayName');
  object.set('authorName', typeof displayName === 'string' && displayName ? displayName : user.getUsername());
  if (room.kind === 'topic') {
    // Signed-in only: the class-level permissions require a session for every read.
    const acl = new Parse.ACL();
    acl.setPublicReadAccess(true);
    acl.setWriteAccess(user, true);
    object.setACL(acl);
  } else {
    // Readable through the room's role only; made now if the room is older than roles.
    await roomRoleId(room);
    object.setACL(privateMessageAcl(room, userId));
  }
}

/**
 * Privacy is the messages' ACL (cloud/roomReaders.ts): a query confined to a room the caller may
 * not read would answer nothing anyway, and is refused with a sentence instead.
 */
async function beforeFindChatMessage(request: FindRequest): Promise<void> {
  if (request.master) return;
  const { userId } = requireUser(request.user);
  const { where } = request.query.toJSON() as { where?: Record<string, unknown> };
  const key = where?.room;
  if (typeof key !== 'string') return;
  const room = parseRoomKey(key);
  if (!room || !(await mayUseRoom(room, userId))) {
    throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.chat.cannotRead');
  }
}

export function registerChatMessageTriggers(): void {
  Parse.Cloud.beforeSave('ChatMessage', beforeSaveChatMessage);
  Parse.Cloud.beforeFind('ChatMessage', beforeFindChatMessage);
}
