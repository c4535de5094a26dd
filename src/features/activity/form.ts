import { ACTIVITY_TYPES, activityRules, type ActivityType } from '@/domain/contract';
import { checkField } from '@/domain/fieldRules';
import { displayToKm, distanceUnitLabel, type Units } from '@/domain/units';
import { formText, readLocalDateTime } from '@/lib/formValues';
import type { ActivityInput } from './api';

export type ActivityField = 'type' | 'date' | 'time' | 'durationMin' | 'distance' | 'caloriesKcal' | 'notes';
export type ActivityFieldErrors = Partial<Record<ActivityField, string>>;

export type ParsedActivityForm = { input: ActivityInput } | { fieldErrors: ActivityFieldErrors };

/** An empty field is null; anything else reads as a number, NaN when it is not one. */
function optionalNumber(value: string): number | null {
  if (value === '') return null;
  const number = Number(value.replace(',', '.'));
  return Number.isFinite(number) ? number : Number.NaN;
}

function isActivityType(value: string): value is ActivityType {
  return (ACTIVITY_TYPES as readonly string[]).includes(value);
}

/**
 * Reads the activity edit window's fields in the person's units and checks them with the
 * contract's rules (the server checks them again). Messages name the field as the form labels it.
 */
export function parseActivityForm(form: FormData, units: Units, now: Date = new Date()): ParsedActivityForm {
  const errors: ActivityFieldErrors = {};
  const type = formText(form, 'type');
  if (!isActivityType(type)) errors.type = 'Choose the type of workout.';

  const moment = readLocalDateTime(form);
  const startedAt = 'at' in moment ? moment.at : undefined;
  if ('badDate' in moment && moment.badDate) errors.date = 'Choose the day of the workout.';
  if ('badTime' in moment && moment.badTime) errors.time = 'Enter the start time as hours and minutes.';
  if (startedAt && checkField('Start', activityRules.startedAt, startedAt, now)) {
    errors.date = 'The workout cannot start more than a day from now.';
  }

  const durationText = formText(form, 'durationMin');
  const durationMin = durationText === '' ? Number.NaN : Number(durationText);
  if (durationText === '') errors.durationMin = 'Enter how many minutes the workout lasted.';
  else {
    const problem = checkField('Duration', activityRules.durationMin, durationMin);
    if (problem) errors.durationMin = 'Duration must be between 1 and 1440 minutes.';
  }

  const distance = optionalNumber(formText(form, 'distance'));
  const distanceKm = distance === null ? null : displayToKm(distance, units);
  if (distanceKm !== null && checkField('Distance', activityRules.distanceKm, distanceKm)) {
    const unit = distanceUnitLabel(units);
    const max = units === 'imperial' ? 621 : 1000;
    errors.distance = `Distance must be a number from 0 to ${max} ${unit}, or left empty.`;
  }

  const caloriesKcal = optionalNumber(formText(form, 'caloriesKcal'));
  if (caloriesKcal !== null && checkField('Calories', activityRules.caloriesKcal, caloriesKcal)) {
    errors.caloriesKcal = 'Calories must be a number from 0 to 10000, or left empty to estimate.';
  }

  const notes = formText(form, 'notes');
  if (checkField('Notes', activityRules.notes, notes)) errors.notes = 'Notes can be at most 500 characters.';

  if (Object.keys(errors).length > 0 || !startedAt || !isActivityType(type)) return { fieldErrors: errors };
  return {
    input: {
      type,
      startedAt,
      durationMin,
      distanceKm: distanceKm === null ? null : Math.round(distanceKm * 1000) / 1000,
      caloriesKcal: caloriesKcal === null ? null : Math.round(caloriesKcal),
      notes,
    },
  };
}
