import { startOfWeek } from '@/domain/calendarDays';
import type { DashboardSummary } from '@/domain/dashboard';
import { useT } from '@/i18n';
import { formatNumber } from '@/i18n/numbers';
import { T } from '@/i18n/T';
import { formatMinutes, shortDay } from '../format';
import { SummaryCard } from './SummaryCard';

/** Active minutes of the week holding the day, against the weekly goal. */
export function ActiveMinutesCard({ summary }: { summary: DashboardSummary }) {
  const t = useT();
  const { week, counts, today, weekStartsOn } = summary;
  const thisWeek = startOfWeek(today, weekStartsOn) === week.start;
  const title = thisWeek
    ? t('dashboard.week.titleThisWeek')
    : t('dashboard.week.titleWeekOf', { day: shortDay(week.start) });
  const link = { to: '/', label: t('dashboard.week.link') };
  if (counts.workouts === 0) {
    return (
      <SummaryCard id="summary-week" title={title} link={link}>
        <p className="empty-note">{t('dashboard.week.empty', { goal: week.goalMinutes })}</p>
      </SummaryCard>
    );
  }
  const goal = Math.max(1, week.goalMinutes);
  const left = Math.max(0, week.goalMinutes - week.activeMinutes);
  return (
    <SummaryCard id="summary-week" title={title} link={link}>
      <div className="goal-progress">
        <label htmlFor="summary-week-progress">
          <T
            id="dashboard.week.minutes"
            values={{ done: formatNumber(week.activeMinutes), goal: formatNumber(week.goalMinutes) }}
            components={{ 0: <strong /> }}
          />
        </label>
        <progress id="summary-week-progress" max={goal} value={Math.min(week.activeMinutes, goal)}>
          {formatNumber(Math.min(100, Math.round((week.activeMinutes / goal) * 100)) / 100, {
            style: 'percent',
          })}
        </progress>
        <p className="goal-words">
          {left === 0
            ? t('dashboard.week.goalReached')
            : t('dashboard.week.toGo', { time: formatMinutes(left) })}
        </p>
      </div>
      <p className="stat-note">
        {thisWeek
          ? t('dashboard.week.sessionsThisWeek', { count: week.sessions })
          : t('dashboard.week.sessionsThatWeek', { count: week.sessions })}
      </p>
    </SummaryCard>
  );
}
