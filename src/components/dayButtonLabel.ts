import type { Modifiers } from 'react-day-picker';
import { t } from '@/i18n';
import { formatDate } from '@/i18n/dates';

/**
 * A calendar day button's accessible name, e.g. "Friday 20 November 2026, today, selected". It
 * holds the day's number as a word, as the button shows it (WCAG 2.5.3, label in name), which
 * react-day-picker's own "November 20th" does not. `detail` comes between the day and the state.
 */
export function dayButtonLabel(date: Date, modifiers: Modifiers, detail?: string): string {
  const parts = [formatDate(date, t('frame.date.dayLong'))];
  if (modifiers.today) parts.push(t('frame.date.today'));
  if (detail) parts.push(detail);
  if (modifiers.selected) parts.push(t('frame.date.selected'));
  return parts.join(', ');
}
