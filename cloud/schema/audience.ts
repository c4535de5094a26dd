import { serverOnlyPermissions, type ClassDefinition } from './types';

/** Parse's saved push audiences: unused, as Parse push is, and closed to clients. */
export const audienceClass: ClassDefinition = {
  className: '_Audience',
  fields: {},
  classLevelPermissions: serverOnlyPermissions(),
};
