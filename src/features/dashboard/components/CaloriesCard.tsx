import { CalorieGoalProgress } from '@/components/CalorieGoalProgress';
import type { DashboardBurn, DashboardSummary } from '@/domain/dashboard';
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
        <CalorieGoalProgress id="summary-calorie-progress" balance={calorieBalance} />
      ) : (
        <p className="goal-words">Set a daily calorie goal in the nutrition log to see what is left.</p>
      )}
      <BurnLine burn={summary.burn} />
      <p className="stat-note">
        Burned counts what workouts add to your resting burn; it is not added to what is left, as your goal
        already allows for your daily activity.
      </p>
    </SummaryCard>
  );
}

/** What the person burns a day as measured from their log, once it is measured. */
function BurnLine({ burn }: { burn: DashboardBurn | null }) {
  if (!burn) return null;
  return (
    <p className="summary-burn">
      You burn about <strong>{formatKcal(burn.kcalPerDay)}</strong> a day, measured from your last four weeks
      ({burn.confidence} confidence).
      {burn.followedByGoal ? ' Your calorie goal follows it.' : ''}
    </p>
  );
}
