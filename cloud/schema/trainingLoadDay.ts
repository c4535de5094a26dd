import { ownerPointer, serverOnlyPermissions, type ClassDefinition } from './types';

/**
 * A person's training load state at the end of each local day with load (cloud/store/trainingLoad.ts):
 * the day's summed workout loads and fitness and fatigue after it. Days without load have no row:
 * fitness and fatigue only decay across them, which `loadDaysFrom` recomputes from the row before.
 * Written and read by the server only; a person sees it through `trainingLoad({ from, to })`.
 */
export const trainingLoadDayClass = {
  className: 'TrainingLoadDay',
  fields: {
    user: ownerPointer(),
    /** `YYYY-MM-DD` in `timeZone`. */
    date: { type: 'String', required: true },
    /** The zone the person's days were counted in; all of a person's rows share it. */
    timeZone: { type: 'String', required: true },
    load: { type: 'Number', required: true },
    fitness: { type: 'Number', required: true },
    fatigue: { type: 'Number', required: true },
  },
  indexes: { training_load_day_user_date: { user: 1, date: 1 } },
  classLevelPermissions: serverOnlyPermissions(),
  personal: {
    ownedBy: ['user'],
    onAccountDeletion: 'delete',
    exportedAs: { notExported: 'computed from the workouts, which are exported' },
  },
} as const satisfies ClassDefinition;
