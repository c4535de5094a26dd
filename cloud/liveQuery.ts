import { parseRoomKey } from '../src/domain/chatRooms';
import { mayUseRoom } from './classes/chatMessage';
import { Parse, refusal, requireUser, type LiveQueryEventRequest, type SubscribeRequest } from './parse';
import { authorSuspendedFor } from './suspension';

/** Reads the room a ChatMessage subscription is confined to, from its `where` clause. */
function subscribedRoom(request: SubscribeRequest): string | undefined {
  const { where } = request.query.toJSON() as { where?: Record<string, unknown> };
  const room = where?.room;
  return typeof room === 'string' ? room : undefined;
}

export function registerLiveQueryGuards(): void {
  Parse.Cloud.beforeConnect((request) => {
    requireUser(request.user);
  });

  Parse.Cloud.beforeSubscribe('ChatMessage', async (request) => {
    const { userId } = requireUser(request.user);
    const key = subscribedRoom(request);
    const room = key === undefined ? null : parseRoomKey(key);
    if (!room) {
      throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.chat.oneKnownRoom');
    }
    if (!(await mayUseRoom(room, userId))) {
      throw refusal(Parse.Error.OPERATION_FORBIDDEN, 'server.chat.cannotRead');
    }
  });

  // A suspended person's messages reach nobody else's open room while the suspension lasts (a
  // moderator unhiding one, say); a deletion still goes out, so nothing lingers on a screen. A new
  // message is never a suspended person's (refused when sent), so only a change or an entry into
  // a subscriber's view costs a look at its author.
  Parse.Cloud.afterLiveQueryEvent('ChatMessage', async (request: LiveQueryEventRequest) => {
    if (request.event !== 'update' && request.event !== 'enter') return;
    if (await authorSuspendedFor(request.object, request.user?.id)) request.sendEvent = false;
  });
}
