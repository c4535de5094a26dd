import { passwordProblem } from '@/domain/account';
import { isValidTimeZone } from '@/domain/calendarDays';
import { settingsRules, THEMES, userRules, WEIGHT_UNITS, type Theme } from '@/domain/contract';
import {
  checkPrivacyZones,
  MAX_PRIVACY_ZONES,
  PRIVACY_ZONE_RADIUS_M,
  type PrivacyZone,
} from '@/domain/privacyZones';
import { isActivityVisibility } from '@/domain/sharing';
import { checkField } from '@/domain/fieldRules';
import { DEFAULT_ZONE_BOUNDS, zoneBoundsProblem } from '@/domain/heartRateZones';
import { isLanguage, type Language } from '@/domain/languages';
import { TIME_OF_DAY_PATTERN } from '@/domain/reminders';
import type { WeightUnit } from '@/domain/units';
import { t, type MessageId } from '@/i18n';
import type { FormFieldNames } from '@/lib/errors';
import { formText, readHeightCm, readNumber, readWeightKg } from '@/lib/formValues';
import type { SettingsPatch } from './api';

export type SettingsFieldErrors = Partial<
  Record<
    | 'displayName'
    | 'email'
    | 'units'
    | 'weekStartsOn'
    | 'timezone'
    | 'height'
    | 'birthYear'
    | 'sex'
    | 'activityLevel'
    | 'goal'
    | 'weeklyRateKg'
    | 'dailyCalorieGoal'
    | 'weeklyActiveMinutesGoal'
    | 'currentPassword'
    | 'newPassword'
    | 'confirmPassword'
    | 'theme'
    | 'language'
    | 'password'
    | 'code'
    | 'weighInReminderTime'
    | 'quietHoursStart'
    | 'quietHoursEnd'
    | 'zoneLat'
    | 'zoneLon'
    | 'zoneRadius'
    | 'restingHr'
    | 'zoneBounds',
    string
  >
>;

/** The settings sections' fields by the names the server's rules give them, for its refusals. */
export const SETTINGS_FIELD_NAMES = {
  displayName: { field: 'displayName', label: 'settings.profile.displayName' },
  heightCm: { field: 'height', label: 'frame.height.cm' },
  birthYear: { field: 'birthYear', label: 'settings.body.birthYear' },
  sex: { field: 'sex', label: 'settings.body.sex' },
  activityLevel: { field: 'activityLevel', label: 'settings.body.activityLevel' },
  goalWeightKg: { field: 'goal', label: 'settings.body.goalWeight' },
  weeklyRateKg: { field: 'weeklyRateKg', label: 'settings.body.weeklyRate' },
  dailyCalorieGoal: { field: 'dailyCalorieGoal', label: 'settings.body.dailyCalorieGoal' },
  weeklyActiveMinutesGoal: { field: 'weeklyActiveMinutesGoal', label: 'settings.body.activeMinutes' },
  weekStartsOn: { field: 'weekStartsOn', label: 'settings.units.weekStartsOn' },
  timezone: { field: 'timezone', label: 'settings.units.timeZone' },
  restingHr: { field: 'restingHr', label: 'insight.heartRate.resting' },
  zoneBounds: { field: 'zoneBounds', label: 'insight.heartRate.bounds' },
} as const satisfies FormFieldNames<keyof SettingsFieldErrors>;

type Parsed<T> = { value: T } | { fieldErrors: SettingsFieldErrors };

/** The zone bounds' inputs, `bound0` (zone 1's lower bound) to `bound5` (zone 5's upper). */
export const ZONE_BOUND_FIELDS = DEFAULT_ZONE_BOUNDS.map((_, index) => `bound${index}`);

/**
 * The heart-rate section: the resting heart rate (empty leaves the default) and the six zone
 * bounds in % of reserve (the defaults are stored as none, so later defaults reach the person).
 */
