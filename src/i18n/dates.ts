import { format } from 'date-fns';
import { dateFnsLocale } from './dateLocale';

export { dateFnsLocale };

/** `date` by a date-fns pattern, with month and day names in the language shown. */
export function formatDate(date: Date | number, pattern: string): string {
  const locale = dateFnsLocale();
  return format(date, pattern, locale ? { locale } : undefined);
}
