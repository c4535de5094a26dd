import { dmRoomKey } from '../../src/domain/chatRooms';
import { closeRoomSubscriptions } from '../roomClosing';
import { Parse, type ParseUser, type TriggerRequest } from '../parse';

/**
 * A friend room is readable only while the two are accepted friends: once a friendship row stops
 * being accepted or is deleted, by whatever path, nobody may follow the room any more. Parse awaits
 * this before it answers the change, so a message saved after the answer reaches nobody.
 */
async function closeFriendRoomUnlessFriends(request: TriggerRequest, deleted: boolean): Promise<void> {
  const { object } = request;
  if (!deleted && object.get('status') === 'accepted') return;
  const from = (object.get('from') as ParseUser | undefined)?.id;
  const to = (object.get('to') as ParseUser | undefined)?.id;
  if (from && to) await closeRoomSubscriptions(dmRoomKey(from, to));
}

export function registerFriendshipTriggers(): void {
  Parse.Cloud.afterSave('Friendship', (request) => closeFriendRoomUnlessFriends(request, false));
  Parse.Cloud.afterDelete('Friendship', (request) => closeFriendRoomUnlessFriends(request, true));
}
