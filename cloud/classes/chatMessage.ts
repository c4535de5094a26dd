import { challengeRoomAccess } from '../functions/challenges';
import { shownName } from '../functions/profiles';
import { chatMessageRules } from '../../src/domain/contract';
import { parseRoomKey, type ChatRoom } from '../../src/domain/chatRooms';
import { checkFields } from '../../src/domain/fieldRules';
import { moderates } from '../../src/domain/moderation';
import { roleOf } from '../admins';
import { slowModeOf } from '../store/slowMode';
import { refuseSuspended, shownInstant, suspendedOthers } from '../suspension';
import {
  MASTER,
  Parse,
  type ParseUser,
  refusal,
  refuseProblem,
  requireUser,
  validationError,
  type FindRequest,
  type TriggerRequest,
  userPointer,
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

/**
 * A suspended person writes nowhere, a person a moderator muted writes in no room until the mute
 * ends, and in a topic room in slow mode a person waits between two messages (moderators do not).
 * The person is read afresh: the one a session carries may be a few seconds old.
 */
async function refuseSilenced(user: ParseUser, room: ChatRoom): Promise<void> {
  await refuseSuspended(user);
  const now = new Date();
  const fresh = await new Parse.Query(Parse.User).get(user.id ?? '', MASTER);
  const mutedUntil = fresh.get('chatMutedUntil') as Date | undefined;
  if (mutedUntil && mutedUntil > now) {
    throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.chat.muted', { until: shownInstant(mutedUntil) });
  }
  if (room.kind !== 'topic') return;
  const seconds = await slowModeOf(room.key);
  if (seconds === 0 || moderates(await roleOf(user.id))) return;
  const last = await new Parse.Query('ChatMessage')
    .equalTo('room', room.key)
    .equalTo('author', user)
    .greaterThan('createdAt', new Date(now.getTime() - seconds * 1000))
    .descending('createdAt')
    .first(MASTER);
  if (last?.createdAt) {
    const wait = Math.max(1, Math.ceil((last.createdAt.getTime() + seconds * 1000 - now.getTime()) / 1000));
    throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.chat.slowMode', { seconds: wait });
  }
}

async function beforeSaveChatMessage(request: TriggerRequest): Promise<void> {
  const { object } = request;
  if (request.master) return;
  const { user, userId } = requireUser(request.user);
  if (request.original) {
    throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.chat.cannotEdit');
  }
  if (object.dirtyKeys().includes('hiddenAt')) {
    throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.owned.serverField', { field: 'hiddenAt' });
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
  await refuseSilenced(user, room);
  object.set('author', user);
  object.set('authorName', shownName(user));
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
 * not read would answer nothing anyway, and is refused with a sentence instead. Messages by people
 * under suspension are left out for everyone but their authors (history, catch-up and counts
 * alike), until the suspension is lifted or ends.
 */
async function beforeFindChatMessage(request: FindRequest): Promise<void> {
  if (request.master) return;
  const { userId } = requireUser(request.user);
  const { where } = request.query.toJSON() as { where?: Record<string, unknown> };
  const key = where?.room;
  if (typeof key === 'string') {
    const room = parseRoomKey(key);
    if (!room || !(await mayUseRoom(room, userId))) {
      throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.chat.cannotRead');
    }
  }
  const suspended = await suspendedOthers(userId);
  if (suspended.length === 0) return;
  // Only the query's `where` reaches the database from here; its order, limit and keys stay.
  const notSuspended = { author: { $nin: suspended.map((id) => userPointer(id).toPointer()) } };
  request.query.withJSON({ where: { $and: [where ?? {}, notSuspended] } });
}

export function registerChatMessageTriggers(): void {
  Parse.Cloud.beforeSave('ChatMessage', beforeSaveChatMessage);
  Parse.Cloud.beforeFind('ChatMessage', beforeFindChatMessage);
}
