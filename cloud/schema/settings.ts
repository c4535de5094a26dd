import { ownerPointer, signedInPermissions, type ClassDefinition } from './types';

export const settingsClass: ClassDefinition = {
  className: 'Settings',
  fields: {
    user: ownerPointer(),
    units: { type: 'String', defaultValue: 'metric' },
    heightCm: { type: 'Number' },
    birthYear: { type: 'Number' },
    sex: { type: 'String' },
    activityLevel: { type: 'Number' },
    goalWeightKg: { type: 'Number' },
    weeklyRateKg: { type: 'Number' },
    dailyCalorieGoal: { type: 'Number' },
    weeklyActiveMinutesGoal: { type: 'Number', defaultValue: 150 },
    weekStartsOn: { type: 'Number', defaultValue: 1 },
    shareActivity: { type: 'Boolean', defaultValue: true },
    shareWeightProgress: { type: 'Boolean', defaultValue: false },
    timezone: { type: 'String' },
    weightUnit: { type: 'String' },
  },
  indexes: { settings_user: { user: 1 } },
  classLevelPermissions: signedInPermissions(),
};
