import type { ActivityType, ActivityVisibility } from '../../src/domain/contract';
import type { LoggedExercise } from '../../src/domain/strength';
import type { LoadSource } from '../../src/domain/trainingLoad';
import { holds, ownerPointer, signedInPermissions, type ClassDefinition } from './types';

export const activityClass = {
  className: 'Activity',
  fields: {
    user: ownerPointer(),
    type: { type: 'String', required: true, ...holds<ActivityType>() },
    startedAt: { type: 'Date', required: true },
    durationMin: { type: 'Number', required: true },
    distanceKm: { type: 'Number' },
    caloriesKcal: { type: 'Number' },
    /** Set by the server: true when caloriesKcal is its estimate rather than typed by the person. */
    caloriesEstimated: { type: 'Boolean', defaultValue: false },
    notes: { type: 'String' },
    /** A strength workout's exercises and sets (src/domain/strength.ts `LoggedExercise`), in order. */
    exercises: { type: 'Array', ...holds<LoggedExercise[]>() },
    /** The creating client's key for the row (see clientKeyRule in src/domain/contract.ts); unique per person. */
    clientKey: { type: 'String' },
    /** manual, or the kind of file or archive it was imported from (ACTIVITY_SOURCES). */
    source: { type: 'String' },
    movingTimeS: { type: 'Number' },
    elevationGainM: { type: 'Number' },
    avgHr: { type: 'Number' },
    maxHr: { type: 'Number' },
    visibility: { type: 'String', ...holds<ActivityVisibility>() },
    showRoute: { type: 'Boolean' },
    showHeartRate: { type: 'Boolean' },
    commentsOff: { type: 'Boolean' },
    /** Set by the server when a moderator hides the workout: nobody but its owner sees it. */
    moderationHidden: { type: 'Boolean' },
    /** How hard it felt, 1–10 (`activityRules.effort`): its training load when it has no heart rate. */
    effort: { type: 'Number' },
    /**
     * Set by the server: the workout's training load (src/domain/trainingLoad.ts `workoutLoad`), from
     * its heart-rate track with the person's zones, else from its effort; absent with neither.
     */
    trainingLoad: { type: 'Number' },
    /** Set by the server: where `trainingLoad` comes from. */
    loadSource: { type: 'String', ...holds<LoadSource>() },
    /** Set by the server from its track: the highest 30-second heart rate (`sustainedMaxHr`). */
    sustainedMaxHr: { type: 'Number' },
  },
  indexes: {
    activity_user_startedAt: { user: 1, startedAt: -1 },
    /** The friends' feed: each friend's shared workouts, newest first (cloud/store/feed.ts). */
    activity_user_visibility_startedAt: { user: 1, visibility: 1, startedAt: -1 },
    /** The person's maximum heart rate: their workout with the highest sustained value (cloud/store/trainingLoad.ts). */
    activity_user_sustainedMaxHr: { user: 1, sustainedMaxHr: -1 },
  },
  classLevelPermissions: signedInPermissions(),
  personal: {
    ownedBy: ['user'],
    onAccountDeletion: 'delete',
    exportedAs: 'activities',
    refersTo: ['Exercise'],
  },
} as const satisfies ClassDefinition;
