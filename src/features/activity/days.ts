import { format } from 'date-fns';

export { dateToDay, dayToDate } from '@/lib/days';

export function dateToMonth(date: Date): string {
  return format(date, 'yyyy-MM');
}

export { formatMinutes } from '@/lib/format';
