import { ownerPointer, signedInPermissions, type ClassDefinition } from './types';

/**
 * A device that receives web pushes (cloud/push.ts): the push service's endpoint and the keys the
 * payload is encrypted to, tied to the session that subscribed, so logging out of that device
 * ends it. Readable by its owner only (ACL); only the server writes, through
 * `savePushSubscription` and `removePushSubscription`.
 */
export const pushSubscriptionClass = {
  className: 'PushSubscription',
  fields: {
    user: ownerPointer(),
    endpoint: { type: 'String', required: true },
    p256dh: { type: 'String', required: true },
    auth: { type: 'String', required: true },
    /** The objectId of the _Session that subscribed. */
    session: { type: 'String', required: true },
  },
  indexes: {
    push_subscription_user: { user: 1 },
    push_subscription_endpoint: { endpoint: 1 },
    push_subscription_session: { session: 1 },
  },
  classLevelPermissions: signedInPermissions({ create: {}, update: {}, delete: {} }),
  personal: {
    ownedBy: ['user'],
    onAccountDeletion: 'delete',
    exportedAs: { notExported: 'where a device receives pushes, of no use elsewhere' },
  },
} as const satisfies ClassDefinition;
