import { t, type MessageId } from '../i18n/messages';
import { settingsRules } from './contract';
import { KCAL_PER_KG } from './weight';

export interface ActivityLevel {
  /** The multiplier of the resting burn. */
  value: number;
  /** How it reads in the language shown, translated when read. */
  readonly label: string;
  labelId: MessageId;
}

function level(value: number, labelId: MessageId): ActivityLevel {
  return {
    value,
    get label() {
      return t(labelId);
    },
    labelId,
  };
}

/** Physical activity levels: the multiplier of the resting burn and how it reads. */
export const ACTIVITY_LEVELS: readonly ActivityLevel[] = [
  level(1.2, 'domain.activityLevel.sedentary'),
  level(1.375, 'domain.activityLevel.light'),
  level(1.55, 'domain.activityLevel.moderate'),
  level(1.725, 'domain.activityLevel.very'),
  level(1.9, 'domain.activityLevel.extra'),
];

/** Weekly rates offered, in kg per week (the contract allows −1 … +0.5). */
export const WEEKLY_RATES_KG = [-1, -0.75, -0.5, -0.25, 0, 0.25, 0.5] as const;

/** The lowest daily calorie goal suggested without medical supervision. */
export const CALORIE_FLOOR_KCAL = { female: 1200, male: 1500 } as const;

export type Sex = 'female' | 'male' | 'other';

export interface BodyData {
  sex: Sex;
  birthYear: number;
  heightCm: number;
  weightKg: number;
  activityLevel: number;
  weeklyRateKg: number;
}

/** The Mifflin–St Jeor constant: +5 for men, −161 for women, their midpoint (−78) otherwise. */
const SEX_CONSTANT: Readonly<Record<Sex, number>> = { male: 5, female: -161, other: -78 };

/** Resting energy per day, Mifflin–St Jeor: 10·kg + 6.25·cm − 5·age + the sex constant. */
export function bmrKcal(sex: Sex, weightKg: number, heightCm: number, age: number): number {
  return 10 * weightKg + 6.25 * heightCm - 5 * age + SEX_CONSTANT[sex];
}

/** What the body burns a day by the formula: resting energy × the activity level. */
export function maintenanceKcal(
  sex: Sex,
  weightKg: number,
  heightCm: number,
  age: number,
  activityLevel: number,
): number {
  return bmrKcal(sex, weightKg, heightCm, age) * activityLevel;
}

/** The floor for a sex; for "other" the women's, the lower of the two. */
export function calorieFloorKcal(sex: Sex): number {
  return sex === 'male' ? CALORIE_FLOOR_KCAL.male : CALORIE_FLOOR_KCAL.female;
}

export interface CalorieSuggestion {
  age: number;
  bmrKcal: number;
  /** Resting energy times the activity level. */
  maintenanceKcal: number;
  /** What the weekly rate adds (positive) or takes (negative) each day, at 7 700 kcal per kg. */
  dailyAdjustmentKcal: number;
  floorKcal: number;
  /** Maintenance plus the adjustment, not below the floor, rounded to 10 kcal. */
  suggestedKcal: number;
  /** True when the floor, not the arithmetic, set the suggestion. */
  atFloor: boolean;
}

/** A daily calorie goal for the person's body, activity and chosen weekly rate. */
export function suggestCalorieGoal(body: BodyData, year: number): CalorieSuggestion {
  const age = Math.max(0, year - body.birthYear);
  const bmr = bmrKcal(body.sex, body.weightKg, body.heightCm, age);
  const maintenance = maintenanceKcal(body.sex, body.weightKg, body.heightCm, age, body.activityLevel);
  const dailyAdjustmentKcal = (body.weeklyRateKg * KCAL_PER_KG) / 7;
  const floorKcal = calorieFloorKcal(body.sex);
  const raw = maintenance + dailyAdjustmentKcal;
  const atFloor = raw < floorKcal;
  return {
    age,
    bmrKcal: Math.round(bmr),
    maintenanceKcal: Math.round(maintenance),
    dailyAdjustmentKcal: Math.round(dailyAdjustmentKcal),
    floorKcal,
    suggestedKcal: atFloor ? floorKcal : Math.round(raw / 10) * 10,
    atFloor,
  };
}

/** The days between two settings of a calorie goal that follows the measured expenditure. */
export const ADAPTIVE_GOAL_INTERVAL_DAYS = 7;

/**
 * The daily calorie goal a measured expenditure gives: the expenditure plus what the weekly rate
 * adds a day (a loss takes it off), rounded to 10 kcal, never below the floor the goal form
 * suggests for the person's sex (the women's while unset) nor outside the contract's bounds.
 */
export function calorieGoalFromExpenditure(
  expenditureKcal: number,
  weeklyRateKg: number | null,
  sex: Sex | null,
): number {
  const raw = expenditureKcal + ((weeklyRateKg ?? 0) * KCAL_PER_KG) / 7;
  const floor = Math.max(calorieFloorKcal(sex ?? 'other'), settingsRules.dailyCalorieGoal.min);
  return Math.min(settingsRules.dailyCalorieGoal.max, Math.max(floor, Math.round(raw / 10) * 10));
}

/** Where the daily calorie goal comes from: set by the person, following the measured burn, or the formula. */
export type CalorieGoalSource = 'own' | 'adaptive' | 'formula';

export interface DailyCalorieGoal {
  kcal: number;
  source: CalorieGoalSource;
}

/** What a person's settings hold of their body; any of it may be unset. */
export interface StoredBody {
  sex: Sex | null;
  birthYear: number | null;
  heightCm: number | null;
  activityLevel: number | null;
  weeklyRateKg: number | null;
}

/** The body data the formula needs, or null while one of them is unset (no pace counts as keeping). */
export function bodyDataOf(stored: StoredBody, weightKg: number | null): BodyData | null {
  const { sex, birthYear, heightCm, activityLevel } = stored;
  if (
    sex === null ||
    birthYear === null ||
    heightCm === null ||
    activityLevel === null ||
    weightKg === null
  ) {
    return null;
  }
  return { sex, birthYear, heightCm, activityLevel, weightKg, weeklyRateKg: stored.weeklyRateKg ?? 0 };
}

/**
 * The one daily calorie goal every page shows: the person's own, else the one that follows their
 * measured burn (stored in the same field, set each week), else the formula's for their body and
 * pace; null while none of them can be had.
 */
export function dailyCalorieGoal(
  storedKcal: number | null,
  adaptive: boolean,
  body: BodyData | null,
  year: number,
): DailyCalorieGoal | null {
  if (storedKcal !== null) return { kcal: storedKcal, source: adaptive ? 'adaptive' : 'own' };
  if (body === null) return null;
  return { kcal: suggestCalorieGoal(body, year).suggestedKcal, source: 'formula' };
}
