import { isObjectId } from '../../src/domain/ids';
import {
  KEPT_NOTIFICATIONS,
  type NotificationKind,
  type NotificationList,
  type NotificationRow,
  pushMessageOf,
} from '../../src/domain/notifications';
import { MASTER, Parse, readableBy, requireUser, validationError, type TriggerRequest } from '../parse';
import { activityClass } from '../schema/activity';
import { exerciseClass } from '../schema/exercise';
import { notificationClass } from '../schema/notification';
import { asRow, queryOf, rowOf, type RowOf } from '../schema/rows';
import { challengeClass } from '../schema/challenge';
import { pushToPerson } from '../push';
import { profilesSeenBy } from './profiles';
import { setRecordsOf } from './strength';
import { followWorkoutLoad } from './insight';
import { defineFunction, type CloudRequest } from './define';

const textOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** Who and what a notification is about; the person by id, named whenever it is read. */
export interface NotificationDetails {
  actorId?: string | undefined;
  subject?: string | undefined;
  challengeId?: string | undefined;
  activityId?: string | undefined;
  others?: number | undefined;
}

/**
 * Tells a person something: a row only they can read, delivered live to their open pages, and a
 * push naming the person it is about as the recipient would see them now. Older ones beyond the
 * fifty kept are deleted. A failure is logged, never the caller's: the event itself (a friend
 * request, a workout) has happened.
 */
export async function notify(
  userId: string,
  kind: NotificationKind,
  { actorId, subject, challengeId, activityId, others }: NotificationDetails = {},
): Promise<void> {
  try {
    const owner = Parse.User.createWithoutData(userId);
    const row = rowOf(notificationClass);
    row.set({ user: owner, kind });
    if (actorId) row.set('actorUser', Parse.User.createWithoutData(actorId));
    if (subject) row.set('subject', subject);
    if (challengeId) row.set('challenge', rowOf(challengeClass, challengeId));
    if (activityId) row.set('activity', rowOf(activityClass, activityId));
    if (others) row.set('others', others);
    row.setACL(readableBy(userId));
    await row.save(null, MASTER);
    const [shown] = await rowsSeenBy(userId, [row]);
    // Not awaited: a slow push service must not hold up the request that caused the notification.
    if (shown) void pushToPerson(userId, () => pushMessageOf(shown));
    const stale = await queryOf(notificationClass)
      .equalTo('user', owner)
      .descending('createdAt')
      .skip(KEPT_NOTIFICATIONS)
      .limit(100)
      .find(MASTER);
    if (stale.length > 0) await Parse.Object.destroyAll(stale, MASTER);
  } catch (error) {
    console.error(`Could not notify ${userId} (${kind}):`, error);
  }
}

/**
 * Kudos on a workout, told to its owner as one notification: the unread one about the same workout
 * is replaced by one naming the latest giver and how many others gave kudos.
 */
export async function notifyKudos(
  ownerId: string,
  activity: { id: string; type: string },
  giverId: string,
  count: number,
): Promise<void> {
  try {
    const unread = await queryOf(notificationClass)
      .equalTo('user', Parse.User.createWithoutData(ownerId))
      .equalTo('kind', 'kudos')
      .equalTo('activity', rowOf(activityClass, activity.id))
      .doesNotExist('readAt')
      .find(MASTER);
    if (unread.length > 0) await Parse.Object.destroyAll(unread, MASTER);
  } catch (error) {
    console.error(`Could not group the kudos notifications of ${ownerId}:`, error);
  }
  await notify(ownerId, 'kudos', {
    actorId: giverId,
    subject: activity.type,
    activityId: activity.id,
    others: Math.max(0, count - 1),
  });
}

type NotificationObject = RowOf<typeof notificationClass>;

/**
 * Notification rows of `recipientId` as they read them: the person each is about named by their
 * display name as it is now (a rename shows at once), unless they have blocked the recipient or
 * are gone. Rows made before `actorUser` keep the username they were made with.
 */
