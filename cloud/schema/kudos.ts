import { serverOnlyPermissions, type ClassDefinition } from './types';

/**
 * A person's kudos on a friend's workout (cloud/functions/social.ts): one per person and workout.
 * Closed to every client: who may see it follows the workout's sharing, so only functions read it.
 */
export const kudosClass = {
  className: 'Kudos',
  fields: {
    activity: { type: 'Pointer', targetClass: 'Activity', required: true },
    /** Who gave it. */
    user: { type: 'Pointer', targetClass: '_User', required: true },
    /** The workout's owner, so their account's deletion takes the kudos on their workouts. */
    owner: { type: 'Pointer', targetClass: '_User', required: true },
  },
  indexes: {
    kudos_activity_user: { activity: 1, user: 1 },
    kudos_user: { user: 1 },
    kudos_owner: { owner: 1 },
  },
  classLevelPermissions: serverOnlyPermissions(),
  personal: {
    ownedBy: ['user', 'owner'],
    onAccountDeletion: 'delete',
    exportedAs: 'kudos',
  },
} as const satisfies ClassDefinition;
