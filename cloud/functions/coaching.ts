import { addDays, localDay } from '../../src/domain/calendarDays';
import {
  estimateExpenditure,
  EXPENDITURE_WINDOW_DAYS,
  type EnergyExpenditure,
} from '../../src/domain/expenditure';
import { SEXES } from '../../src/domain/contract';
import { maintenanceKcal } from '../../src/domain/goals';
import { trendOf, type DailyWeight } from '../../src/domain/weight';
import { numberOr, Parse, requireUser, type CloudObject, type FunctionRequest } from '../parse';
import { energyByDay } from './nutrition';
import { readTimeZoneParam, settingsOf, timeZoneOf } from './requestContext';
import { dailyWeights } from './weight';

/**
 * Resting energy (Mifflin–St Jeor) × activity level for the person's body data and latest trend
 * weight; null while any of them is unset.
 */
function formulaKcalPerDay(settings: CloudObject | undefined, daily: readonly DailyWeight[], year: number) {
  const sex = SEXES.find((value) => value === settings?.get('sex'));
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
 * What the person really burns a day, measured from their food log and trend weight over the
 * four weeks before today (src/domain/expenditure.ts), beside what the formula predicts. Two
 * aggregates in the database: energy per day and weight per day.
 */
async function energyExpenditure(request: FunctionRequest): Promise<EnergyExpenditure> {
  const { user } = requireUser(request.user);
  const requestedZone = readTimeZoneParam(request.params.timeZone);
  const settings = await settingsOf(user);
  const timeZone = timeZoneOf(settings, requestedZone);
  const now = new Date();
  const today = localDay(now, timeZone);
  const [intake, daily] = await Promise.all([
    energyByDay(user, addDays(today, -EXPENDITURE_WINDOW_DAYS), addDays(today, -1), timeZone),
    dailyWeights(user, timeZone),
  ]);
  const past = daily.filter((day) => day.date < today);
  return estimateExpenditure({
    intake,
    daily: past,
    today,
    formulaKcalPerDay: formulaKcalPerDay(settings, past, now.getUTCFullYear()),
  });
}

export function registerCoachingFunctions(): void {
  Parse.Cloud.define('energyExpenditure', energyExpenditure);
}
