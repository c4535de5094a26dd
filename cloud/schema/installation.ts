import { serverOnlyPermissions, type ClassDefinition } from './types';

/**
 * Parse's devices for push notifications. The app sends none through Parse (the SDK only names its
 * installation in request headers), so no client writes a row.
 */
export const installationClass = {
  className: '_Installation',
  fields: {},
  classLevelPermissions: serverOnlyPermissions(),
} as const satisfies ClassDefinition;
