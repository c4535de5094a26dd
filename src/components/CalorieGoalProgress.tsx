import type { ReactNode } from 'react';
import type { CalorieGoalSource } from '@/domain/goals';
import type { CalorieBalance } from '@/domain/nutrition';
import { useT, type MessageId } from '@/i18n';
import { formatNumber } from '@/i18n/numbers';
import { T } from '@/i18n/T';
import { formatKcal } from '@/lib/format';

const SOURCE_SENTENCE: Readonly<Record<CalorieGoalSource, MessageId>> = {
  own: 'frame.calories.source.own',
  adaptive: 'frame.calories.source.adaptive',
  formula: 'frame.calories.source.formula',
};

export interface CalorieGoalProgressProps {
  id: string;
  balance: CalorieBalance;
  /** More of how the numbers are made (e.g. the measured burn), inside "How is this computed". */
  children?: ReactNode;
}

/**
 * The day's one calorie equation, shown the same way on every page: goal − food (+ exercise, when
 * the person counts it) = remaining; a bar of what is eaten; and, behind one disclosure, where the
 * goal comes from and whether workouts count.
 */
export function CalorieGoalProgress({ id, balance, children }: CalorieGoalProgressProps) {
  const t = useT();
  const over = balance.overKcal > 0;
  const allowance = balance.goalKcal + balance.exerciseKcal;
  return (
    <div className="goal-progress">
      <dl className="calorie-equation" aria-label={t('frame.calories.equation')}>
        <div>
          <dt>{t('frame.calories.goal')}</dt>
          <dd>{formatNumber(balance.goalKcal)}</dd>
        </div>
        <span className="calorie-operator" aria-hidden="true">
          −
        </span>
        <div>
          <dt>{t('frame.calories.food')}</dt>
          <dd>{formatNumber(Math.round(balance.eatenKcal))}</dd>
        </div>
        {balance.countsExercise ? (
          <>
            <span className="calorie-operator" aria-hidden="true">
              +
            </span>
            <div>
              <dt>{t('frame.calories.exercise')}</dt>
              <dd>{formatNumber(balance.exerciseKcal)}</dd>
            </div>
          </>
        ) : null}
        <span className="calorie-operator" aria-hidden="true">
          =
        </span>
        <div className={over ? 'calorie-result is-over' : 'calorie-result'}>
          <dt>{over ? t('frame.calories.overTerm') : t('frame.calories.remainingTerm')}</dt>
          <dd>{formatNumber(over ? balance.overKcal : balance.remainingKcal)}</dd>
        </div>
      </dl>
      <label htmlFor={id} className="calorie-bar-label">
        <T
          id="frame.calories.eaten"
          values={{ eaten: formatKcal(balance.eatenKcal), goal: formatKcal(allowance) }}
          components={{ 0: <strong /> }}
        />
      </label>
      <progress id={id} className={over ? 'over-goal' : undefined} max={1} value={balance.share}>
        {formatNumber(balance.share, { style: 'percent', maximumFractionDigits: 0, useGrouping: false })}
      </progress>
      <p className="goal-words">
        {over
          ? t('frame.calories.over', { kcal: formatKcal(balance.overKcal) })
          : t('frame.calories.remaining', { kcal: formatKcal(balance.remainingKcal) })}
      </p>
      <details className="calorie-how">
        <summary>{t('frame.calories.how')}</summary>
        <p>{t(SOURCE_SENTENCE[balance.source])}</p>
        <p>
          {balance.countsExercise
            ? t('frame.calories.exerciseCounted')
            : t('frame.calories.exerciseNotCounted')}
        </p>
        {children}
      </details>
    </div>
  );
}
