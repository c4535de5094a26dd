import { ownerPointer, signedInPermissions, type ClassDefinition } from './types';

/**
 * A workout file kept as it was imported (src/domain/originals.ts): the stored file, gzipped, and
 * the name it had. Readable by its owner only, written by the server only; the file itself is
 * downloadable by its owner only (cloud/classes/originalFile.ts).
 */
export const originalFileClass = {
  className: 'OriginalFile',
  fields: {
    user: ownerPointer(),
    activity: { type: 'Pointer', targetClass: 'Activity', required: true },
    file: { type: 'File', required: true },
    name: { type: 'String', required: true },
    /** The stored file's name, for finding the rows that share one file (a query cannot match a File). */
    storedName: { type: 'String', required: true },
  },
  indexes: {
    original_file_activity: { activity: 1 },
    original_file_user: { user: 1 },
    original_file_stored_name: { storedName: 1 },
  },
  classLevelPermissions: signedInPermissions({ create: {}, update: {}, delete: {} }),
  personal: {
    ownedBy: ['user'],
    onAccountDeletion: 'delete',
    exportedAs: { notExported: 'the file as it was uploaded; its workout and route are exported' },
  },
} as const satisfies ClassDefinition;
