import { serverOnlyPermissions, type ClassDefinition } from './types';

/**
 * A comment on a friend's workout (cloud/functions/social.ts): plain text of 1–500 characters.
 * Closed to every client: who may read it follows the workout's sharing, so only functions read
 * and write it.
 */
export const commentClass = {
  className: 'Comment',
  fields: {
    activity: { type: 'Pointer', targetClass: 'Activity', required: true },
    author: { type: 'Pointer', targetClass: '_User', required: true },
    /** The workout's owner, so their account's deletion takes the comments on their workouts. */
    owner: { type: 'Pointer', targetClass: '_User', required: true },
    text: { type: 'String', required: true },
    editedAt: { type: 'Date' },
    /** Set by a moderator: nobody but its author reads it. */
    moderationHidden: { type: 'Boolean' },
  },
  indexes: {
    comment_activity_createdAt: { activity: 1, createdAt: 1 },
    comment_author: { author: 1 },
    comment_owner: { owner: 1 },
  },
  classLevelPermissions: serverOnlyPermissions(),
  personal: {
    ownedBy: ['author', 'owner'],
    onAccountDeletion: 'delete',
    exportedAs: 'comments',
  },
} as const satisfies ClassDefinition;
