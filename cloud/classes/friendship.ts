import { dmRoomKey, parseRoomKey } from '../../src/domain/chatRooms';
import { currentReaders, grantRoom, revokeRoom } from '../roomReaders';
import { Parse, type TriggerRequest } from '../parse';
import { friendshipClass } from '../schema/friendship';
import { asRow } from '../schema/rows';

/**
 * A friend room is readable only while the two are accepted friends: once a friendship row stops
 * being accepted or is deleted, by whatever path, neither may read or follow the room any more
 * (unless a row the other way still makes them friends). Parse awaits this before it answers the
 * change, so a message saved after the answer reaches nobody.
 */
async function followFriendship(request: TriggerRequest, deleted: boolean): Promise<void> {
  // Saved (or deleted) rows, written only by the server.
  const object = asRow(friendshipClass, request.object);
  const original = request.original && asRow(friendshipClass, request.original);
  const from = object.get('from').id;
  const to = object.get('to').id;
  const room = from && to ? parseRoomKey(dmRoomKey(from, to)) : null;
  if (!from || !to || room?.kind !== 'dm') return;
  const accepted = !deleted && object.get('status') === 'accepted';
  if (accepted) {
    await grantRoom(room, [from, to]);
    return;
  }
  const wasAccepted = (deleted ? object : original)?.get('status') === 'accepted';
  if (!wasAccepted) return;
  if ((await currentReaders(room)).length > 0) return;
  await revokeRoom(room, [from, to]);
}

export function registerFriendshipTriggers(): void {
  Parse.Cloud.afterSave('Friendship', (request) => followFriendship(request, false));
  Parse.Cloud.afterDelete('Friendship', (request) => followFriendship(request, true));
}
