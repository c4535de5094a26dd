import { serverOnlyPermissions, type ClassDefinition } from './types';

/**
 * Parse's roles. Nothing in the app uses them yet; open, any signed-in person could create one named
 * `admin` and so take the name before an admin feature does. Parse resolves a person's roles for
 * ACLs with the master key, so closing the class to clients changes no access check.
 */
export const roleClass: ClassDefinition = {
  className: '_Role',
  fields: {},
  classLevelPermissions: serverOnlyPermissions(),
};
