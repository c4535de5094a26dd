import { passwordProblem } from '@/domain/account';
import { isValidTimeZone } from '@/domain/calendarDays';
import { settingsRules, THEMES, userRules, WEIGHT_UNITS, type Theme } from '@/domain/contract';
import { checkField } from '@/domain/fieldRules';
import { TIME_OF_DAY_PATTERN } from '@/domain/reminders';
import type { WeightUnit } from '@/domain/units';
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
    | 'password'
    | 'code'
    | 'weighInReminderTime'
    | 'quietHoursStart'
    | 'quietHoursEnd',
    string
  >
>;

type Parsed<T> = { value: T } | { fieldErrors: SettingsFieldErrors };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function parseProfileForm(form: FormData): Parsed<{ displayName: string; email: string }> {
  const displayName = formText(form, 'displayName');
  const email = formText(form, 'email');
  const errors: SettingsFieldErrors = {};
  if (checkField('displayName', userRules.displayName, displayName)) {
    errors.displayName = 'The display name can be at most 50 characters.';
  }
  if (!EMAIL_PATTERN.test(email)) errors.email = 'Enter an e-mail address like name@example.com.';
  return Object.keys(errors).length > 0 ? { fieldErrors: errors } : { value: { displayName, email } };
}

const isWeightUnit = (value: string): value is WeightUnit =>
  (WEIGHT_UNITS as readonly string[]).includes(value);

/** Units, week start and time zone; the weight unit decides metric or imperial everywhere. */
export function parseUnitsForm(form: FormData): Parsed<SettingsPatch> {
  const errors: SettingsFieldErrors = {};
  const weightUnit = formText(form, 'weightUnit');
  if (!isWeightUnit(weightUnit)) errors.units = 'Choose kilograms, pounds, or stones and pounds.';
  const weekStartsOn = readNumber(formText(form, 'weekStartsOn'));
  if (checkField('weekStartsOn', settingsRules.weekStartsOn, weekStartsOn)) {
    errors.weekStartsOn = 'Choose the day your week starts on.';
  }
  const timezone = formText(form, 'timezone');
  if (!isValidTimeZone(timezone)) errors.timezone = 'Choose a time zone from the list.';
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
    errors.height = 'Height must be between 100 and 250 cm (3 ft 4 in and 8 ft 2 in), or left empty.';
  }
  const birthYear = optional(form, 'birthYear');
  if (
    birthYear !== null &&
    (checkField('birthYear', settingsRules.birthYear, birthYear) ||
      birthYear > year - 13 ||
      birthYear < year - 120)
  ) {
    errors.birthYear = `Enter a year of birth from ${year - 120} to ${year - 13}, or leave it empty.`;
  }
  const sex = formText(form, 'sex');
  if (sex !== '' && checkField('sex', settingsRules.sex, sex)) errors.sex = 'Choose female, male or other.';
  const activityLevel = optional(form, 'activityLevel');
  if (activityLevel !== null && checkField('activityLevel', settingsRules.activityLevel, activityLevel)) {
    errors.activityLevel = 'Choose an activity level from the list.';
  }
  const goalEmpty = weightUnit === 'st' ? formText(form, 'goalSt') === '' : formText(form, 'goal') === '';
  const goalWeightKg = goalEmpty ? null : Math.round(readWeightKg(form, weightUnit, 'goal') * 10) / 10;
  if (goalWeightKg !== null && checkField('goal', settingsRules.goalWeightKg, goalWeightKg)) {
    errors.goal = 'Goal weight must be between 30 and 300 kg (66 and 661 lb), or left empty.';
  }
  const weeklyRateKg = optional(form, 'weeklyRateKg');
  if (weeklyRateKg !== null && checkField('weeklyRateKg', settingsRules.weeklyRateKg, weeklyRateKg)) {
    errors.weeklyRateKg = 'Choose a weekly rate from the list.';
  }
  const dailyCalorieGoal = optional(form, 'dailyCalorieGoal');
  if (dailyCalorieGoal !== null && checkField('goal', settingsRules.dailyCalorieGoal, dailyCalorieGoal)) {
    errors.dailyCalorieGoal =
      'The calorie goal must be a whole number from 1000 to 6000 kcal, or left empty.';
  }
  const weeklyActiveMinutesGoal = optional(form, 'weeklyActiveMinutesGoal');
  if (
    weeklyActiveMinutesGoal === null ||
    checkField('goal', settingsRules.weeklyActiveMinutesGoal, weeklyActiveMinutesGoal)
  ) {
    errors.weeklyActiveMinutesGoal = 'Active minutes a week must be a whole number from 0 to 3000.';
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
    },
  };
}

const isTheme = (value: string): value is Theme => (THEMES as readonly string[]).includes(value);

/** The theme: like the device, light or dark. */
export function parseAppearanceForm(form: FormData): Parsed<{ theme: Theme }> {
  const theme = formText(form, 'theme');
  return isTheme(theme) ? { value: { theme } } : { fieldErrors: { theme: 'Choose system, light or dark.' } };
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
  const time = (name: 'weighInReminderTime' | 'quietHoursStart' | 'quietHoursEnd', label: string) => {
    const value = formText(form, name);
    if (!TIME_OF_DAY_PATTERN.test(value))
      errors[name] = `Enter ${label} as hours and minutes, such as 07:30.`;
    return value;
  };
  const value = {
    weeklySummary: form.get('weeklySummary') === 'on',
    weighInReminder: form.get('weighInReminder') === 'on',
    weighInReminderTime: time('weighInReminderTime', 'the time of the weigh-in reminder'),
    streakReminder: form.get('streakReminder') === 'on',
    quietHours: form.get('quietHours') === 'on',
    quietHoursStart: time('quietHoursStart', 'when quiet hours begin'),
    quietHoursEnd: time('quietHoursEnd', 'when quiet hours end'),
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
  if (!currentPassword) errors.currentPassword = 'Enter your current password.';
  const problem = passwordProblem(newPassword, username);
  if (problem) errors.newPassword = problem;
  else if (newPassword === currentPassword)
    errors.newPassword = 'Choose a password different from the current one.';
  if (confirmPassword !== newPassword) errors.confirmPassword = 'The two new passwords do not match.';
  return Object.keys(errors).length > 0
    ? { fieldErrors: errors }
    : { value: { currentPassword, newPassword } };
}
