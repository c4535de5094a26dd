import type { PublicProfile } from '../../src/domain/friends';
import { MASTER, Parse, userPointer } from '../parse';
import { friendshipClass } from '../schema/friendship';
import { asRow, queryOf } from '../schema/rows';
import { userClass } from '../schema/user';

/** The name others see of a person: their display name, else their username. */
export function shownName(user: { get(key: string): unknown }): string {
  const [displayName, username] = [user.get('displayName'), user.get('username')];
  if (typeof displayName === 'string' && displayName) return displayName;
  return typeof username === 'string' ? username : '';
}

/** Name and picture of people, and nothing else: no email, no settings, no data. */
export async function profiles(ids: readonly string[]): Promise<Map<string, PublicProfile>> {
  if (ids.length === 0) return new Map();
  const users = await new Parse.Query(Parse.User)
    .containedIn('objectId', [...ids])
    .select('username', 'displayName', 'avatar')
    .limit(ids.length)
    .find(MASTER);
  return new Map(
    users.map((found) => {
      const user = asRow(userClass, found);
      const avatar = user.get('avatar');
      return [
        user.id ?? '',
        {
          userId: user.id ?? '',
          username: found.getUsername() ?? '',
          displayName: shownName(found),
          avatarUrl: avatar?.url() ?? null,
        },
      ];
    }),
  );
}

/**
 * The profiles of `ids` as `viewerId` may see them: someone who has blocked the viewer is left
 * out, as search leaves them out, so a name they change later never reaches the one they blocked.
 */
export async function profilesSeenBy(
  viewerId: string,
  ids: readonly string[],
): Promise<Map<string, PublicProfile>> {
  const others = [...new Set(ids)].filter((id) => id !== viewerId);
  const blockers =
    others.length === 0
      ? []
      : await queryOf(friendshipClass)
          .equalTo('to', Parse.User.createWithoutData(viewerId))
          .containedIn('from', others.map(userPointer))
          .equalTo('status', 'blocked')
          .select('from')
          .limit(others.length)
          .find(MASTER);
  const hidden = new Set(blockers.map((row) => row.get('from').id ?? ''));
  return profiles([...new Set(ids)].filter((id) => !hidden.has(id)));
}
