import { parseRoomKey } from '../src/domain/chatRooms';
import { mayUseRoom } from './classes/chatMessage';
import { Parse, requireUser, type SubscribeRequest } from './parse';
import { t } from '../src/i18n/messages';

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
      throw new Parse.Error(Parse.Error.OPERATION_FORBIDDEN, t('server.chat.oneKnownRoom'));
    }
    if (!(await mayUseRoom(room, userId))) {
      throw new Parse.Error(Parse.Error.OPERATION_FORBIDDEN, t('server.chat.cannotRead'));
    }
  });
}
