import { signedInPermissions, type ClassDefinition } from './types';

export const userClass = {
  className: '_User',
  fields: {
    displayName: { type: 'String' },
    avatar: { type: 'File' },
    /** The invitation the person signed up with, on an invite-only server (set by the server). */
    invitation: { type: 'Pointer', targetClass: 'Invitation' },
    /**
     * Set by the server while a moderator's suspension holds (cloud/store/sharing.ts
     * `isSuspended`): the end, or a far-future date for "until lifted". Unset when lifted.
     */
    suspendedUntil: { type: 'Date' },
    /** Set by the server while a moderator's chat mute holds: the person cannot write in chat. */
    chatMutedUntil: { type: 'Date' },
  },
  // Every chat read asks who is suspended now (cloud/suspension.ts `suspendedOthers`).
  indexes: { user_suspendedUntil: { suspendedUntil: 1 } },
  classLevelPermissions: signedInPermissions({
    // Signing up is the one write a visitor without a session may make.
    create: { '*': true },
    // Nobody lists people directly; searchUsers (a cloud function) returns safe fields only.
    find: {},
    count: {},
    protectedFields: {
      '*': ['email', 'emailVerified', 'authData', 'invitation', 'suspendedUntil', 'chatMutedUntil'],
    },
  }),
} as const satisfies ClassDefinition;
