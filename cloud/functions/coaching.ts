import { addDays, daysBetween, localDay } from '../../src/domain/calendarDays';
import {
  estimateExpenditure,
  EXPENDITURE_WINDOW_DAYS,
  type AdaptiveCalorieGoal,
  type EnergyExpenditure,
  type ExpenditureWithGoal,
} from '../../src/domain/expenditure';
import { SEXES } from '../../src/domain/contract';
import {
  ADAPTIVE_GOAL_INTERVAL_DAYS,
  bodyDataOf,
  calorieGoalFromExpenditure,
  dailyCalorieGoal,
  maintenanceKcal,
  type DailyCalorieGoal,
} from '../../src/domain/goals';
import type { DayEnergy } from '../../src/domain/nutrition';
import { trendOf, type DailyWeight } from '../../src/domain/weight';
import { numberOr, ownerAcl, requireUser, validationError, type ParseUser } from '../parse';
import { rowOf } from '../schema/rows';
import { settingsClass } from '../schema/settings';
import { energyByDay } from './intake';
import { readTimeZoneParam, settingsOf, timeZoneOf, type SettingsRow } from './requestContext';
import { dailyWeights } from '../store/history';
import { defineFunction, type CloudRequest } from './define';

const sexOf = (settings: SettingsRow | undefined) => SEXES.find((value) => value === settings?.get('sex'));

/**
 * Resting energy (Mifflin–St Jeor) × activity level for the person's body data and latest trend
 * weight; null while any of them is unset.
 */
function formulaKcalPerDay(settings: SettingsRow | undefined, daily: readonly DailyWeight[], year: number) {
  const sex = sexOf(settings);
  const heightCm = numberOr(settings?.get('heightCm'), null);
  const birthYear = numberOr(settings?.get('birthYear'), null);
  const activityLevel = numberOr(settings?.get('activityLevel'), null);
  const weightKg = trendOf(daily).at(-1)?.trendKg;
  if (!sex || heightCm === null || birthYear === null || activityLevel === null || weightKg === undefined) {
    return null;
  }
  return Math.round(maintenanceKcal(sex, weightKg, heightCm, Math.max(0, year - birthYear), activityLevel));
}

/**
 * The one daily calorie goal every page shows for the person's settings and latest trend weight:
 * their own, else the one following the measured burn, else the formula's (src/domain/goals.ts).
 */
export function dailyGoalOf(
  settings: SettingsRow | undefined,
  daily: readonly DailyWeight[],
  year: number,
): DailyCalorieGoal | null {
  const body = bodyDataOf(
    {
      sex: sexOf(settings) ?? null,
      birthYear: numberOr(settings?.get('birthYear'), null),
      heightCm: numberOr(settings?.get('heightCm'), null),
      activityLevel: numberOr(settings?.get('activityLevel'), null),
      weeklyRateKg: numberOr(settings?.get('weeklyRateKg'), null),
    },
    trendOf(daily).at(-1)?.trendKg ?? null,
  );
  return dailyCalorieGoal(
    numberOr(settings?.get('dailyCalorieGoal'), null),
    settings?.get('adaptiveCalorieGoal') === true,
    body,
    year,
  );
}

/** Whether the person adds their workouts to what they may eat. */
export const countsExercise = (settings: SettingsRow | undefined): boolean =>
  settings?.get('countExerciseCalories') === true;

/** Whether the settings lack what the formula needs to suggest a goal (the first-day questions ask it). */
export const bodyDataMissing = (settings: SettingsRow | undefined): boolean =>
  !sexOf(settings) ||
  numberOr(settings?.get('birthYear'), null) === null ||
  numberOr(settings?.get('heightCm'), null) === null ||
  numberOr(settings?.get('activityLevel'), null) === null;

/**
 * What the person really burns a day, measured from their food log over the four weeks before
 * `today` and their trend weight (src/domain/expenditure.ts), beside what the formula predicts.
 */
export function expenditureOf(
  settings: SettingsRow | undefined,
  intake: readonly DayEnergy[],
  daily: readonly DailyWeight[],
  today: string,
  year: number,
): EnergyExpenditure {
  const past = daily.filter((day) => day.date < today);
  return estimateExpenditure({
    intake,
    daily: past,
    today,
    formulaKcalPerDay: formulaKcalPerDay(settings, past, year),
  });
}

/** The intake an expenditure reads: energy per day over the four weeks before `today`. */
export function intakeBefore(user: ParseUser, today: string, timeZone: string): Promise<DayEnergy[]> {
  return energyByDay(user, addDays(today, -EXPENDITURE_WINDOW_DAYS), addDays(today, -1), timeZone);
}

/** The expenditure from two aggregates in the database: energy per day and weight per day. */
async function measure(
  user: ParseUser,
  settings: SettingsRow | undefined,
  timeZone: string,
  now: Date,
): Promise<EnergyExpenditure> {
  const today = localDay(now, timeZone);
  const [intake, daily] = await Promise.all([
    intakeBefore(user, today, timeZone),
    dailyWeights(user, timeZone),
  ]);
  return expenditureOf(settings, intake, daily, today, now.getUTCFullYear());
}

