import { ACTIVITY_TYPES, activityRules, type ActivityType } from '@/domain/contract';
import { checkField } from '@/domain/fieldRules';
import { isActivityVisibility } from '@/domain/sharing';
import { checkExercises, MEASURES, type LoggedExercise, type Measure } from '@/domain/strength';
import { displayToKm, distanceUnitLabel, type Units } from '@/domain/units';
import { t } from '@/i18n';
import type { FormFieldNames } from '@/lib/errors';
import { formText, readLocalDateTime } from '@/lib/formValues';
import type { ActivityInput } from './api';

export type ActivityField =
  'type' | 'date' | 'time' | 'durationMin' | 'distance' | 'caloriesKcal' | 'notes' | 'exercises' | 'effort';
export type ActivityFieldErrors = Partial<Record<ActivityField, string>>;

/** The workout window's fields by the names the server's rules give them, for its refusals. */
export const ACTIVITY_FIELD_NAMES = {
  type: { field: 'type', label: 'activity.edit.type' },
  startedAt: { field: 'date', label: 'activity.edit.date' },
  durationMin: { field: 'durationMin', label: 'activity.edit.duration' },
  caloriesKcal: { field: 'caloriesKcal', label: 'activity.edit.calories' },
  notes: { field: 'notes', label: 'activity.edit.notes' },
  effort: { field: 'effort', label: 'insight.effort.label' },
} as const satisfies FormFieldNames<ActivityField>;

export type ParsedActivityForm = { input: ActivityInput } | { fieldErrors: ActivityFieldErrors };

/** An empty field is null; anything else reads as a number, NaN when it is not one. */
function optionalNumber(value: string): number | null {
  if (value === '') return null;
  const number = Number(value.replace(',', '.'));
  return Number.isFinite(number) ? number : Number.NaN;
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isMeasure = (value: unknown): value is Measure => (MEASURES as readonly unknown[]).includes(value);

/**
 * A strength workout's exercises as the workout window sends them (JSON of the list and of each
 * exercise's measure), checked by the contract's rules; null when none were logged.
 */
function readExercises(form: FormData): { exercises: LoggedExercise[] | null } | { error: string } {
  const list = readJson(formText(form, 'exercises') || '[]');
  const measures = readJson(formText(form, 'exerciseMeasures') || '{}');
  const measureOf = (exerciseId: string) => {
    const measure: unknown =
      typeof measures === 'object' && measures !== null
        ? (measures as Record<string, unknown>)[exerciseId]
        : undefined;
    return isMeasure(measure) ? measure : undefined;
  };
  if (Array.isArray(list) && list.length === 0) return { exercises: null };
  if (checkExercises(list, measureOf)) return { error: t('activity.form.exercisesInvalid') };
  return { exercises: list as LoggedExercise[] };
}

/** A choice that follows the settings when empty, else on or off. */
const ownChoice = (value: string): boolean | null => (value === 'on' ? true : value === 'off' ? false : null);

/** Who sees the workout and what of it; an empty visibility lets the server take the person's default. */
function readSharing(
  form: FormData,
): Pick<ActivityInput, 'visibility' | 'showRoute' | 'showHeartRate' | 'commentsOff'> {
  const visibility = formText(form, 'visibility');
  return {
    visibility: isActivityVisibility(visibility) ? visibility : null,
    showRoute: ownChoice(formText(form, 'showRoute')),
    showHeartRate: ownChoice(formText(form, 'showHeartRate')),
    commentsOff: form.get('commentsOff') === 'on',
  };
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
  if (!isActivityType(type)) errors.type = t('activity.form.typeMissing');

  const moment = readLocalDateTime(form);
  const startedAt = 'at' in moment ? moment.at : undefined;
  if ('badDate' in moment && moment.badDate) errors.date = t('activity.form.dateMissing');
  if ('badTime' in moment && moment.badTime) errors.time = t('activity.form.timeInvalid');
  if (startedAt && checkField('Start', activityRules.startedAt, startedAt, now)) {
    errors.date = t('activity.form.dateInFuture');
  }

  const durationText = formText(form, 'durationMin');
  const durationMin = durationText === '' ? Number.NaN : Number(durationText);
  if (durationText === '') errors.durationMin = t('activity.form.durationMissing');
  else {
    const problem = checkField('Duration', activityRules.durationMin, durationMin);
    if (problem) errors.durationMin = t('activity.form.durationRange');
  }

  const distance = optionalNumber(formText(form, 'distance'));
  const distanceKm = distance === null ? null : displayToKm(distance, units);
  if (distanceKm !== null && checkField('Distance', activityRules.distanceKm, distanceKm)) {
    const unit = distanceUnitLabel(units);
    const max = units === 'imperial' ? 621 : 1000;
    errors.distance = t('activity.form.distanceRange', { max, unit });
  }

  const caloriesKcal = optionalNumber(formText(form, 'caloriesKcal'));
  if (caloriesKcal !== null && checkField('Calories', activityRules.caloriesKcal, caloriesKcal)) {
    errors.caloriesKcal = t('activity.form.caloriesRange');
  }

  const notes = formText(form, 'notes');
  if (checkField('Notes', activityRules.notes, notes)) errors.notes = t('activity.form.notesTooLong');

  const effort = optionalNumber(formText(form, 'effort'));
  if (effort !== null && checkField('Effort', activityRules.effort, effort)) {
    errors.effort = t('insight.effort.range');
  }

  let exercises: LoggedExercise[] | null = null;
  if (type === 'strength') {
    const read = readExercises(form);
    if ('error' in read) errors.exercises = read.error;
    else exercises = read.exercises;
  }

  if (Object.keys(errors).length > 0 || !startedAt || !isActivityType(type)) return { fieldErrors: errors };
  return {
    input: {
      type,
      startedAt,
      durationMin,
      distanceKm: distanceKm === null ? null : Math.round(distanceKm * 1000) / 1000,
      caloriesKcal: caloriesKcal === null ? null : Math.round(caloriesKcal),
      notes,
      exercises,
      effort,
      ...readSharing(form),
    },
  };
}
