import type { DashboardSummary } from '@/domain/dashboard';
import { useT } from '@/i18n';
import { T } from '@/i18n/T';
import { titleForDay } from '../format';
import { SummaryCard } from './SummaryCard';

/** Days in a row with a workout, up to the day. */
export function StreakCard({ summary }: { summary: DashboardSummary }) {
  const t = useT();
  const { streak, counts, date, today } = summary;
  const title = titleForDay('streak', date, today);
  const link = { to: '/', label: t('dashboard.streak.link') };
  if (counts.workouts === 0) {
    return (
      <SummaryCard id="summary-streak" title={title} link={link}>
        <p className="empty-note">{t('dashboard.streak.empty')}</p>
      </SummaryCard>
    );
  }
  return (
    <SummaryCard id="summary-streak" title={title} link={link}>
      <p className="summary-figure">
        <T
          id="dashboard.streak.current"
          values={{ count: streak.currentDays }}
          components={{ 0: <strong /> }}
        />
      </p>
      {streak.currentDays === 0 ? (
        <p className="goal-words">
          {date === today ? t('dashboard.streak.noneToday') : t('dashboard.streak.noneOnDay')}
        </p>
      ) : null}
      <p className="stat-note">{t('dashboard.streak.longest', { count: streak.longestDays })}</p>
    </SummaryCard>
  );
}
