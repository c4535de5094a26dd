import { serverOnlyPermissions, type ClassDefinition } from './types';

/**
 * Parse's roles. The server writes the `admin` role (cloud/admins.ts) with the master key; open, any
 * signed-in person could create or join one. Parse resolves a person's roles for ACLs with the
 * master key, so closing the class to clients changes no access check.
 */
export const roleClass = {
  className: '_Role',
  fields: {},
  classLevelPermissions: serverOnlyPermissions(),
} as const satisfies ClassDefinition;
