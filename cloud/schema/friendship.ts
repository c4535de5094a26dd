import { onlyServer, signedInPermissions, type ClassDefinition } from './types';

export const friendshipClass = {
  className: 'Friendship',
  fields: {
    from: { type: 'Pointer', targetClass: '_User', required: true },
    to: { type: 'Pointer', targetClass: '_User', required: true },
    status: { type: 'String', required: true },
    respondedAt: { type: 'Date' },
  },
  indexes: {
    friendship_from: { from: 1, status: 1 },
    friendship_to: { to: 1, status: 1 },
  },
  // Both parties read through the ACL; only cloud functions (master key) write.
  classLevelPermissions: signedInPermissions({
    create: onlyServer,
    update: onlyServer,
    delete: onlyServer,
  }),
  personal: { ownedBy: ['from', 'to'], onAccountDeletion: 'delete', exportedAs: 'friendships' },
} as const satisfies ClassDefinition;