export function parseHeartRateForm(
  form: FormData,
): Parsed<{ restingHr: number | null; zoneBounds: readonly number[] | null }> {
  const errors: SettingsFieldErrors = {};
  const restingText = formText(form, 'restingHr');
  const restingHr = restingText === '' ? null : Number(restingText.replace(',', '.'));
  if (restingHr !== null && checkField('restingHr', settingsRules.restingHr, restingHr)) {
    errors.restingHr = t('insight.heartRate.restingRange', {
      min: settingsRules.restingHr.min,
      max: settingsRules.restingHr.max,
    });
  }
  const bounds = ZONE_BOUND_FIELDS.map((name) => {
    const text = formText(form, name);
    return text === '' ? Number.NaN : Number(text.replace(',', '.'));
  });
  if (zoneBoundsProblem(bounds)) errors.zoneBounds = t('insight.heartRate.boundsInvalid');
  if (Object.keys(errors).length > 0) return { fieldErrors: errors };
  const edited = bounds.some((bound, index) => bound !== DEFAULT_ZONE_BOUNDS[index]);
  return { value: { restingHr, zoneBounds: edited ? bounds : null } };
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function parseProfileForm(
  form: FormData,
): Parsed<{ displayName: string; email: string; currentPassword: string }> {
  const displayName = formText(form, 'displayName');
  const email = formText(form, 'email');
  const currentPassword = rawText(form, 'currentPassword');
  const errors: SettingsFieldErrors = {};
  if (checkField('displayName', userRules.displayName, displayName)) {
    errors.displayName = t('settings.errors.displayNameTooLong');
  }
  if (!EMAIL_PATTERN.test(email)) errors.email = t('settings.errors.email');
  return Object.keys(errors).length > 0
    ? { fieldErrors: errors }
    : { value: { displayName, email, currentPassword } };
}

const isWeightUnit = (value: string): value is WeightUnit =>
  (WEIGHT_UNITS as readonly string[]).includes(value);

/** Units, week start and time zone; the weight unit decides metric or imperial everywhere. */
export function parseUnitsForm(form: FormData): Parsed<SettingsPatch> {
  const errors: SettingsFieldErrors = {};
  const weightUnit = formText(form, 'weightUnit');
  if (!isWeightUnit(weightUnit)) errors.units = t('settings.errors.units');
  const weekStartsOn = readNumber(formText(form, 'weekStartsOn'));
  if (checkField('weekStartsOn', settingsRules.weekStartsOn, weekStartsOn)) {
    errors.weekStartsOn = t('settings.errors.weekStartsOn');
  }
  const timezone = formText(form, 'timezone');
  if (!isValidTimeZone(timezone)) errors.timezone = t('settings.errors.timezone');
  if (Object.keys(errors).length > 0 || !isWeightUnit(weightUnit)) return { fieldErrors: errors };
  return {
    value: { weightUnit, units: weightUnit === 'kg' ? 'metric' : 'imperial', weekStartsOn, timezone },
  };
}

/** An optional number field: null when empty, NaN when unreadable. */
function optional(form: FormData, name: string): number | null {
  const text = formText(form, name);
  return text === '' ? null : readNumber(text);
}

/** Body data and goals; weights in the person's unit, height in cm or ft + in. Empty clears a value. */
export function parseBodyForm(form: FormData, weightUnit: WeightUnit, year: number): Parsed<SettingsPatch> {
  const errors: SettingsFieldErrors = {};
  const heightCm = readHeightCm(form, weightUnit === 'kg');
  if (heightCm !== null && checkField('height', settingsRules.heightCm, heightCm)) {
    errors.height = t('settings.errors.height');
  }
  const birthYear = optional(form, 'birthYear');
  if (
    birthYear !== null &&
    (checkField('birthYear', settingsRules.birthYear, birthYear) ||
      birthYear > year - 13 ||
      birthYear < year - 120)
  ) {
    errors.birthYear = t('settings.errors.birthYear', {
      earliest: String(year - 120),
      latest: String(year - 13),
    });
  }
  const sex = formText(form, 'sex');
  if (sex !== '' && checkField('sex', settingsRules.sex, sex)) errors.sex = t('settings.errors.sex');
  const activityLevel = optional(form, 'activityLevel');
  if (activityLevel !== null && checkField('activityLevel', settingsRules.activityLevel, activityLevel)) {
    errors.activityLevel = t('settings.errors.activityLevel');
  }
  const goalEmpty = weightUnit === 'st' ? formText(form, 'goalSt') === '' : formText(form, 'goal') === '';
  const goalWeightKg = goalEmpty ? null : Math.round(readWeightKg(form, weightUnit, 'goal') * 10) / 10;
  if (goalWeightKg !== null && checkField('goal', settingsRules.goalWeightKg, goalWeightKg)) {
    errors.goal = t('settings.errors.goalWeight');
  }
  const weeklyRateKg = optional(form, 'weeklyRateKg');
  if (weeklyRateKg !== null && checkField('weeklyRateKg', settingsRules.weeklyRateKg, weeklyRateKg)) {
    errors.weeklyRateKg = t('settings.errors.weeklyRate');
  }
  const dailyCalorieGoal = optional(form, 'dailyCalorieGoal');
  if (dailyCalorieGoal !== null && checkField('goal', settingsRules.dailyCalorieGoal, dailyCalorieGoal)) {
    errors.dailyCalorieGoal = t('settings.errors.dailyCalorieGoal');
  }
  const weeklyActiveMinutesGoal = optional(form, 'weeklyActiveMinutesGoal');
  if (
    weeklyActiveMinutesGoal === null ||
    checkField('goal', settingsRules.weeklyActiveMinutesGoal, weeklyActiveMinutesGoal)
  ) {
    errors.weeklyActiveMinutesGoal = t('settings.errors.weeklyActiveMinutesGoal');
  }
  if (Object.keys(errors).length > 0) return { fieldErrors: errors };
  return {
    value: {
      heightCm,
      birthYear,
      sex: sex === '' ? null : sex,
      activityLevel,
      goalWeightKg,
      weeklyRateKg,
      dailyCalorieGoal,
      weeklyActiveMinutesGoal,
      countExerciseCalories: form.get('countExerciseCalories') === 'on',
    },
  };
}

const isTheme = (value: string): value is Theme => (THEMES as readonly string[]).includes(value);

/** The theme: like the device, light or dark. */
export function parseAppearanceForm(form: FormData): Parsed<{ theme: Theme }> {
  const theme = formText(form, 'theme');
  return isTheme(theme) ? { value: { theme } } : { fieldErrors: { theme: t('settings.errors.theme') } };
}

/** The language the app is shown in; empty follows the browser (null unsets the stored choice). */
export function parseLanguageForm(form: FormData): Parsed<{ language: Language | null }> {
  const language = formText(form, 'language');
  if (language === '') return { value: { language: null } };
  return isLanguage(language)
    ? { value: { language } }
    : { fieldErrors: { language: t('settings.errors.language') } };
}

export function parsePrivacyForm(form: FormData): SettingsPatch {
  return {
    shareActivity: form.get('shareActivity') === 'on',
    shareWeightProgress: form.get('shareWeightProgress') === 'on',
  };
}

/** What the person is told about, and when: reminders at times of day, quiet hours. */
export function parseNotificationsForm(form: FormData): Parsed<SettingsPatch> {
  const errors: SettingsFieldErrors = {};
  const time = (name: 'weighInReminderTime' | 'quietHoursStart' | 'quietHoursEnd', problem: MessageId) => {
    const value = formText(form, name);
    if (!TIME_OF_DAY_PATTERN.test(value)) errors[name] = t(problem);
    return value;
  };
  const value = {
    weeklySummary: form.get('weeklySummary') === 'on',
    weighInReminder: form.get('weighInReminder') === 'on',
    weighInReminderTime: time('weighInReminderTime', 'settings.errors.weighInReminderTime'),
    streakReminder: form.get('streakReminder') === 'on',
    quietHours: form.get('quietHours') === 'on',
    quietHoursStart: time('quietHoursStart', 'settings.errors.quietHoursStart'),
    quietHoursEnd: time('quietHoursEnd', 'settings.errors.quietHoursEnd'),
  };
  return Object.keys(errors).length > 0 ? { fieldErrors: errors } : { value };
}

/** A field exactly as typed (passwords are not trimmed). */
function rawText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

export function parsePasswordForm(
  form: FormData,
  username: string,
): Parsed<{ currentPassword: string; newPassword: string }> {
  const errors: SettingsFieldErrors = {};
  const currentPassword = rawText(form, 'currentPassword');
  const newPassword = rawText(form, 'newPassword');
  const confirmPassword = rawText(form, 'confirmPassword');
  if (!currentPassword) errors.currentPassword = t('settings.errors.currentPasswordMissing');
  const problem = passwordProblem(newPassword, username);
  if (problem) errors.newPassword = problem.message;
  else if (newPassword === currentPassword) errors.newPassword = t('settings.errors.newPasswordSame');
  if (confirmPassword !== newPassword) errors.confirmPassword = t('settings.errors.passwordsDiffer');
  return Object.keys(errors).length > 0
    ? { fieldErrors: errors }
    : { value: { currentPassword, newPassword } };
}

/** Who sees a new workout, and whether friends see routes and heart rate. */
export function parseSharingForm(form: FormData): SettingsPatch {
  const visibility = form.get('defaultVisibility');
  return {
    defaultVisibility: isActivityVisibility(visibility) ? visibility : 'private',
    shareRoutes: form.get('shareRoutes') === 'on',
    shareHeartRate: form.get('shareHeartRate') === 'on',
  };
}

/** The zones as the page posts them (`zones`, JSON), with a new one from its fields when `add` is set. */
export function parsePrivacyZonesForm(form: FormData): Parsed<PrivacyZone[]> {
  let zones: unknown;
  try {
    zones = JSON.parse(formText(form, 'zones'));
  } catch {
    zones = [];
  }
  const kept = checkPrivacyZones(zones) === null && Array.isArray(zones) ? (zones as PrivacyZone[]) : [];
  if (form.get('add') === null) return { value: kept };
  const errors: SettingsFieldErrors = {};
  const lat = readNumber(formText(form, 'zoneLat'));
  const lon = readNumber(formText(form, 'zoneLon'));
  const radiusM = readNumber(formText(form, 'zoneRadius'));
  if (!(lat >= -90 && lat <= 90)) errors.zoneLat = t('settings.sharing.zoneLatProblem');
  if (!(lon >= -180 && lon <= 180)) errors.zoneLon = t('settings.sharing.zoneLonProblem');
  const { min, max } = PRIVACY_ZONE_RADIUS_M;
  if (!(Number.isInteger(radiusM) && radiusM >= min && radiusM <= max)) {
    errors.zoneRadius = t('settings.sharing.zoneRadiusProblem', { min, max });
  }
  if (kept.length >= MAX_PRIVACY_ZONES)
    errors.zoneLat = t('settings.sharing.zonesFull', { max: MAX_PRIVACY_ZONES });
  if (Object.keys(errors).length > 0) return { fieldErrors: errors };
  return { value: [...kept, { lat, lon, radiusM }] };
}
