import { format } from 'date-fns';

/** `YYYY-MM-DD` to a local Date at midnight, as date pickers and calendars use. */
export function dayToDate(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1);
}

export function dateToDay(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

export function dateToMonth(date: Date): string {
  return format(date, 'yyyy-MM');
}

export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
