import { SETTINGS_DEFAULTS } from '../../src/domain/contract';
import type { ZoneBounds } from '../../src/domain/heartRateZones';
import { holds, ownerPointer, signedInPermissions, type ClassDefinition } from './types';

export const settingsClass = {
  className: 'Settings',
  fields: {
    user: ownerPointer(),
    units: { type: 'String', defaultValue: SETTINGS_DEFAULTS.units },
    heightCm: { type: 'Number' },
    birthYear: { type: 'Number' },
    sex: { type: 'String' },
    activityLevel: { type: 'Number' },
    goalWeightKg: { type: 'Number' },
    weeklyRateKg: { type: 'Number' },
    dailyCalorieGoal: { type: 'Number' },
    weeklyActiveMinutesGoal: { type: 'Number', defaultValue: SETTINGS_DEFAULTS.weeklyActiveMinutesGoal },
    weekStartsOn: { type: 'Number', defaultValue: SETTINGS_DEFAULTS.weekStartsOn },
    shareActivity: { type: 'Boolean', defaultValue: SETTINGS_DEFAULTS.shareActivity },
    shareWeightProgress: { type: 'Boolean', defaultValue: SETTINGS_DEFAULTS.shareWeightProgress },
    defaultVisibility: { type: 'String' },
    shareRoutes: { type: 'Boolean', defaultValue: SETTINGS_DEFAULTS.shareRoutes },
    shareHeartRate: { type: 'Boolean', defaultValue: SETTINGS_DEFAULTS.shareHeartRate },
    /** Places cut from every route shown to others: `{ lat, lon, radiusM }` (src/domain/privacyZones.ts). */
    privacyZones: { type: 'Array' },
    timezone: { type: 'String' },
    /** Beats a minute at rest (`settingsRules.restingHr`); unset counts as `DEFAULT_RESTING_HR`. */
    restingHr: { type: 'Number' },
    /** The six rising bounds of the five heart-rate zones, % of reserve (checked with `zoneBoundsProblem`). */
    zoneBounds: { type: 'Array', ...holds<ZoneBounds>() },
    weightUnit: { type: 'String' },
    theme: { type: 'String', defaultValue: SETTINGS_DEFAULTS.theme },
    language: { type: 'String' },
    adaptiveCalorieGoal: { type: 'Boolean', defaultValue: SETTINGS_DEFAULTS.adaptiveCalorieGoal },
    countExerciseCalories: { type: 'Boolean', defaultValue: SETTINGS_DEFAULTS.countExerciseCalories },
    calorieGoalSetOn: { type: 'String' },
    weeklySummary: { type: 'Boolean', defaultValue: SETTINGS_DEFAULTS.weeklySummary },
    weighInReminder: { type: 'Boolean', defaultValue: SETTINGS_DEFAULTS.weighInReminder },
    weighInReminderTime: { type: 'String', defaultValue: SETTINGS_DEFAULTS.weighInReminderTime },
    streakReminder: { type: 'Boolean', defaultValue: SETTINGS_DEFAULTS.streakReminder },
    quietHours: { type: 'Boolean', defaultValue: SETTINGS_DEFAULTS.quietHours },
    quietHoursStart: { type: 'String', defaultValue: SETTINGS_DEFAULTS.quietHoursStart },
    quietHoursEnd: { type: 'String', defaultValue: SETTINGS_DEFAULTS.quietHoursEnd },
  },
  indexes: { settings_user: { user: 1 } },
  classLevelPermissions: signedInPermissions(),
  personal: { ownedBy: ['user'], onAccountDeletion: 'delete', exportedAs: 'settings' },
} as const satisfies ClassDefinition;
