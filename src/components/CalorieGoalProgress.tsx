import type { CalorieBalance } from '@/domain/nutrition';
import { useT } from '@/i18n';
import { formatNumber } from '@/i18n/numbers';
import { T } from '@/i18n/T';
import { formatKcal } from '@/lib/format';

/** Energy eaten against the daily goal: in words, as a bar, and what is left or how far over. */
export function CalorieGoalProgress({ id, balance }: { id: string; balance: CalorieBalance }) {
  const t = useT();
  return (
    <div className="goal-progress">
      <label htmlFor={id}>
        <T
          id="frame.calories.eaten"
          values={{ eaten: formatKcal(balance.eatenKcal), goal: formatKcal(balance.goalKcal) }}
          components={{ 0: <strong /> }}
        />
      </label>
      <progress
        id={id}
        className={balance.overKcal > 0 ? 'over-goal' : undefined}
        max={1}
        value={balance.share}
      >
        {formatNumber(balance.share, { style: 'percent', maximumFractionDigits: 0, useGrouping: false })}
      </progress>
      <p className="goal-words">
        {balance.overKcal > 0
          ? t('frame.calories.over', { kcal: formatKcal(balance.overKcal) })
          : t('frame.calories.remaining', { kcal: formatKcal(balance.remainingKcal) })}
      </p>
    </div>
  );
}
