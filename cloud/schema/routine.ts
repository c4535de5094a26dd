import { ownerPointer, signedInPermissions, type ClassDefinition } from './types';

export const routineClass = {
  className: 'Routine',
  fields: {
    user: ownerPointer(),
    name: { type: 'String', required: true },
    notes: { type: 'String' },
    /** The exercises in order with their target sets (src/domain/strength.ts `LoggedExercise`). */
    exercises: { type: 'Array', required: true },
  },
  indexes: { routine_user_name: { user: 1, name: 1 } },
  classLevelPermissions: signedInPermissions(),
  personal: {
    ownedBy: ['user'],
    onAccountDeletion: 'delete',
    exportedAs: 'routines',
    refersTo: ['Exercise'],
  },
} as const satisfies ClassDefinition;
