import type { ActivityVisibility, Theme } from '@/domain/contract';
import type { PrivacyZone } from '@/domain/privacyZones';
import type { Language } from '@/domain/languages';
import type { Sex } from '@/domain/goals';
import type { Units, WeightUnit } from '@/domain/units';

/** The person's Settings row with the contract's defaults filled in. */
export interface MySettings {
  units: Units;
  weightUnit: WeightUnit;
  heightCm: number | null;
  birthYear: number | null;
  sex: Sex | null;
  activityLevel: number | null;
  goalWeightKg: number | null;
  weeklyRateKg: number | null;
  dailyCalorieGoal: number | null;
  /** The calorie goal follows the measured expenditure. */
  adaptiveCalorieGoal: boolean;
  countExerciseCalories: boolean;
  weeklyActiveMinutesGoal: number;
  weekStartsOn: number;
  shareActivity: boolean;
  shareWeightProgress: boolean;
  /** A new workout's visibility (src/domain/sharing.ts `defaultVisibility` when unset). */
  defaultVisibility: ActivityVisibility;
  shareRoutes: boolean;
  shareHeartRate: boolean;
  privacyZones: PrivacyZone[];
  /** A summary of the week in the notifications every Monday morning. */
  weeklySummary: boolean;
  /** A push at `weighInReminderTime` on days without a weigh-in. */
  weighInReminder: boolean;
  weighInReminderTime: string;
  /** A push at 20:00 when nothing is logged today after a day with something. */
  streakReminder: boolean;
  /** No push between `quietHoursStart` and `quietHoursEnd`. */
  quietHours: boolean;
  quietHoursStart: string;
  quietHoursEnd: string;
  timezone: string | null;
  theme: Theme;
  /** The language the app is shown in; null follows the browser. */
  language: Language | null;
}

export interface Profile {
  username: string;
  email: string;
  displayName: string;
  emailVerified: boolean | null;
}

/** A signed-in device, without its token. */
export interface SessionRow {
  id: string;
  createdAt: string;
  expiresAt: string | null;
  /** How it began: a login, a sign-up, a password change. */
  createdWith: string;
  current: boolean;
}
