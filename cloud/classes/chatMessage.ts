import { chatMessageRules } from '../../src/domain/contract';
import { parseRoomKey, type ChatRoom } from '../../src/domain/chatRooms';
import { checkFields } from '../../src/domain/fieldRules';
import { Parse, requireUser, validationError, type TriggerRequest } from '../parse';

/** Whether `userId` may read and write `room`: topic rooms are open, friend rooms need a friendship. */
export async function mayUseRoom(room: ChatRoom, userId: string): Promise<boolean> {
  if (room.kind === 'topic') return true;
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
    throw new Parse.Error(Parse.Error.OPERATION_FORBIDDEN, 'Messages cannot be edited.');
  }
  const [first] = checkFields(chatMessageRules, object.attributes);
  if (first) throw validationError(first.message);
  const room = parseRoomKey(String(object.get('room')));
  if (!room) throw validationError('room is not a known chat room.');
  if (!(await mayUseRoom(room, userId))) {
    throw new Parse.Error(Parse.Error.OPERATION_FORBIDDEN, 'You cannot write in this room.');
  }
  object.set('author', user);
  const acl = new Parse.ACL();
  if (room.kind === 'topic') {
    // Signed-in only: the class-level permissions require a session for every read.
    acl.setPublicReadAccess(true);
  } else {
    for (const id of room.userIds) acl.setReadAccess(id, true);
  }
  acl.setWriteAccess(user, true);
  object.setACL(acl);
}

export function registerChatMessageTriggers(): void {
  Parse.Cloud.beforeSave('ChatMessage', beforeSaveChatMessage);
}
