import { parseRoomKey } from '../src/domain/chatRooms';
import { mayUseRoom } from './classes/chatMessage';
import { Parse, type SubscribeRequest } from './parse';

/** Reads the room a ChatMessage subscription is confined to, from its `where` clause. */
function subscribedRoom(request: SubscribeRequest): string | undefined {
  const where = (request.query.toJSON() as { where?: Record<string, unknown> }).where ?? {};
  const room = where.room;
  return typeof room === 'string' ? room : undefined;
}

export function registerLiveQueryGuards(): void {
  Parse.Cloud.beforeConnect((request) => {
    if (!request.user) {
      throw new Parse.Error(Parse.Error.INVALID_SESSION_TOKEN, 'Please log in first.');
    }
  });

  Parse.Cloud.beforeSubscribe('ChatMessage', async (request) => {
    const user = request.user;
    if (!user) throw new Parse.Error(Parse.Error.INVALID_SESSION_TOKEN, 'Please log in first.');
    const key = subscribedRoom(request);
    const room = key === undefined ? null : parseRoomKey(key);
    if (!room) {
      throw new Parse.Error(Parse.Error.OPERATION_FORBIDDEN, 'Subscribe to one known room.');
    }
    if (!(await mayUseRoom(room, user.id))) {
      throw new Parse.Error(Parse.Error.OPERATION_FORBIDDEN, 'You cannot read this room.');
    }
  });
}
