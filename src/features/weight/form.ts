import { settingsRules, weightEntryRules } from '@/domain/contract';
import { checkField } from '@/domain/fieldRules';
import type { WeightUnit } from '@/domain/units';
import { formText, readHeightCm, readLocalDateTime, readNumber, readWeightKg } from '@/lib/formValues';
import type { WeighInInput } from './api';

export type WeightField = 'date' | 'time' | 'weight' | 'bodyFatPct' | 'note';
export type WeightFieldErrors = Partial<Record<WeightField, string>>;

const RANGE_WORDS: Readonly<Record<WeightUnit, string>> = {
  kg: 'between 20 and 500 kg',
  lb: 'between 44 and 1102 lb',
  st: 'between 3 st 2 lb and 78 st 10 lb',
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
  if ('badDate' in moment && moment.badDate) errors.date = 'Choose the day of the weigh-in.';
  if ('badTime' in moment && moment.badTime) errors.time = 'Enter the time as hours and minutes.';
  if (measuredAt && checkField('date', weightEntryRules.measuredAt, measuredAt, now)) {
    errors.date = 'The weigh-in cannot be more than a day from now.';
  }
  const weightKg = readWeightKg(form, unit);
  if (checkField('weight', weightEntryRules.weightKg, weightKg))
    errors.weight = `Weight must be ${RANGE_WORDS[unit]}.`;
  const fatText = formText(form, 'bodyFatPct');
  const bodyFatPct = fatText === '' ? null : readNumber(fatText);
  if (bodyFatPct !== null && checkField('body fat', weightEntryRules.bodyFatPct, bodyFatPct)) {
    errors.bodyFatPct = 'Body fat must be between 2 and 75 %, or left empty.';
  }
  const note = formText(form, 'note');
  if (checkField('note', weightEntryRules.note, note))
    errors.note = 'The note can be at most 200 characters.';
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
    errors.goal = 'Goal weight must be between 30 and 300 kg (66 and 661 lb), or left empty.';
  }
  const heightCm = readHeightCm(form, unit === 'kg');
  if (heightCm !== null && checkField('height', settingsRules.heightCm, heightCm)) {
    errors.height = 'Height must be between 100 and 250 cm (3 ft 4 in and 8 ft 2 in), or left empty.';
  }
  return Object.keys(errors).length > 0 ? { fieldErrors: errors } : { patch: { goalWeightKg, heightCm } };
}
