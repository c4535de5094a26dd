import type { TrackPoint } from '../../src/domain/track';
import { holds, ownerPointer, signedInPermissions, type ClassDefinition } from './types';

/**
 * The simplified route of an imported workout (src/domain/track.ts: at most 2 000 points of time,
 * latitude, longitude, elevation and heart rate). Kept apart from `Activity` so lists and
 * calendars never load it (a run's best efforts are kept beside the points, for personal bests); readable by its owner only, written by the server only.
 */
export const trackClass = {
  className: 'Track',
  fields: {
    user: ownerPointer(),
    activity: { type: 'Pointer', targetClass: 'Activity', required: true },
    points: { type: 'Array', required: true, ...holds<TrackPoint[]>() },
    /** A run's fastest time over each best-effort distance, `{ distanceM, seconds }`; empty for other workouts. */
    bestEfforts: { type: 'Array', ...holds<{ distanceM: number; seconds: number }[]>() },
  },
  indexes: { track_activity: { activity: 1 }, track_user: { user: 1 } },
  classLevelPermissions: signedInPermissions({ create: {}, update: {}, delete: {} }),
  personal: { ownedBy: ['user'], onAccountDeletion: 'delete', exportedAs: 'tracks' },
} as const satisfies ClassDefinition;
