import { lazy, Suspense } from 'react';
import type { Streaks, WeekTotals } from '@/domain/activityStats';
import { useT } from '@/i18n';
import { formatNumber } from '@/i18n/numbers';
import { T } from '@/i18n/T';
import { formatDate } from '@/i18n/dates';
import { dayToDate, formatMinutes } from '../days';

const WeeklyMinutesChart = lazy(() => import('./WeeklyMinutesChart'));

export interface WeekSummaryProps {
  thisWeek: WeekTotals;
  weeks: readonly WeekTotals[];
  weeklyGoalMin: number;
  streaks: Streaks;
}

/** This week against the goal, the streaks, and twelve weeks of active minutes. */
export function WeekSummary({ thisWeek, weeks, weeklyGoalMin, streaks }: WeekSummaryProps) {
  const t = useT();
  const goal = Math.max(1, weeklyGoalMin);
  const share = Math.min(100, Math.round((thisWeek.minutes / goal) * 100));
  const left = Math.max(0, weeklyGoalMin - thisWeek.minutes);
  return (
    <section className="card week-summary" aria-labelledby="week-heading">
      <h2 id="week-heading">{t('activity.week.title')}</h2>
      <p className="week-since">
        {t('activity.week.since', { date: formatDate(dayToDate(thisWeek.start), 'EEEE d MMMM') })}
      </p>
      <div className="goal-progress">
        <label htmlFor="week-progress">
          <T
            id="activity.week.progress"
            values={{ minutes: thisWeek.minutes, goal: weeklyGoalMin }}
            components={{ 0: <strong /> }}
          />
        </label>
        <progress id="week-progress" max={goal} value={Math.min(thisWeek.minutes, goal)}>
          {formatNumber(share / 100, { style: 'percent' })}
        </progress>
        <p className="goal-words">
          {left === 0
            ? t('activity.week.goalReached')
            : t('activity.week.toGo', { left: formatMinutes(left) })}
        </p>
      </div>
      <dl className="stat-list">
        <div>
          <dt>{t('activity.week.calories')}</dt>
          <dd>{formatNumber(thisWeek.kcal)} kcal</dd>
        </div>
        <div>
          <dt>{t('activity.week.sessions')}</dt>
          <dd>{thisWeek.sessions}</dd>
        </div>
        <div>
          <dt>{t('activity.week.dayStreak')}</dt>
          <dd>
            {t('activity.week.days', { count: streaks.currentDays })}{' '}
            <span className="stat-note">
              {t('activity.week.longestDays', { count: streaks.longestDays })}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('activity.week.weekStreak')}</dt>
          <dd>
            {t('activity.week.weeks', { count: streaks.currentWeeks })}{' '}
            <span className="stat-note">
              {t('activity.week.longestWeeks', { count: streaks.longestWeeks })}
            </span>
          </dd>
        </div>
      </dl>
      <Suspense fallback={<div className="chart-placeholder" aria-hidden="true" />}>
        <WeeklyMinutesChart weeks={weeks} weeklyGoalMin={weeklyGoalMin} />
      </Suspense>
    </section>
  );
}
