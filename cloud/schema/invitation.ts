import { serverOnlyPermissions, type ClassDefinition } from './types';

/**
 * An invitation link to sign up on an invite-only server (cloud/classes/invitation.ts). Only the
 * code's SHA-256 is kept: the link is shown once, to its maker. Closed to every client.
 */
export const invitationClass = {
  className: 'Invitation',
  fields: {
    codeHash: { type: 'String', required: true },
    createdBy: { type: 'Pointer', targetClass: '_User', required: true },
    expiresAt: { type: 'Date', required: true },
    usedAt: { type: 'Date' },
    /** Accounts that tried to spend it: the one that made it 1 keeps it. */
    claims: { type: 'Number' },
    usedBy: { type: 'Pointer', targetClass: '_User' },
  },
  indexes: { invitation_code_hash: { codeHash: 1 }, invitation_created_by: { createdBy: 1 } },
  classLevelPermissions: serverOnlyPermissions(),
  personal: {
    ownedBy: ['createdBy'],
    notOwnedBy: { usedBy: 'an invitation is the inviter’s; the account made with it is named only' },
    onAccountDeletion: 'delete',
    exportedAs: {
      notExported: 'the code is kept only as a hash; the invitations are listed in the settings',
    },
  },
} as const satisfies ClassDefinition;
