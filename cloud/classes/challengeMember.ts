import { challengeRoomKey } from '../../src/domain/challenges';
import { parseRoomKey } from '../../src/domain/chatRooms';
import { grantRoom, revokeRoom } from '../roomReaders';
import { Parse, type TriggerRequest } from '../parse';
import { challengeMemberClass } from '../schema/challenge';
import { asRow } from '../schema/rows';

/**
 * A challenge's room is read by its accepted members: the room's readers follow each membership
 * row, however it changes (an answer, leaving, an account deleted). Parse awaits this before it
 * answers, so a member who has left receives nothing saved after the answer.
 */
async function followMembership(request: TriggerRequest, deleted: boolean): Promise<void> {
  // Saved (or deleted) rows, written only by the server.
  const object = asRow(challengeMemberClass, request.object);
  const original = request.original && asRow(challengeMemberClass, request.original);
  const userId = object.get('user').id;
  const challengeId = object.get('challenge').id;
  const room = challengeId ? parseRoomKey(challengeRoomKey(challengeId)) : null;
  if (!userId || room?.kind !== 'challenge') return;
  if (!deleted && object.get('status') === 'accepted') {
    await grantRoom(room, [userId]);
    return;
  }
  if ((deleted ? object : original)?.get('status') === 'accepted') await revokeRoom(room, [userId]);
}

export function registerChallengeMemberTriggers(): void {
  Parse.Cloud.afterSave('ChallengeMember', (request) => followMembership(request, false));
  Parse.Cloud.afterDelete('ChallengeMember', (request) => followMembership(request, true));
}
