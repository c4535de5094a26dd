import { isIsoDate } from '@/domain/dates';
import { lbToKg, stoneLbToKg, type WeightUnit } from '@/domain/units';

/** A form field's text, trimmed; '' when absent or a file. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A date picker's `YYYY-MM-DD` and a time field's `HH:MM`, read as a moment in the browser's time
 * zone. Each malformed part is reported, so the form can name the field.
 */
export function readLocalDateTime(
  form: FormData,
  dateField = 'date',
  timeField = 'time',
): { at: Date } | { badDate: boolean; badTime: boolean } {
  const date = formText(form, dateField);
  const time = formText(form, timeField);
  const badDate = !isIsoDate(date);
  const badTime = !TIME.test(time);
  if (badDate || badTime) return { badDate, badTime };
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return { at: new Date(year, month - 1, day, hours, minutes) };
}

/** A number typed with a dot or a comma; NaN when empty or unreadable. */
export function readNumber(value: string): number {
  return value === '' ? Number.NaN : Number(value.replace(',', '.'));
}

/** The weight typed in the person's unit (stones and pounds in two fields), in kg; NaN if unreadable. */
export function readWeightKg(form: FormData, unit: WeightUnit, prefix = 'weight'): number {
  if (unit === 'st') {
    const stone = readNumber(formText(form, `${prefix}St`));
    const pounds = formText(form, `${prefix}Lb`) === '' ? 0 : readNumber(formText(form, `${prefix}Lb`));
    return stone >= 0 && pounds >= 0 && pounds < 14 ? stoneLbToKg(stone, pounds) : Number.NaN;
  }
  const value = readNumber(formText(form, prefix));
  return unit === 'lb' ? lbToKg(value) : value;
}

/** Height from `heightCm`, or from `heightFt` and `heightIn`, in cm to 0.1; null when left empty. */
export function readHeightCm(form: FormData, metric: boolean): number | null {
  let heightCm: number | null = null;
  if (metric) {
    heightCm = formText(form, 'heightCm') === '' ? null : readNumber(formText(form, 'heightCm'));
  } else if (formText(form, 'heightFt') !== '') {
    const inches = formText(form, 'heightIn') === '' ? 0 : readNumber(formText(form, 'heightIn'));
    heightCm = (readNumber(formText(form, 'heightFt')) * 12 + inches) * 2.54;
  }
  return heightCm === null ? null : Math.round(heightCm * 10) / 10;
}
