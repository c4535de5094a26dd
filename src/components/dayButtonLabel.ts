import { format } from 'date-fns';
import type { Modifiers } from 'react-day-picker';

/**
 * A calendar day button's accessible name, e.g. "Friday 20 November 2026, today, selected". It
 * holds the day's number as a word, as the button shows it (WCAG 2.5.3, label in name), which
 * react-day-picker's own "November 20th" does not. `detail` comes between the day and the state.
 */
export function dayButtonLabel(date: Date, modifiers: Modifiers, detail?: string): string {
  const parts = [format(date, 'EEEE d MMMM yyyy')];
  if (modifiers.today) parts.push('today');
  if (detail) parts.push(detail);
  if (modifiers.selected) parts.push('selected');
  return parts.join(', ');
}
