import type { DashboardSummary } from '@/domain/dashboard';
import { formatKcal, titleForDay } from '../format';
import { SummaryCard } from './SummaryCard';

/** The day's energy eaten and burned, and what is left of the daily goal. */
export function CaloriesCard({ summary }: { summary: DashboardSummary }) {
  const { date, today, caloriesEatenKcal, caloriesBurnedKcal, calorieBalance, counts } = summary;
  const to = date === today ? '/nutrition-log' : `/nutrition-log?date=${date}`;
  const title = titleForDay('Calories', date, today);
  if (counts.meals === 0 && counts.workouts === 0) {
    return (
      <SummaryCard id="summary-calories" title={title} link={{ to, label: 'Log your first meal' }}>
        <p className="empty-note">
          Nothing logged yet. Log what you eat and see the day’s calories against your goal here.
        </p>
      </SummaryCard>
    );
  }
  return (
    <SummaryCard id="summary-calories" title={title} link={{ to, label: 'Open the nutrition log' }}>
      <dl className="stat-list summary-stats">
        <div>
          <dt>Eaten</dt>
          <dd>{formatKcal(caloriesEatenKcal)}</dd>
        </div>
        <div>
          <dt>Burned in workouts</dt>
          <dd>{formatKcal(caloriesBurnedKcal)}</dd>
        </div>
      </dl>
      {calorieBalance ? (
        <div className="goal-progress">
          <label htmlFor="summary-calorie-progress">
            <strong>{formatKcal(caloriesEatenKcal)}</strong> eaten of {formatKcal(calorieBalance.goalKcal)}
          </label>
          <progress
            id="summary-calorie-progress"
            className={calorieBalance.overKcal > 0 ? 'over-goal' : undefined}
            max={1}
            value={calorieBalance.share}
          >
            {Math.round(calorieBalance.share * 100)}%
          </progress>
          <p className="goal-words">
            {calorieBalance.overKcal > 0
              ? `${formatKcal(calorieBalance.overKcal)} over your daily goal.`
              : `${formatKcal(calorieBalance.remainingKcal)} remaining.`}
          </p>
        </div>
      ) : (
        <p className="goal-words">Set a daily calorie goal in the nutrition log to see what is left.</p>
      )}
      <p className="stat-note">
        Burned counts what workouts add to your resting burn; it is not added to what is left, as your goal
        already allows for your daily activity.
      </p>
    </SummaryCard>
  );
}
