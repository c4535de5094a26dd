import { lazy, Suspense } from 'react';
import { CalorieGoalProgress } from '@/components/CalorieGoalProgress';
import { calorieBalance, macroShares, type Nutrients } from '@/domain/nutrition';
import { formatGrams, formatKcal } from '@/lib/format';

const MacroChart = lazy(() => import('./MacroChart'));

export interface DailyTotalsProps {
  totals: Nutrients;
  calorieGoal: number | null;
  onChangeGoal: () => void;
}

/** The day's energy against the goal, in words and a bar, and the macros in grams and shares. */
export function DailyTotals({ totals, calorieGoal, onChangeGoal }: DailyTotalsProps) {
  const shares = macroShares(totals);
  const balance = calorieGoal === null ? null : calorieBalance(totals.caloriesKcal, calorieGoal);
  return (
    <section className="card nutrition-totals" aria-labelledby="totals-heading">
      <div className="card-header">
        <h2 id="totals-heading">Day totals</h2>
        <button type="button" className="button-secondary" onClick={onChangeGoal}>
          {calorieGoal === null ? 'Set a calorie goal' : 'Change goal'}
        </button>
      </div>
      {balance ? (
        <CalorieGoalProgress id="calorie-progress" balance={balance} />
      ) : (
        <p className="goal-words">
          <strong>{formatKcal(totals.caloriesKcal)}</strong> eaten. Set a daily calorie goal to see what is
          left.
        </p>
      )}
      <dl className="stat-list macro-list">
        <div>
          <dt>Protein</dt>
          <dd>
            {formatGrams(totals.proteinG)}
            {shares ? <span className="stat-note"> · {shares.protein}% of energy</span> : null}
          </dd>
        </div>
        <div>
          <dt>Carbs</dt>
          <dd>
            {formatGrams(totals.carbsG)}
            {shares ? <span className="stat-note"> · {shares.carbs}% of energy</span> : null}
          </dd>
        </div>
        <div>
          <dt>Fat</dt>
          <dd>
            {formatGrams(totals.fatG)}
            {shares ? <span className="stat-note"> · {shares.fat}% of energy</span> : null}
          </dd>
        </div>
      </dl>
      {shares ? (
        <Suspense fallback={<div className="chart-placeholder" aria-hidden="true" />}>
          <MacroChart totals={totals} />
        </Suspense>
      ) : (
        <p className="empty-note">Log a meal with protein, carbs or fat to see how your energy splits.</p>
      )}
    </section>
  );
}
