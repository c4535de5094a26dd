import { ownerPointer, signedInPermissions, type ClassDefinition } from './types';

/**
 * A progress photo (rules: progressPhotoRules). The row is its owner's alone, and so is the file:
 * the server stores it under a name carrying the owner's id and answers it to them only
 * (cloud/classes/progressPhoto.ts). Deleting the row, or the account, deletes the file.
 */
export const progressPhotoClass = {
  className: 'ProgressPhoto',
  fields: {
    user: ownerPointer(),
    file: { type: 'File', required: true },
    takenOn: { type: 'Date', required: true },
    pose: { type: 'String', required: true },
    width: { type: 'Number', required: true },
    height: { type: 'Number', required: true },
    bytes: { type: 'Number', required: true },
  },
  indexes: { progress_photo_user_takenOn: { user: 1, takenOn: -1 } },
  classLevelPermissions: signedInPermissions(),
  personal: { ownedBy: ['user'], onAccountDeletion: 'delete', exportedAs: 'progressPhotos' },
} as const satisfies ClassDefinition;
