import { startOfWeek } from '@/domain/calendarDays';
import type { DashboardSummary } from '@/domain/dashboard';
import { formatMinutes, plural, shortDay } from '../format';
import { SummaryCard } from './SummaryCard';

const LINK = { to: '/', label: 'Open the activity calendar' };

/** Active minutes of the week holding the day, against the weekly goal. */
export function ActiveMinutesCard({ summary }: { summary: DashboardSummary }) {
  const { week, counts, today, weekStartsOn } = summary;
  const thisWeek = startOfWeek(today, weekStartsOn) === week.start;
  const title = thisWeek ? 'Active minutes this week' : `Active minutes, week of ${shortDay(week.start)}`;
  if (counts.workouts === 0) {
    return (
      <SummaryCard id="summary-week" title={title} link={LINK}>
        <p className="empty-note">
          No workouts yet. Log one on the calendar and your minutes count toward {week.goalMinutes} a week.
        </p>
      </SummaryCard>
    );
  }
  const goal = Math.max(1, week.goalMinutes);
  const left = Math.max(0, week.goalMinutes - week.activeMinutes);
  return (
    <SummaryCard id="summary-week" title={title} link={LINK}>
      <div className="goal-progress">
        <label htmlFor="summary-week-progress">
          <strong>{week.activeMinutes.toLocaleString('en')}</strong> of{' '}
          {week.goalMinutes.toLocaleString('en')} active minutes
        </label>
        <progress id="summary-week-progress" max={goal} value={Math.min(week.activeMinutes, goal)}>
          {Math.min(100, Math.round((week.activeMinutes / goal) * 100))}%
        </progress>
        <p className="goal-words">
          {left === 0 ? 'Weekly goal reached. Well done!' : `${formatMinutes(left)} to go.`}
        </p>
      </div>
      <p className="stat-note">
        {plural(week.sessions, 'workout', 'workouts')} {thisWeek ? 'this' : 'that'} week.
      </p>
    </SummaryCard>
  );
}
