import { bodyMeasurementRules } from '@/domain/contract';
import { checkField } from '@/domain/fieldRules';
import { hasAnyValue, MEASUREMENT_FIELDS, type MeasurementField } from '@/domain/bodyMeasurements';
import { cmToDisplay, displayToCm, girthUnitLabel, type Units } from '@/domain/units';
import { formatDecimal } from '@/domain/labels';
import { t, type MessageId } from '@/i18n';
import type { FormFieldNames } from '@/lib/errors';
import { formText, readLocalDateTime, readNumber } from '@/lib/formValues';
import type { MeasurementInput } from './api';

export type MeasurementFormField = MeasurementField | 'date';
export type MeasurementFieldErrors = Partial<Record<MeasurementFormField, string>>;

/** Each measurement's label. */
export const MEASUREMENT_LABELS: Readonly<Record<MeasurementField, MessageId>> = {
  waistCm: 'weight.measurements.field.waistCm',
  hipsCm: 'weight.measurements.field.hipsCm',
  chestCm: 'weight.measurements.field.chestCm',
  neckCm: 'weight.measurements.field.neckCm',
  upperArmCm: 'weight.measurements.field.upperArmCm',
  thighCm: 'weight.measurements.field.thighCm',
  bodyFatPct: 'weight.measurements.field.bodyFatPct',
};

/** The measurement window's fields by the names the server's rules give them, for its refusals. */
export const MEASUREMENT_FIELD_NAMES = {
  measuredAt: { field: 'date', label: 'weight.measurements.date' },
  ...Object.fromEntries(
    MEASUREMENT_FIELDS.map((field) => [field, { field, label: MEASUREMENT_LABELS[field] }]),
  ),
} as const satisfies FormFieldNames<MeasurementFormField>;

/** Round a girth in the person's unit to what a tape shows. */
const tapeValue = (value: number) => Math.round(value * 10) / 10;

/** The sentence for a value out of its rule's range, in the person's unit. */
export function rangeSentence(field: MeasurementField, units: Units): string {
  const rule = bodyMeasurementRules[field];
  if (field === 'bodyFatPct')
    return t('weight.measurements.form.bodyFatRange', { min: rule.min, max: rule.max });
  return t('weight.measurements.form.girthRange', {
    min: formatDecimal(tapeValue(cmToDisplay(rule.min, units)), 1),
    max: formatDecimal(tapeValue(cmToDisplay(rule.max, units)), 1),
    unit: girthUnitLabel(units),
  });
}

/** A girth typed in the person's unit, in cm to 0.1 mm; a body-fat percentage as typed. */
export function storedValue(field: MeasurementField, typed: number, units: Units): number {
  return field === 'bodyFatPct' ? typed : Math.round(displayToCm(typed, units) * 100) / 100;
}

/**
 * Reads the measurement window: a day (its time kept from the `time` field) and any of the
 * measurements in the person's unit, at least one; stored values are centimetres.
 */
export function parseMeasurementForm(
  form: FormData,
  units: Units,
  now: Date = new Date(),
): { input: MeasurementInput } | { fieldErrors: MeasurementFieldErrors; formError?: string } {
  const errors: MeasurementFieldErrors = {};
  const moment = readLocalDateTime(form);
  const measuredAt = 'at' in moment ? moment.at : undefined;
  if (!measuredAt) errors.date = t('weight.measurements.form.chooseDay');
  else if (checkField('date', bodyMeasurementRules.measuredAt, measuredAt, now)) {
    errors.date = t('weight.measurements.form.dateTooFar');
  }
  const values = Object.fromEntries(MEASUREMENT_FIELDS.map((field) => [field, null])) as Record<
    MeasurementField,
    number | null
  >;
  for (const field of MEASUREMENT_FIELDS) {
    const text = formText(form, field);
    if (text === '') continue;
    const typed = readNumber(text);
    const stored = Number.isFinite(typed) ? storedValue(field, typed, units) : Number.NaN;
    if (checkField(field, bodyMeasurementRules[field], stored)) errors[field] = rangeSentence(field, units);
    else values[field] = stored;
  }
  if (Object.keys(errors).length > 0 || !measuredAt) return { fieldErrors: errors };
  if (!hasAnyValue(values)) return { fieldErrors: {}, formError: t('weight.measurements.form.nothing') };
  return { input: { measuredAt, ...values } };
}
