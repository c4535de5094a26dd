import type { CalorieBalance } from '@/domain/nutrition';
import { formatKcal } from '@/lib/format';

/** Energy eaten against the daily goal: in words, as a bar, and what is left or how far over. */
export function CalorieGoalProgress({ id, balance }: { id: string; balance: CalorieBalance }) {
  return (
    <div className="goal-progress">
      <label htmlFor={id}>
        <strong>{formatKcal(balance.eatenKcal)}</strong> eaten of {formatKcal(balance.goalKcal)}
      </label>
      <progress
        id={id}
        className={balance.overKcal > 0 ? 'over-goal' : undefined}
        max={1}
        value={balance.share}
      >
        {Math.round(balance.share * 100)}%
      </progress>
      <p className="goal-words">
        {balance.overKcal > 0
          ? `${formatKcal(balance.overKcal)} over your daily goal.`
          : `${formatKcal(balance.remainingKcal)} remaining.`}
      </p>
    </div>
  );
}
