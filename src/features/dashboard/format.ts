import type { DashboardWeight } from '@/domain/dashboard';
import { formatWeight } from '@/domain/units';
import { t, type MessageId } from '@/i18n';
import { formatDate } from '@/i18n/dates';
import { dayToDate } from '@/lib/days';

export { formatKcal, formatMinutes } from '@/lib/format';

/** "14 March", for headings of a day other than today (the pattern follows the language). */
export function shortDay(day: string): string {
  return formatDate(dayToDate(day), t('dashboard.date.dayMonth'));
}

/** The cards whose heading names their day. */
export type DaySubject = 'calories' | 'weight' | 'streak';

const DAY_TITLES: Readonly<Record<DaySubject, { today: MessageId; on: MessageId }>> = {
  calories: { today: 'dashboard.calories.titleToday', on: 'dashboard.calories.titleOn' },
  weight: { today: 'dashboard.weight.title', on: 'dashboard.weight.titleOn' },
  streak: { today: 'dashboard.streak.title', on: 'dashboard.streak.titleOn' },
};

/** "Calories today", or "Calories on 14 March" for another day. */
export function titleForDay(subject: DaySubject, date: string, today: string): string {
  const titles = DAY_TITLES[subject];
  return date === today ? t(titles.today) : t(titles.on, { day: shortDay(date) });
}

/** When the trend reaches the goal at its current rate, or why there is no date; null without a goal. */
export function forecastSentence(weight: DashboardWeight): string | null {
  const { forecast, goalWeightKg, weightUnit } = weight;
  if (!forecast || goalWeightKg === null) return null;
  const goal = formatWeight(goalWeightKg, weightUnit);
  switch (forecast.kind) {
    case 'reached':
      return t('dashboard.forecast.reached', { goal });
    case 'date':
      return t('dashboard.forecast.date', {
        goal,
        date: formatDate(dayToDate(forecast.date), t('dashboard.date.dayMonthYear')),
      });
    case 'away':
      return t('dashboard.forecast.away', { goal });
    case 'flat':
      return t('dashboard.forecast.flat', { goal });
  }
}
