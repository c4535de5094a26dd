import { isIsoDate } from '@/domain/dates';

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
