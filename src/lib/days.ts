import { format } from 'date-fns';

/** `YYYY-MM-DD` to a local Date at midnight, as date pickers and calendars use. */
export function dayToDate(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1);
}

/** A local Date's calendar day, `YYYY-MM-DD`. */
export function dateToDay(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}
