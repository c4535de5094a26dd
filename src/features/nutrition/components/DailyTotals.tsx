import { lazy, Suspense } from 'react';
import { CalorieGoalProgress } from '@/components/CalorieGoalProgress';
import type { DailyCalorieGoal } from '@/domain/goals';
import {
  calorieBalance,
  EXTRA_NUTRIENTS,
  macroShares,
  type DayExtras,
  type ExtraNutrient,
  type Nutrients,
} from '@/domain/nutrition';
import type { MessageId } from '@/i18n';
import { useT } from '@/i18n';
import { T } from '@/i18n/T';
import { formatGrams, formatKcal } from '@/lib/format';

const MacroChart = lazy(() => import('./MacroChart'));

export interface DailyTotalsProps {
  totals: Nutrients;
  /** Fibre, sugars, saturated fat and salt, and how many of the day's `entries` do not say. */
  extras: DayExtras;
  entries: number;
  /** The one daily goal, as the start page shows it; null while there is none. */
  goal: DailyCalorieGoal | null;
  /** Energy of the day's workouts, added to what may be eaten when `countsExercise`. */
  workoutsKcal: number;
  countsExercise: boolean;
  onChangeGoal: () => void;
}

/** The day's energy against the goal, in words and a bar, and the macros in grams and shares. */
export function DailyTotals({
  totals,
  extras,
  entries,
  goal,
  workoutsKcal,
  countsExercise,
  onChangeGoal,
}: DailyTotalsProps) {
  const t = useT();
  const shares = macroShares(totals);
  const balance =
    goal === null ? null : calorieBalance(totals.caloriesKcal, goal, workoutsKcal, countsExercise);
  return (
    <section className="card nutrition-totals" aria-labelledby="totals-heading">
      <div className="card-header">
        <h2 id="totals-heading">{t('nutrition.totals.title')}</h2>
        <button type="button" className="button-secondary" onClick={onChangeGoal}>
          {goal?.source === 'own' ? t('nutrition.totals.changeGoal') : t('nutrition.totals.setGoal')}
        </button>
      </div>
      {balance ? (
        <CalorieGoalProgress id="calorie-progress" balance={balance} />
      ) : (
        <p className="goal-words">
          <T
            id="nutrition.totals.eatenNoGoal"
            values={{ kcal: formatKcal(totals.caloriesKcal) }}
            components={{ 0: <strong /> }}
          />
        </p>
      )}
      <dl className="stat-list macro-list">
        <div>
          <dt>{t('nutrition.macros.protein')}</dt>
          <dd>
            {formatGrams(totals.proteinG)}
            {shares ? (
              <span className="stat-note"> · {t('nutrition.totals.share', { share: shares.protein })}</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('nutrition.macros.carbs')}</dt>
          <dd>
            {formatGrams(totals.carbsG)}
            {shares ? (
              <span className="stat-note"> · {t('nutrition.totals.share', { share: shares.carbs })}</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('nutrition.macros.fat')}</dt>
          <dd>
            {formatGrams(totals.fatG)}
            {shares ? (
              <span className="stat-note"> · {t('nutrition.totals.share', { share: shares.fat })}</span>
            ) : null}
          </dd>
        </div>
      </dl>
      {shares ? (
        <Suspense fallback={<div className="chart-placeholder" aria-hidden="true" />}>
          <MacroChart totals={totals} />
        </Suspense>
      ) : (
        <p className="empty-note">{t('nutrition.totals.noMacros')}</p>
      )}
      {entries > 0 ? <ExtraTotals extras={extras} entries={entries} /> : null}
    </section>
  );
}

const EXTRA_LABELS: Readonly<Record<ExtraNutrient, MessageId>> = {
  fibre: 'nutrition.extras.fibre',
  sugars: 'nutrition.extras.sugars',
  saturatedFat: 'nutrition.extras.saturatedFat',
  salt: 'nutrition.extras.salt',
};

/** The extra nutrients as far as the day's entries know them, saying for how many they are not known. */
function ExtraTotals({ extras, entries }: { extras: DayExtras; entries: number }) {
  const t = useT();
  return (
    <>
      <h3 className="extras-heading">{t('nutrition.extras.title')}</h3>
      <dl className="stat-list extras-list">
        {EXTRA_NUTRIENTS.map((nutrient) => {
          const { grams, unknown } = extras[nutrient];
          return (
            <div key={nutrient}>
              <dt>{t(EXTRA_LABELS[nutrient])}</dt>
              <dd>
                {unknown === entries ? (
                  t('nutrition.extras.notKnown')
                ) : (
                  <>
                    {formatGrams(grams)}
                    {unknown > 0 ? (
                      <span className="stat-note">
                        {' '}
                        · {t('nutrition.extras.unknownFor', { count: unknown })}
                      </span>
                    ) : null}
                  </>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </>
  );
}