async function rowsSeenBy(
  recipientId: string,
  rows: readonly NotificationObject[],
): Promise<NotificationRow[]> {
  const actorIds = rows.flatMap((row) => {
    const id = row.get('actorUser')?.id;
    return id ? [id] : [];
  });
  const people = await profilesSeenBy(recipientId, actorIds);
  return rows.map((row) => {
    const actorId = row.get('actorUser')?.id;
    const actor = actorId ? (people.get(actorId)?.displayName ?? null) : textOrNull(row.get('actor'));
    return {
      id: row.id ?? '',
      kind: row.get('kind'),
      actor: actor || null,
      subject: textOrNull(row.get('subject')),
      challengeId: row.get('challenge')?.id ?? null,
      ...(row.get('kind') === 'kudos' ? { others: row.get('others') ?? 0 } : {}),
      ...(row.get('activity')?.id ? { activityId: row.get('activity')?.id } : {}),
      createdAt: (row.createdAt ?? new Date()).toISOString(),
      read: row.get('readAt') instanceof Date,
    };
  });
}

/** `listNotifications()`: the caller's notifications, newest first, and how many are unread. */
async function listNotifications(request: CloudRequest<'listNotifications'>): Promise<NotificationList> {
  const { user, userId } = requireUser(request.user);
  const rows = await queryOf(notificationClass)
    .equalTo('user', user)
    .descending('createdAt')
    .limit(KEPT_NOTIFICATIONS)
    .find(MASTER);
  const notifications = await rowsSeenBy(userId, rows);
  return { notifications, unread: notifications.filter((row) => !row.read).length };
}

/** `markNotificationsRead({ ids? })`: the named notifications of the caller, or all of them, are read. */
async function markNotificationsRead(
  request: CloudRequest<'markNotificationsRead'>,
): Promise<{ marked: number }> {
  const { user } = requireUser(request.user);
  const { ids } = request.params;
  const named =
    ids === undefined
      ? undefined
      : Array.isArray(ids) && ids.length <= KEPT_NOTIFICATIONS && ids.every(isObjectId)
        ? ids
        : null;
  if (named === null) throw validationError('server.notifications.ids', { max: KEPT_NOTIFICATIONS });
  const query = queryOf(notificationClass).equalTo('user', user).doesNotExist('readAt');
  if (named) query.containedIn('objectId', named);
  const unread = await query.limit(KEPT_NOTIFICATIONS).find(MASTER);
  const now = new Date();
  for (const row of unread) row.set('readAt', now);
  await Parse.Object.saveAll(unread, MASTER);
  return { marked: unread.length };
}

/**
 * A strength workout logged with sets that beat the person's earlier ones: a notification per
 * exercise with a new record. Only for a workout just created, not for later edits.
 */
async function notifyRecords(request: TriggerRequest): Promise<void> {
  const workout = asRow(activityClass, request.object);
  if (request.original || workout.get('type') !== 'strength') return;
  const exercises = workout.get('exercises') ?? [];
  const owner = workout.get('user');
  if (exercises.length === 0 || !owner.id) return;
  const records = await setRecordsOf(owner, exercises, workout.get('startedAt'));
  const withRecords = exercises.filter((_, index) => records[index]?.some((set) => set.length > 0));
  if (withRecords.length === 0) return;
  const names = await queryOf(exerciseClass)
    .containedIn(
      'objectId',
      withRecords.map((exercise) => exercise.exerciseId),
    )
    .select('name')
    .find(MASTER);
  for (const exercise of names) {
    await notify(owner.id, 'personal-record', { subject: exercise.get('name') });
  }
}

export function registerNotificationFunctions(): void {
  defineFunction('listNotifications', listNotifications);
  defineFunction('markNotificationsRead', markNotificationsRead);
  // Parse keeps one afterSave per class: a workout's records, then its training load.
  Parse.Cloud.afterSave('Activity', async (request) => {
    await notifyRecords(request);
    await followWorkoutLoad(request);
  });
  Parse.Cloud.beforeSubscribe('Notification', (request) => {
    requireUser(request.user);
  });
}
