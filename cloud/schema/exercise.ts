import type { ExerciseCategory, Measure, Muscle } from '../../src/domain/strength';
import type { Language } from '../../src/domain/languages';
import { holds, signedInPermissions, type ClassDefinition } from './types';

export const exerciseClass = {
  className: 'Exercise',
  fields: {
    name: { type: 'String', required: true },
    category: { type: 'String', required: true, ...holds<ExerciseCategory>() },
    primaryMuscles: { type: 'Array', required: true, ...holds<Muscle[]>() },
    secondaryMuscles: { type: 'Array', ...holds<Muscle[]>() },
    equipment: { type: 'String' },
    measure: { type: 'String', required: true, ...holds<Measure>() },
    met: { type: 'Number', required: true },
    /** The catalogue's names in German, French and Spanish (`name` is the English one). */
    names: { type: 'Object', ...holds<Partial<Record<Language, string>>>() },
    // Empty for the shared catalogue (written by the server only), set for a person's own exercise.
    user: { type: 'Pointer', targetClass: '_User' },
    // Catalogue rows only: the stable key the seeding matches on (`ex:<name>`).
    catalogueKey: { type: 'String' },
  },
  indexes: { exercise_user_name: { user: 1, name: 1 }, exercise_catalogue_key: { catalogueKey: 1 } },
  classLevelPermissions: signedInPermissions(),
  personal: { ownedBy: ['user'], onAccountDeletion: 'delete', exportedAs: 'exercises' },
} as const satisfies ClassDefinition;