/** The goal the measurement gives for the person's weekly rate and sex, or null while unmeasured. */
function goalFrom(expenditure: EnergyExpenditure, settings: SettingsRow | undefined): number | null {
  if (expenditure.kcalPerDay === null) return null;
  return calorieGoalFromExpenditure(
    expenditure.kcalPerDay,
    numberOr(settings?.get('weeklyRateKg'), null),
    sexOf(settings) ?? null,
  );
}

function adaptiveGoalOf(settings: SettingsRow | undefined, kcal: number | null): AdaptiveCalorieGoal {
  const setOn: unknown = settings?.get('calorieGoalSetOn');
  return {
    on: settings?.get('adaptiveCalorieGoal') === true,
    kcal,
    setOn: typeof setOn === 'string' ? setOn : null,
    dailyCalorieGoal: numberOr(settings?.get('dailyCalorieGoal'), null),
  };
}

/**
 * Sets the goal from the measurement and marks the day. Unmeasurable now (a gap in the log), the
 * last goal stays and the day is marked all the same: the next try is a week later.
 */
async function setGoalFromMeasurement(
  settings: SettingsRow,
  expenditure: EnergyExpenditure,
  today: string,
): Promise<void> {
  const kcal = goalFrom(expenditure, settings);
  if (kcal !== null) settings.set('dailyCalorieGoal', kcal);
  settings.set('calorieGoalSetOn', today);
  await settings.save(null, { useMasterKey: true });
}

/**
 * The caller's settings and zone, with a calorie goal that follows the measured expenditure set
 * afresh when a week has passed since it was last set. The pages that show the goal read it
 * through here, so it is current whenever it is seen.
 */
export async function settingsWithCurrentGoal(
  user: ParseUser,
  requestedZone: string | undefined,
): Promise<{ settings: SettingsRow | undefined; timeZone: string }> {
  const settings = await settingsOf(user);
  const timeZone = timeZoneOf(settings, requestedZone);
  if (settings?.get('adaptiveCalorieGoal') === true) {
    const now = new Date();
    const today = localDay(now, timeZone);
    const { setOn } = adaptiveGoalOf(settings, null);
    if (setOn === null || daysBetween(setOn, today) >= ADAPTIVE_GOAL_INTERVAL_DAYS) {
      await setGoalFromMeasurement(settings, await measure(user, settings, timeZone, now), today);
    }
  }
  return { settings, timeZone };
}

/** `energyExpenditure({ timeZone? })`: the measurement, and the calorie goal it gives. */
async function energyExpenditure(request: CloudRequest<'energyExpenditure'>): Promise<ExpenditureWithGoal> {
  const { user } = requireUser(request.user);
  const { settings, timeZone } = await settingsWithCurrentGoal(
    user,
    readTimeZoneParam(request.params.timeZone),
  );
  const expenditure = await measure(user, settings, timeZone, new Date());
  return { ...expenditure, calorieGoal: adaptiveGoalOf(settings, goalFrom(expenditure, settings)) };
}

/**
 * `adaptCalorieGoal({ on, timeZone? })`: on, the daily calorie goal is set from the measured
 * expenditure now and again each week; off, the last goal stays as it is.
 */
async function adaptCalorieGoal(request: CloudRequest<'adaptCalorieGoal'>): Promise<AdaptiveCalorieGoal> {
  const { user } = requireUser(request.user);
  const { on } = request.params;
  if (typeof on !== 'boolean') throw validationError('server.params.trueOrFalse', { field: 'on' });
  const requestedZone = readTimeZoneParam(request.params.timeZone);
  const settings = (await settingsOf(user)) ?? ownSettingsRow(user);
  const timeZone = timeZoneOf(settings, requestedZone);
  if (!on) {
    settings.set('adaptiveCalorieGoal', false);
    await settings.save(null, { useMasterKey: true });
    return adaptiveGoalOf(settings, null);
  }
  const now = new Date();
  const expenditure = await measure(user, settings, timeZone, now);
  if (expenditure.kcalPerDay === null) {
    throw validationError('server.coaching.notMeasured', {
      field: 'on',
      explanation: expenditure.explanation,
    });
  }
  settings.set('adaptiveCalorieGoal', true);
  await setGoalFromMeasurement(settings, expenditure, localDay(now, timeZone));
  return adaptiveGoalOf(settings, goalFrom(expenditure, settings));
}

/** A Settings row for an account that has none yet, owned and readable by that person only. */
function ownSettingsRow(user: ParseUser): SettingsRow {
  const row = rowOf(settingsClass);
  row.set('user', user);
  row.setACL(ownerAcl(String(user.id)));
  return row;
}

export function registerCoachingFunctions(): void {
  defineFunction('energyExpenditure', energyExpenditure);
  defineFunction('adaptCalorieGoal', adaptCalorieGoal);
}
