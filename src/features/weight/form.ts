import { settingsRules, weightEntryRules } from '@/domain/contract';
import { checkField } from '@/domain/fieldRules';
import type { WeightUnit } from '@/domain/units';
import { t, type MessageId } from '@/i18n';
import type { FormFieldNames } from '@/lib/errors';
import { formText, readHeightCm, readLocalDateTime, readNumber, readWeightKg } from '@/lib/formValues';
import type { WeighInInput } from './api';

export type WeightField = 'date' | 'time' | 'weight' | 'bodyFatPct' | 'note';
export type WeightFieldErrors = Partial<Record<WeightField, string>>;

/** The weigh-in and goal windows' fields by the names the server's rules give them, for its refusals. */
export const WEIGHT_FIELD_NAMES = {
  weightKg: { field: 'weight', label: 'weight.edit.weight' },
  measuredAt: { field: 'date', label: 'weight.edit.date' },
  bodyFatPct: { field: 'bodyFatPct', label: 'weight.edit.bodyFat' },
  note: { field: 'note', label: 'weight.edit.note' },
  goalWeightKg: { field: 'goal', label: 'weight.goal.goalWeight' },
  heightCm: { field: 'height', label: 'frame.height.cm' },
} as const satisfies FormFieldNames<WeightField | 'goal' | 'height'>;

const RANGE_ERRORS: Readonly<Record<WeightUnit, MessageId>> = {
  kg: 'weight.form.weightRangeKg',
  lb: 'weight.form.weightRangeLb',
  st: 'weight.form.weightRangeSt',
};

/** Reads the weight edit window in the person's unit; stored weights are kg. */
export function parseWeightForm(
  form: FormData,
  unit: WeightUnit,
  now: Date = new Date(),
): { input: WeighInInput } | { fieldErrors: WeightFieldErrors } {
  const errors: WeightFieldErrors = {};
  const moment = readLocalDateTime(form);
  const measuredAt = 'at' in moment ? moment.at : undefined;
  if ('badDate' in moment && moment.badDate) errors.date = t('weight.form.chooseDay');
  if ('badTime' in moment && moment.badTime) errors.time = t('weight.form.enterTime');
  if (measuredAt && checkField('date', weightEntryRules.measuredAt, measuredAt, now)) {
    errors.date = t('weight.form.dateTooFar');
  }
  const weightKg = readWeightKg(form, unit);
  if (checkField('weight', weightEntryRules.weightKg, weightKg)) errors.weight = t(RANGE_ERRORS[unit]);
  const fatText = formText(form, 'bodyFatPct');
  const bodyFatPct = fatText === '' ? null : readNumber(fatText);
  if (bodyFatPct !== null && checkField('body fat', weightEntryRules.bodyFatPct, bodyFatPct)) {
    errors.bodyFatPct = t('weight.form.bodyFatRange');
  }
  const note = formText(form, 'note');
  if (checkField('note', weightEntryRules.note, note)) errors.note = t('weight.form.noteTooLong');
  if (Object.keys(errors).length > 0 || !measuredAt) return { fieldErrors: errors };
  return { input: { measuredAt, weightKg: Math.round(weightKg * 1000) / 1000, bodyFatPct, note } };
}

export type GoalFieldErrors = Partial<Record<'goal' | 'height', string>>;

/** The goal window: goal weight in the person's unit and height in cm (or ft + in), both optional. */
export function parseGoalForm(
  form: FormData,
  unit: WeightUnit,
): { patch: { goalWeightKg: number | null; heightCm: number | null } } | { fieldErrors: GoalFieldErrors } {
  const errors: GoalFieldErrors = {};
  const goalEmpty = unit === 'st' ? formText(form, 'goalSt') === '' : formText(form, 'goal') === '';
  const goalWeightKg = goalEmpty ? null : Math.round(readWeightKg(form, unit, 'goal') * 10) / 10;
  if (goalWeightKg !== null && checkField('goal', settingsRules.goalWeightKg, goalWeightKg)) {
    errors.goal = t('weight.form.goalRange');
  }
  const heightCm = readHeightCm(form, unit === 'kg');
  if (heightCm !== null && checkField('height', settingsRules.heightCm, heightCm)) {
    errors.height = t('weight.form.heightRange');
  }
  return Object.keys(errors).length > 0 ? { fieldErrors: errors } : { patch: { goalWeightKg, heightCm } };
}
