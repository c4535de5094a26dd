import type { SignupMode } from '../../src/domain/signup';
import { holds, serverOnlyPermissions, type ClassDefinition } from './types';

/**
 * Settings of the whole server that admins change at run time (today the sign-up mode). Closed to
 * every client. Append-only: each change is a new row naming who made it, and the newest row of a
 * key is in force, read by every node where it applies, so no node keeps an older value.
 */
export const serverSettingClass = {
  className: 'ServerSetting',
  fields: {
    key: { type: 'String', required: true, ...holds<'signupMode'>() },
    value: { type: 'String', required: true, ...holds<SignupMode>() },
    /** The username of the admin who made the change. */
    changedBy: { type: 'String', required: true },
  },
  indexes: { server_setting_key: { key: 1, createdAt: -1 } },
  classLevelPermissions: serverOnlyPermissions(),
} as const satisfies ClassDefinition;
