import { format } from 'date-fns';
import type { DashboardWeight } from '@/domain/dashboard';
import { formatWeight } from '@/domain/units';
import { dayToDate } from '@/lib/days';

export { formatKcal, formatMinutes } from '@/lib/format';

export function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}

/** "14 March", for headings of a day other than today. */
export function shortDay(day: string): string {
  return format(dayToDate(day), 'd MMMM');
}

/** "Calories today", or "Calories on 14 March" for another day. */
export function titleForDay(subject: string, date: string, today: string): string {
  return date === today ? `${subject} today` : `${subject} on ${shortDay(date)}`;
}

/** When the trend reaches the goal at its current rate, or why there is no date; null without a goal. */
export function forecastSentence(weight: DashboardWeight): string | null {
  const { forecast, goalWeightKg, weightUnit } = weight;
  if (!forecast || goalWeightKg === null) return null;
  const goal = formatWeight(goalWeightKg, weightUnit);
  switch (forecast.kind) {
    case 'reached':
      return `You are at your goal of ${goal}.`;
    case 'date':
      return `At this rate you reach ${goal} around ${format(dayToDate(forecast.date), 'd MMMM yyyy')}.`;
    case 'away':
      return `Your trend is moving away from your goal of ${goal}.`;
    case 'flat':
      return `Your trend is flat, so there is no date yet for your goal of ${goal}.`;
  }
}
