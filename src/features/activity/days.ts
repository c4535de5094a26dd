import { format } from 'date-fns';

export { dateToDay, dayToDate } from '@/lib/days';

export function dateToMonth(date: Date): string {
  return format(date, 'yyyy-MM');
}

export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
