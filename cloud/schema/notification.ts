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
    actor: { type: 'String' },
    subject: { type: 'String' },
    readAt: { type: 'Date' },
  },
  indexes: { notification_user_createdAt: { user: 1, createdAt: -1 } },
  classLevelPermissions: signedInPermissions({ create: {}, update: {}, delete: {} }),
  personal: {
    ownedBy: ['user'],
    onAccountDeletion: 'delete',
    exportedAs: { notExported: 'what the app told the person, not what they entered' },
  },
} as const satisfies ClassDefinition;
