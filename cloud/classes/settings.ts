import { addDays, isValidTimeZone } from '../../src/domain/calendarDays';
import { isIsoDate } from '../../src/domain/dates';
import { ADAPTIVE_GOAL_INTERVAL_DAYS } from '../../src/domain/goals';
import { zoneBoundsProblem } from '../../src/domain/heartRateZones';
import { checkPrivacyZones } from '../../src/domain/privacyZones';
import { Parse, refusal, refuseProblem, validationError, type CloudObject, type ParseUser } from '../parse';
import { queryOf } from '../schema/rows';
import { settingsClass } from '../schema/settings';

/** One Settings row per person; a second one is refused, so every reader finds the same row. */
export async function completeSettings(
  object: CloudObject,
  original: CloudObject | undefined,
): Promise<void> {
  const timezone: unknown = object.get('timezone');
  if (typeof timezone === 'string' && !isValidTimeZone(timezone)) {
    throw validationError('server.params.timeZone', { field: 'timezone' });
  }
  if (object.dirty('zoneBounds') && (object.get('zoneBounds') ?? null) !== null) {
    const problem = zoneBoundsProblem(object.get('zoneBounds'));
    if (problem) throw refuseProblem(problem);
  }
  if (object.dirty('privacyZones')) {
    const problem = checkPrivacyZones(object.get('privacyZones'));
    if (problem) throw refuseProblem(problem);
  }
  if (original) {
    keepCalorieGoalChoice(object, original);
    return;
  }
  const owner = object.get('user') as ParseUser | undefined;
  if (!owner) return;
  const existing = await queryOf(settingsClass).equalTo('user', owner).first({ useMasterKey: true });
  if (existing) throw refusal(Parse.Error.DUPLICATE_VALUE, 'server.settings.exists');
}

/**
 * A calorie goal the person sets themselves ends its following the measured expenditure (the
 * server's own weekly setting changes the day it was set on as well, so it is told apart); a new
 * weekly rate has the goal set afresh the next time it is read.
 */
function keepCalorieGoalChoice(object: CloudObject, original: CloudObject): void {
  const following =
    original.get('adaptiveCalorieGoal') === true && object.get('adaptiveCalorieGoal') === true;
  const setOn: unknown = original.get('calorieGoalSetOn');
  if (!following || object.get('calorieGoalSetOn') !== setOn) return;
  if (object.get('dailyCalorieGoal') !== original.get('dailyCalorieGoal')) {
    object.set('adaptiveCalorieGoal', false);
  } else if (
    object.get('weeklyRateKg') !== original.get('weeklyRateKg') &&
    typeof setOn === 'string' &&
    isIsoDate(setOn)
  ) {
    // Dated a week back, so it is due (a trigger's unset is not stored).
    object.set('calorieGoalSetOn', addDays(setOn, -ADAPTIVE_GOAL_INTERVAL_DAYS));
  }
}
