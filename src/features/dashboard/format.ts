import { format } from 'date-fns';
import type { DashboardWeight } from '@/domain/dashboard';
import { formatWeight } from '@/domain/units';
import { dayToDate } from '@/lib/days';

/** Whole kilocalories with thousands separators, e.g. "1,450 kcal". */
export function formatKcal(kcal: number): string {
  return `${Math.round(kcal).toLocaleString('en')} kcal`;
}

/** Minutes as people say them: "45 min", "2 h", "2 h 30 min". */
export function formatMinutes(minutes: number): string {
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const rest = whole % 60;
  return rest === 0 ? `${Math.floor(whole / 60)} h` : `${Math.floor(whole / 60)} h ${rest} min`;
}

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
