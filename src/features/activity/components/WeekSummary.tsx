import { format } from 'date-fns';
import { lazy, Suspense } from 'react';
import type { Streaks, WeekTotals } from '@/domain/activityStats';
import { dayToDate, formatMinutes } from '../days';

const WeeklyMinutesChart = lazy(() => import('./WeeklyMinutesChart'));

export interface WeekSummaryProps {
  thisWeek: WeekTotals;
  weeks: readonly WeekTotals[];
  weeklyGoalMin: number;
  streaks: Streaks;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** This week against the goal, the streaks, and twelve weeks of active minutes. */
export function WeekSummary({ thisWeek, weeks, weeklyGoalMin, streaks }: WeekSummaryProps) {
  const goal = Math.max(1, weeklyGoalMin);
  const share = Math.min(100, Math.round((thisWeek.minutes / goal) * 100));
  const left = Math.max(0, weeklyGoalMin - thisWeek.minutes);
  return (
    <section className="card week-summary" aria-labelledby="week-heading">
      <h2 id="week-heading">This week</h2>
      <p className="week-since">Since {format(dayToDate(thisWeek.start), 'EEEE d MMMM')}</p>
      <div className="goal-progress">
        <label htmlFor="week-progress">
          <strong>{thisWeek.minutes}</strong> of {weeklyGoalMin} active minutes
        </label>
        <progress id="week-progress" max={goal} value={Math.min(thisWeek.minutes, goal)}>
          {share}%
        </progress>
        <p className="goal-words">
          {left === 0
            ? 'Weekly goal reached. Well done!'
            : `${formatMinutes(left)} to go to reach your weekly goal.`}
        </p>
      </div>
      <dl className="stat-list">
        <div>
          <dt>Calories burned</dt>
          <dd>{thisWeek.kcal.toLocaleString()} kcal</dd>
        </div>
        <div>
          <dt>Sessions</dt>
          <dd>{thisWeek.sessions}</dd>
        </div>
        <div>
          <dt>Day streak</dt>
          <dd>
            {plural(streaks.currentDays, 'day', 'days')}{' '}
            <span className="stat-note">(longest {plural(streaks.longestDays, 'day', 'days')})</span>
          </dd>
        </div>
        <div>
          <dt>Weeks meeting the goal</dt>
          <dd>
            {plural(streaks.currentWeeks, 'week', 'weeks')}{' '}
            <span className="stat-note">(longest {plural(streaks.longestWeeks, 'week', 'weeks')})</span>
          </dd>
        </div>
      </dl>
      <Suspense fallback={<div className="chart-placeholder" aria-hidden="true" />}>
        <WeeklyMinutesChart weeks={weeks} weeklyGoalMin={weeklyGoalMin} />
      </Suspense>
    </section>
  );
}
