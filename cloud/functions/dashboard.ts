import { localDay } from '../../src/domain/calendarDays';
import { summarizeDashboard, type DashboardSummary } from '../../src/domain/dashboard';
import { SETTINGS_DEFAULTS } from '../../src/domain/contract';
import { numberOr, requireUser } from '../parse';
import { energyByDay } from './intake';
import {
  bodyDataMissing,
  countsExercise,
  dailyGoalOf,
  expenditureOf,
  intakeBefore,
  settingsWithCurrentGoal,
} from './coaching';
import { readDateParam, readTimeZoneParam } from './requestContext';
import { weightUnitOf } from './weight';
import { dailyWeights, workoutDayTotals } from '../store/history';
import { defineFunction, type CloudRequest } from './define';
import { queryOf } from '../schema/rows';
import { mealClass } from '../schema/meal';

/**
 * The start page's cards in one answer: the day's calories eaten and burned against the goal,
 * its week's active minutes, the weight trend and forecast, the workout streak, and how much the
 * person has logged at all. Each read aggregates in the database; the history stays there.
 */
async function dashboardSummary(request: CloudRequest<'dashboardSummary'>): Promise<DashboardSummary> {
  const { user } = requireUser(request.user);
  const requestedDate = readDateParam(request.params.date);
  const requestedZone = readTimeZoneParam(request.params.timeZone);
  // The saved zone decides which instants belong to the day, so it is read before the rest.
  const { settings, timeZone } = await settingsWithCurrentGoal(user, requestedZone);
  const now = new Date();
  const today = localDay(now, timeZone);
  const date = requestedDate ?? today;

  const [eaten, mealCount, workoutDays, weights, intake] = await Promise.all([
    energyByDay(user, date, date, timeZone),
    queryOf(mealClass).equalTo('user', user).count({ useMasterKey: true }),
    workoutDayTotals(user, timeZone),
    dailyWeights(user, timeZone),
    intakeBefore(user, today, timeZone),
  ]);
  const measured = expenditureOf(settings, intake, weights, today, now.getUTCFullYear());

  return summarizeDashboard({
    date,
    now,
    timeZone,
    weekStartsOn: numberOr(settings?.get('weekStartsOn'), SETTINGS_DEFAULTS.weekStartsOn),
    weeklyGoalMin: numberOr(
      settings?.get('weeklyActiveMinutesGoal'),
      SETTINGS_DEFAULTS.weeklyActiveMinutesGoal,
    ),
    calorieGoal: dailyGoalOf(settings, weights, now.getUTCFullYear()),
    countsExercise: countsExercise(settings),
    bodyDataMissing: bodyDataMissing(settings),
    goalWeightKg: numberOr(settings?.get('goalWeightKg'), null),
    weightUnit: weightUnitOf(settings),
    eatenKcal: eaten[0]?.caloriesKcal ?? 0,
    mealCount,
    workoutDays,
    dailyWeights: weights,
    burn:
      measured.kcalPerDay === null || measured.confidence === null
        ? null
        : {
            kcalPerDay: measured.kcalPerDay,
            confidence: measured.confidence,
            followedByGoal: settings?.get('adaptiveCalorieGoal') === true,
          },
  });
}

export function registerDashboardFunctions(): void {
  defineFunction('dashboardSummary', dashboardSummary);
}
