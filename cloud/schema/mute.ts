import { signedInPermissions, type ClassDefinition } from './types';

/**
 * A person's choice not to see another's chat messages (and comments). Only the server writes
 * (`muteUser`/`unmuteUser`); the ACL lets the muter alone read it, so the muted person is never told.
 */
export const muteClass = {
  className: 'Mute',
  fields: {
    user: { type: 'Pointer', targetClass: '_User', required: true },
    muted: { type: 'Pointer', targetClass: '_User', required: true },
  },
  indexes: { mute_user_muted: { user: 1, muted: 1 } },
  classLevelPermissions: signedInPermissions({ create: {}, update: {}, delete: {} }),
  personal: {
    ownedBy: ['user'],
    notOwnedBy: { muted: 'the muter’s choice, never shown to the person muted' },
    onAccountDeletion: 'delete',
    exportedAs: { notExported: 'a preference of the app, listed on its settings page' },
  },
} as const satisfies ClassDefinition;
