import type { DashboardSummary } from '@/domain/dashboard';
import { plural, shortDay } from '../format';
import { SummaryCard } from './SummaryCard';

const LINK = { to: '/', label: 'See your workouts on the calendar' };

/** Days in a row with a workout, up to the day. */
export function StreakCard({ summary }: { summary: DashboardSummary }) {
  const { streak, counts, date, today } = summary;
  const title = date === today ? 'Streak' : `Streak on ${shortDay(date)}`;
  if (counts.workouts === 0) {
    return (
      <SummaryCard id="summary-streak" title={title} link={LINK}>
        <p className="empty-note">Log a workout today to start a streak of days in a row with a workout.</p>
      </SummaryCard>
    );
  }
  return (
    <SummaryCard id="summary-streak" title={title} link={LINK}>
      <p className="summary-figure">
        <strong>{plural(streak.currentDays, 'day', 'days')}</strong> in a row with a workout
      </p>
      {streak.currentDays === 0 ? (
        <p className="goal-words">
          {date === today
            ? 'No workout yesterday or today yet. One today starts a new streak.'
            : 'No workout on this day or the day before.'}
        </p>
      ) : null}
      <p className="stat-note">Longest: {plural(streak.longestDays, 'day', 'days')}.</p>
    </SummaryCard>
  );
}
