import { onlyServer, signedInPermissions, type ClassDefinition } from './types';

/**
 * Parse's sessions. Parse shows each person only their own and makes them itself (log-in,
 * sign-up) with the master key; a person lists theirs and deletes one to sign a device out.
 * Defined here so the table exists from the first start: the database announces every session
 * that ends to every node (server/cluster/sessionSockets.ts), through a trigger on this table.
 */
export const sessionClass: ClassDefinition = {
  className: '_Session',
  fields: {},
  classLevelPermissions: signedInPermissions({ create: onlyServer, update: onlyServer }),
};
