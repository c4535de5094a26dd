import type { NotificationKind } from '../../src/domain/notifications';
import { holds, ownerPointer, signedInPermissions, type ClassDefinition } from './types';

/**
 * What a person is told about (cloud/functions/notifications.ts). Readable by its owner (ACL) and
 * delivered live; only the server writes, and marking read goes through a function.
 */
export const notificationClass = {
  className: 'Notification',
  fields: {
    user: ownerPointer(),
    kind: { type: 'String', required: true, ...holds<NotificationKind>() },
    /** The person it is about, named when the list is read (their name as it is then, never copied). */
    actorUser: { type: 'Pointer', targetClass: '_User' },
    /** The username of the person it is about, on rows made before `actorUser`. */
    actor: { type: 'String' },
    subject: { type: 'String' },
    /** The challenge an invitation or a result is about, so the notification leads to it. */
    challenge: { type: 'Pointer', targetClass: 'Challenge' },
    readAt: { type: 'Date' },
    /** The workout kudos or a comment is about: unread kudos on one workout are one notification. */
    activity: { type: 'Pointer', targetClass: 'Activity' },
    /** How many others besides `actorUser` gave kudos. */
    others: { type: 'Number' },
  },
  indexes: { notification_user_createdAt: { user: 1, createdAt: -1 } },
  classLevelPermissions: signedInPermissions({ create: {}, update: {}, delete: {} }),
  personal: {
    ownedBy: ['user'],
    notOwnedBy: { actorUser: 'the recipient’s notification names who acted; without them it names no one' },
    onAccountDeletion: 'delete',
    exportedAs: { notExported: 'what the app told the person, not what they entered' },
  },
} as const satisfies ClassDefinition;
