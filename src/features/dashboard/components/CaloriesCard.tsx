import { Link } from 'react-router';
import { CalorieGoalProgress } from '@/components/CalorieGoalProgress';
import type { DashboardBurn, DashboardSummary } from '@/domain/dashboard';
import { useT } from '@/i18n';
import { T } from '@/i18n/T';
import { formatKcal, titleForDay } from '../format';
import { SummaryCard } from './SummaryCard';

/** The day's energy eaten and burned, and what is left of the daily goal. */
export function CaloriesCard({ summary }: { summary: DashboardSummary }) {
  const t = useT();
  const { date, today, caloriesEatenKcal, caloriesBurnedKcal, calorieBalance, counts } = summary;
  const to = date === today ? '/nutrition-log' : `/nutrition-log?date=${date}`;
  const title = titleForDay('calories', date, today);
  const goalLink = calorieBalance ? null : <SetGoalLink />;
  if (counts.meals === 0 && counts.workouts === 0 && !calorieBalance) {
    return (
      <SummaryCard
        id="summary-calories"
        title={title}
        link={{ to, label: t('dashboard.calories.firstMeal') }}
      >
        <p className="empty-note">{t('dashboard.calories.empty')}</p>
        {goalLink}
      </SummaryCard>
    );
  }
  return (
    <SummaryCard id="summary-calories" title={title} link={{ to, label: t('dashboard.calories.link') }}>
      {calorieBalance ? (
        <CalorieGoalProgress id="summary-calorie-progress" balance={calorieBalance}>
          <BurnLine burn={summary.burn} />
        </CalorieGoalProgress>
      ) : (
        <>
          <dl className="stat-list summary-stats">
            <div>
              <dt>{t('dashboard.calories.eaten')}</dt>
              <dd>{formatKcal(caloriesEatenKcal)}</dd>
            </div>
            <div>
              <dt>{t('dashboard.calories.burned')}</dt>
              <dd>{formatKcal(caloriesBurnedKcal)}</dd>
            </div>
          </dl>
          {goalLink}
        </>
      )}
    </SummaryCard>
  );
}

/** Without a goal: the first-day questions, which give one. */
function SetGoalLink() {
  const t = useT();
  return (
    <p className="goal-words">
      {t('dashboard.calories.noGoalYet')} <Link to="/welcome">{t('dashboard.calories.setGoal')}</Link>
    </p>
  );
}

/** What the person burns a day as measured from their log, once it is measured. */
function BurnLine({ burn }: { burn: DashboardBurn | null }) {
  const t = useT();
  if (!burn) return null;
  return (
    <p className="summary-burn">
      <T
        id="dashboard.calories.burn"
        values={{ kcal: formatKcal(burn.kcalPerDay), confidence: burn.confidence }}
        components={{ 0: <strong /> }}
      />
      {burn.followedByGoal ? ` ${t('dashboard.calories.goalFollowsBurn')}` : ''}
    </p>
  );
}
