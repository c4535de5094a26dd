import { ownerPointer, serverOnlyPermissions, type ClassDefinition } from './types';

/**
 * A person's two-factor sign-in (cloud/functions/twoFactor.ts): the TOTP secret, the hashes of
 * the unused recovery codes, the last time step a code was accepted for (a code is never taken
 * twice) and the count of wrong codes. Closed to every client.
 */
export const twoFactorClass = {
  className: 'TwoFactor',
  fields: {
    user: ownerPointer(),
    secret: { type: 'String' },
    pendingSecret: { type: 'String' },
    enabledAt: { type: 'Date' },
    recoveryHashes: { type: 'Array' },
    lastStep: { type: 'Number' },
    failures: { type: 'Number' },
    lockedUntil: { type: 'Date' },
  },
  indexes: { two_factor_user: { user: 1 } },
  classLevelPermissions: serverOnlyPermissions(),
  personal: {
    ownedBy: ['user'],
    onAccountDeletion: 'delete',
    exportedAs: { notExported: 'the secrets of the sign-in, which never leave the server' },
  },
} as const satisfies ClassDefinition;
