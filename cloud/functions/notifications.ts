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
import { pushToPerson } from '../push';
import { setRecordsOf } from './strength';
import { defineFunction, type CloudRequest } from './define';

const textOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Tells a person something: a row only they can read, delivered live to their open pages. Older
 * ones beyond the fifty kept are deleted. A failure is logged, never the caller's: the event
 * itself (a friend request, a workout) has happened.
 */
export async function notify(
  userId: string,
  kind: NotificationKind,
  details: { actor?: string; subject?: string } = {},
): Promise<void> {
  try {
    const owner = Parse.User.createWithoutData(userId);
    const row = rowOf(notificationClass);
    row.set({ user: owner, kind, ...details });
    row.setACL(readableBy(userId));
    await row.save(null, MASTER);
    // Not awaited: a slow push service must not hold up the request that caused the notification.
    const shown = toRow(row);
    void pushToPerson(userId, () => pushMessageOf(shown));
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

function toRow(row: RowOf<typeof notificationClass>): NotificationRow {
  return {
    id: row.id ?? '',
    kind: row.get('kind'),
    actor: textOrNull(row.get('actor')),
    subject: textOrNull(row.get('subject')),
    createdAt: (row.createdAt ?? new Date()).toISOString(),
    read: row.get('readAt') instanceof Date,
  };
}

/** `listNotifications()`: the caller's notifications, newest first, and how many are unread. */
async function listNotifications(request: CloudRequest<'listNotifications'>): Promise<NotificationList> {
  const { user } = requireUser(request.user);
  const rows = await queryOf(notificationClass)
    .equalTo('user', user)
    .descending('createdAt')
    .limit(KEPT_NOTIFICATIONS)
    .find(MASTER);
  const notifications = rows.map(toRow);
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
  Parse.Cloud.afterSave('Activity', notifyRecords);
  Parse.Cloud.beforeSubscribe('Notification', (request) => {
    requireUser(request.user);
  });
}
