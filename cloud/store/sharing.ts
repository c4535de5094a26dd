import { MASTER, Parse } from '../parse';
import { activityClass } from '../schema/activity';
import { queryOf, type RowOf } from '../schema/rows';
import { relationBetween } from './people';

/**
 * Who may see a workout besides its owner. Workouts are owner-only by their ACL; a friend sees one
 * only through cloud functions that ask here first and answer what its owner shares (never the
 * row itself). One rule for the feed, a workout's detail, its kudos and its comments.
 */

export type ActivityRow = RowOf<typeof activityClass>;

/** Whether the account is under a moderator's suspension now (`_User.suspendedUntil` in the future). */
export function isSuspended(user: { get(key: string): unknown }, now = new Date()): boolean {
  const until = user.get('suspendedUntil');
  return until instanceof Date && until.getTime() > now.getTime();
}

/**
 * Whether `viewerId` may see `activity`: its owner always; anyone else only when it is shared with
 * friends, they are friends (no block either way), the owner is not suspended and no moderator has
 * hidden it.
 */
export async function mayView(viewerId: string, activity: ActivityRow): Promise<boolean> {
  const ownerId = activity.get('user').id ?? '';
  if (ownerId === viewerId) return true;
  if (activity.get('visibility') !== 'friends' || activity.get('moderationHidden') === true) return false;
  if (!(await relationBetween(viewerId, ownerId)).friends) return false;
  const owner = await new Parse.Query(Parse.User).get(ownerId, MASTER).catch(() => undefined);
  return owner !== undefined && !isSuspended(owner);
}

/**
 * The workout `activityId` when `viewerId` may see it, else undefined: a workout that does not
 * exist and one that is not shared answer the same, so its existence is not revealed.
 */
export async function viewableActivity(
  viewerId: string,
  activityId: string,
): Promise<ActivityRow | undefined> {
  const activity = await queryOf(activityClass)
    .get(activityId, MASTER)
    .catch(() => undefined);
  if (!activity) return undefined;
  return (await mayView(viewerId, activity)) ? activity : undefined;
}
