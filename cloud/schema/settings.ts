import { SETTINGS_DEFAULTS } from '../../src/domain/contract';
import { ownerPointer, signedInPermissions, type ClassDefinition } from './types';

export const settingsClass: ClassDefinition = {
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
    timezone: { type: 'String' },
    weightUnit: { type: 'String' },
    theme: { type: 'String', defaultValue: SETTINGS_DEFAULTS.theme },
    adaptiveCalorieGoal: { type: 'Boolean', defaultValue: SETTINGS_DEFAULTS.adaptiveCalorieGoal },
    calorieGoalSetOn: { type: 'String' },
    weeklySummary: { type: 'Boolean', defaultValue: SETTINGS_DEFAULTS.weeklySummary },
  },
  indexes: { settings_user: { user: 1 } },
  classLevelPermissions: signedInPermissions(),
};
