import { signedInPermissions, type ClassDefinition } from './types';

export const exerciseClass: ClassDefinition = {
  className: 'Exercise',
  fields: {
    name: { type: 'String', required: true },
    category: { type: 'String', required: true },
    primaryMuscles: { type: 'Array', required: true },
    secondaryMuscles: { type: 'Array' },
    equipment: { type: 'String' },
    measure: { type: 'String', required: true },
    met: { type: 'Number', required: true },
    // Empty for the shared catalogue (written by the server only), set for a person's own exercise.
    user: { type: 'Pointer', targetClass: '_User' },
    // Catalogue rows only: the stable key the seeding matches on (`ex:<name>`).
    catalogueKey: { type: 'String' },
  },
  indexes: { exercise_user_name: { user: 1, name: 1 }, exercise_catalogue_key: { catalogueKey: 1 } },
  classLevelPermissions: signedInPermissions(),
  personal: { ownedBy: ['user'], onAccountDeletion: 'delete', exportedAs: 'exercises' },
};
