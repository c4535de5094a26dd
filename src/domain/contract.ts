import type { FieldRule, FieldRules } from './fieldRules';
import { TIME_OF_DAY_PATTERN } from './reminders';
import { EXERCISE_CATEGORIES, MEASURES } from './strength';
import { LANGUAGES } from './languages';
import { THEMES } from './theme';
import { MAX_PHOTO_BYTES, MAX_PHOTO_SIDE, PHOTO_POSES } from './progressPhotos';

export { THEMES, type Theme } from './theme';

/** The data contract of DESIGN.md §4: class names, enumerations and hard limits. */

export const ACTIVITY_TYPES = [
  'run',
  'walk',
  'cycle',
  'swim',
  'strength',
  'yoga',
  'hiit',
  'hike',
  'row',
  'other',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** Where a workout came from: typed in the app, or imported from a file or another app's archive. */
export const ACTIVITY_SOURCES = ['manual', 'gpx', 'tcx', 'fit', 'strava', 'apple-health'] as const;
export type ActivitySource = (typeof ACTIVITY_SOURCES)[number];

export const MEAL_TYPES = ['breakfast', 'lunch', 'dinner', 'snack'] as const;
export type MealType = (typeof MEAL_TYPES)[number];
export const isMealType = (value: unknown): value is MealType =>
  typeof value === 'string' && (MEAL_TYPES as readonly string[]).includes(value);

/** Who sees a workout besides its owner: nobody, or their friends (cloud/store/sharing.ts). */
export const ACTIVITY_VISIBILITIES = ['private', 'friends'] as const;
export type ActivityVisibility = (typeof ACTIVITY_VISIBILITIES)[number];

export const FRIENDSHIP_STATUSES = ['pending', 'accepted', 'declined', 'blocked'] as const;
export type FriendshipStatus = (typeof FRIENDSHIP_STATUSES)[number];

export const UNITS = ['metric', 'imperial'] as const;
export const SEXES = ['female', 'male', 'other'] as const;
/** Weights shown in kilograms, pounds, or stones and pounds (imperial units default to pounds). */
export const WEIGHT_UNITS = ['kg', 'lb', 'st'] as const;

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

export const userRules = {
  username: { kind: 'text', min: 3, max: 30, pattern: USERNAME_PATTERN },
  displayName: { kind: 'text', min: 1, max: 50, optional: true },
} as const satisfies FieldRules;

export const settingsRules = {
  units: { kind: 'choice', values: UNITS, optional: true },
  heightCm: { kind: 'number', min: 100, max: 250, optional: true },
  birthYear: { kind: 'number', min: 1900, max: 2100, integer: true, optional: true },
  sex: { kind: 'choice', values: SEXES, optional: true },
  activityLevel: { kind: 'number', min: 1.2, max: 1.9, optional: true },
  goalWeightKg: { kind: 'number', min: 30, max: 300, optional: true },
  weeklyRateKg: { kind: 'number', min: -1, max: 0.5, optional: true },
  dailyCalorieGoal: { kind: 'number', min: 1000, max: 6000, integer: true, optional: true },
  weeklyActiveMinutesGoal: { kind: 'number', min: 0, max: 3000, integer: true, optional: true },
  weekStartsOn: { kind: 'number', min: 0, max: 6, integer: true, optional: true },
  shareActivity: { kind: 'boolean', optional: true },
  shareWeightProgress: { kind: 'boolean', optional: true },
  /** A new workout's visibility; unset: friends when the person shares activity, else private. */
  defaultVisibility: { kind: 'choice', values: ACTIVITY_VISIBILITIES, optional: true },
  shareRoutes: { kind: 'boolean', optional: true },
  shareHeartRate: { kind: 'boolean', optional: true },
  timezone: { kind: 'text', min: 1, max: 64, optional: true },
  weightUnit: { kind: 'choice', values: WEIGHT_UNITS, optional: true },
  theme: { kind: 'choice', values: THEMES, optional: true },
  /** The language the app and the server's sentences use; unset follows the browser. */
  language: { kind: 'choice', values: LANGUAGES, optional: true },
  /** The daily calorie goal follows the measured expenditure (cloud/functions/coaching.ts). */
  adaptiveCalorieGoal: { kind: 'boolean', optional: true },
  /** The day's workouts add to what may be eaten (goal − food + exercise); off, the activity level allows for them. */
  countExerciseCalories: { kind: 'boolean', optional: true },
  /** A summary of the week in the notifications, on Monday morning (cloud/functions/summaries.ts). */
  weeklySummary: { kind: 'boolean', optional: true },
  /** A push at `weighInReminderTime` on days without a weigh-in (cloud/functions/reminders.ts). */
  weighInReminder: { kind: 'boolean', optional: true },
  weighInReminderTime: { kind: 'text', min: 5, max: 5, pattern: TIME_OF_DAY_PATTERN, optional: true },
  /** A push in the evening when nothing is logged today and something was yesterday. */
  streakReminder: { kind: 'boolean', optional: true },
  /** No push from `quietHoursStart` to `quietHoursEnd` (may run past midnight). */
  quietHours: { kind: 'boolean', optional: true },
  quietHoursStart: { kind: 'text', min: 5, max: 5, pattern: TIME_OF_DAY_PATTERN, optional: true },
  quietHoursEnd: { kind: 'text', min: 5, max: 5, pattern: TIME_OF_DAY_PATTERN, optional: true },
  /** The person's day the goal was last set from the measured expenditure, YYYY-MM-DD. */
  calorieGoalSetOn: { kind: 'text', min: 10, max: 10, pattern: /^\d{4}-\d{2}-\d{2}$/, optional: true },
  /** Beats a minute at rest, for heart-rate zones and training load; unset counts as 60. */
  restingHr: { kind: 'number', min: 25, max: 120, integer: true, optional: true },
  // `zoneBounds`, the six rising bounds of the five zones in % of heart-rate reserve (unset: 50 … 100),
  // is an array: cloud/classes/settings.ts checks it with `zoneBoundsProblem` (heartRateZones.ts).
} as const satisfies FieldRules;

/**
 * What a person's Settings row starts with: written at sign-up and kept as the schema's defaults,
 * so a value left unset reads the same everywhere.
 */
export const SETTINGS_DEFAULTS = {
  units: 'metric',
  weeklyActiveMinutesGoal: 150,
  weekStartsOn: 1,
  shareActivity: true,
  shareWeightProgress: false,
  shareRoutes: false,
  shareHeartRate: false,
  theme: 'system',
  adaptiveCalorieGoal: false,
  countExerciseCalories: false,
  weeklySummary: true,
  weighInReminder: false,
  weighInReminderTime: '07:30',
  streakReminder: false,
  quietHours: true,
  quietHoursStart: '22:00',
  quietHoursEnd: '07:00',
} as const;

/**
 * The key a client gives a row it creates (the offline queue's change id): a create retried
 * after a lost answer finds the row by its key instead of storing a second one. Unique per person
 * and class (server/database/postgres.ts) and fixed once the row is saved.
 */
const clientKeyRule = { kind: 'uuid', writeOnce: true, optional: true } as const satisfies FieldRule;

export const activityRules = {
  type: { kind: 'choice', values: ACTIVITY_TYPES },
  startedAt: { kind: 'date', maxDaysAhead: 1 },
  durationMin: { kind: 'number', min: 1, max: 1440 },
  distanceKm: { kind: 'number', min: 0, max: 1000, optional: true },
  caloriesKcal: { kind: 'number', min: 0, max: 10000, optional: true },
  notes: { kind: 'text', min: 0, max: 500, optional: true },
  clientKey: clientKeyRule,
  source: { kind: 'choice', values: ACTIVITY_SOURCES, optional: true },
  /** Time spent moving (a recorded workout's pauses left out), seconds. */
  movingTimeS: { kind: 'number', min: 0, max: 86_400, integer: true, optional: true },
  elevationGainM: { kind: 'number', min: 0, max: 20_000, optional: true },
  avgHr: { kind: 'number', min: 20, max: 250, optional: true },
  maxHr: { kind: 'number', min: 20, max: 250, optional: true },
  /** Unset on older rows: the server fills it from the owner's `defaultVisibility` on create. */
  visibility: { kind: 'choice', values: ACTIVITY_VISIBILITIES, optional: true },
  /** Per-workout overrides of the settings `shareRoutes` and `shareHeartRate`; unset follows them. */
  showRoute: { kind: 'boolean', optional: true },
  showHeartRate: { kind: 'boolean', optional: true },
  /** Friends may not comment on this workout (comments already there stay readable). */
  commentsOff: { kind: 'boolean', optional: true },
  /**
   * How hard it felt, Borg's CR-10 as Foster uses it: 1 very easy … 10 maximal. Gives the workout a
   * training load when it has no heart rate (src/domain/trainingLoad.ts).
   */
  effort: { kind: 'number', min: 1, max: 10, integer: true, optional: true },
} as const satisfies FieldRules;

export const mealRules = {
  eatenAt: { kind: 'date', maxDaysAhead: 1 },
  mealType: { kind: 'choice', values: MEAL_TYPES },
  name: { kind: 'text', min: 1, max: 120 },
  grams: { kind: 'number', min: 0, max: 5000, optional: true },
  caloriesKcal: { kind: 'number', min: 0, max: 10000 },
  proteinG: { kind: 'number', min: 0, max: 1000, optional: true },
  carbsG: { kind: 'number', min: 0, max: 1000, optional: true },
  fatG: { kind: 'number', min: 0, max: 1000, optional: true },
  /** Set by the server from the food (src/domain/nutrition.ts `extrasFor`), or typed with a quick entry. */
  fibreG: { kind: 'number', min: 0, max: 1000, optional: true },
  sugarsG: { kind: 'number', min: 0, max: 1000, optional: true },
  saturatedFatG: { kind: 'number', min: 0, max: 1000, optional: true },
  saltG: { kind: 'number', min: 0, max: 1000, optional: true },
  clientKey: clientKeyRule,
} as const satisfies FieldRules;

export const foodRules = {
  name: { kind: 'text', min: 1, max: 120 },
  brand: { kind: 'text', min: 0, max: 120, optional: true },
  kcalPer100g: { kind: 'number', min: 0, max: 900 },
  proteinPer100g: { kind: 'number', min: 0, max: 100 },
  carbsPer100g: { kind: 'number', min: 0, max: 100 },
  fatPer100g: { kind: 'number', min: 0, max: 100 },
  fibrePer100g: { kind: 'number', min: 0, max: 100, optional: true },
  sugarsPer100g: { kind: 'number', min: 0, max: 100, optional: true },
  saturatedFatPer100g: { kind: 'number', min: 0, max: 100, optional: true },
  saltPer100g: { kind: 'number', min: 0, max: 100, optional: true },
  /** Checked and brought to its normal form by the server (src/domain/barcodes.ts). */
  barcode: { kind: 'text', min: 0, max: 14, optional: true },
  /** A serving's weight: from 1 g (a serving of nothing cannot be logged). */
  servingG: { kind: 'number', min: 1, max: 5000, optional: true },
  servingLabel: { kind: 'text', min: 0, max: 80, optional: true },
} as const satisfies FieldRules;

/** A person's own exercise; its muscles are checked by `checkMuscles` (strength.ts). */
export const exerciseRules = {
  name: { kind: 'text', min: 1, max: 80 },
  category: { kind: 'choice', values: EXERCISE_CATEGORIES },
  equipment: { kind: 'text', min: 0, max: 40, optional: true },
  measure: { kind: 'choice', values: MEASURES },
  met: { kind: 'number', min: 1, max: 20 },
} as const satisfies FieldRules;

/** A person's routine; its exercises are checked like a workout's (`checkExercises`, strength.ts). */
export const routineRules = {
  name: { kind: 'text', min: 1, max: 80 },
  notes: { kind: 'text', min: 0, max: 500, optional: true },
} as const satisfies FieldRules;

/** A person's saved meal; its items are checked by `checkSavedMealItems` (savedMeals.ts). */
export const savedMealRules = {
  name: { kind: 'text', min: 1, max: 80 },
  clientKey: clientKeyRule,
} as const satisfies FieldRules;

/**
 * A person's recipe; its ingredients are checked by `checkIngredients` (recipes.ts), and the server
 * adds the nutrition it computes from them on every save.
 */
export const recipeRules = {
  name: { kind: 'text', min: 1, max: 80 },
  servings: { kind: 'number', min: 1, max: 100, integer: true },
  /** The dish's weight once cooked; per 100 g is over it when given, else over the ingredients'. */
  cookedWeightG: { kind: 'number', min: 1, max: 20_000, optional: true },
  clientKey: clientKeyRule,
} as const satisfies FieldRules;

export const weightEntryRules = {
  measuredAt: { kind: 'date', maxDaysAhead: 1 },
  weightKg: { kind: 'number', min: 20, max: 500 },
  bodyFatPct: { kind: 'number', min: 2, max: 75, optional: true },
  note: { kind: 'text', min: 0, max: 200, optional: true },
  clientKey: clientKeyRule,
} as const satisfies FieldRules;

export const chatMessageRules = {
  room: { kind: 'text', min: 1, max: 80 },
  text: { kind: 'text', min: 1, max: 1000 },
} as const satisfies FieldRules;

/**
 * A person's body measurements on a day, all in centimetres whatever units they are shown in;
 * `bodyFatPct` is a measured value (scale, calipers), the Navy estimate is computed when shown.
 */
export const bodyMeasurementRules = {
  measuredAt: { kind: 'date', maxDaysAhead: 1 },
  waistCm: { kind: 'number', min: 30, max: 300, optional: true },
  hipsCm: { kind: 'number', min: 30, max: 300, optional: true },
  chestCm: { kind: 'number', min: 30, max: 300, optional: true },
  neckCm: { kind: 'number', min: 15, max: 100, optional: true },
  upperArmCm: { kind: 'number', min: 10, max: 100, optional: true },
  thighCm: { kind: 'number', min: 15, max: 150, optional: true },
  bodyFatPct: { kind: 'number', min: 2, max: 75, optional: true },
  clientKey: clientKeyRule,
} as const satisfies FieldRules;

/**
 * A progress photo: the stored picture (`file`, a Parse File the browser uploaded as
 * `progress-photo.<ext>`, checked and renamed by the server; src/domain/progressPhotos.ts), the day
 * it was taken, the pose, and the picture's size as the browser stored it.
 */
export const progressPhotoRules = {
  takenOn: { kind: 'date', maxDaysAhead: 1 },
  pose: { kind: 'choice', values: PHOTO_POSES },
  width: { kind: 'number', min: 1, max: MAX_PHOTO_SIDE, integer: true },
  height: { kind: 'number', min: 1, max: MAX_PHOTO_SIDE, integer: true },
  bytes: { kind: 'number', min: 1, max: MAX_PHOTO_BYTES, integer: true },
} as const satisfies FieldRules;

/** Classes whose rows belong to one person: the server sets `user` and an owner-only ACL. */
export const OWNED_CLASSES = {
  Settings: settingsRules,
  Activity: activityRules,
  Meal: mealRules,
  Food: foodRules,
  WeightEntry: weightEntryRules,
  Exercise: exerciseRules,
  Routine: routineRules,
  SavedMeal: savedMealRules,
  Recipe: recipeRules,
  BodyMeasurement: bodyMeasurementRules,
  ProgressPhoto: progressPhotoRules,
} as const satisfies Record<string, FieldRules>;
export type OwnedClassName = keyof typeof OWNED_CLASSES;
