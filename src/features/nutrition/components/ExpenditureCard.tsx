import { useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { Tooltip } from '@/components/Tooltip';
import {
  CONFIDENCE_SENTENCES,
  type AdaptiveCalorieGoal,
  type ExpenditureWithGoal,
} from '@/domain/expenditure';
import { KCAL_PER_KG } from '@/domain/weight';
import { t, useT } from '@/i18n';
import { formatNumber } from '@/i18n/numbers';
import { T } from '@/i18n/T';
import { formatDate } from '@/i18n/dates';
import { errorSentence } from '@/lib/errors';
import { loadOrLastLoaded } from '@/lib/offline/lastLoaded';
import { formatKcal } from '@/lib/format';
import { dayToDate } from '@/lib/days';
import type { NutritionActionResult } from '../actionResult';
import { loadEnergyExpenditure } from '../api';
import { FormError } from '@/components/FormError';
import { refusalIn } from '@/lib/routeActions';

type Loaded =
  | { kind: 'loading' }
  | { kind: 'done'; expenditure: ExpenditureWithGoal; load: number }
  | { kind: 'failed'; message: string };

/** The energy expenditure, kept on the device like the pages, so it shows offline too. */
const loadFromServerOrDevice = () =>
  loadOrLastLoaded('nutrition:expenditure', loadEnergyExpenditure).then((loaded) => loaded.data);

/**
 * What the person really burns a day, measured from four weeks of their log and trend weight,
 * with how sure it is and the arithmetic behind it; until the log is enough, what is missing.
 * Measured again when the page's calorie goal changes (a goal set elsewhere on the page may end
 * its following the measurement), showing the last answer meanwhile.
 */
export function ExpenditureCard({
  load = loadFromServerOrDevice,
  calorieGoal = null,
}: {
  load?: () => Promise<ExpenditureWithGoal>;
  calorieGoal?: number | null;
}) {
  const t = useT();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const loads = useRef(0);
  useEffect(() => {
    let current = true;
    const number = ++loads.current;
    load().then(
      (expenditure) => current && setLoaded({ kind: 'done', expenditure, load: number }),
      (failure: unknown) => current && setLoaded({ kind: 'failed', message: errorSentence(failure) }),
    );
    return () => {
      current = false;
    };
  }, [load, calorieGoal]);

  return (
    <section className="card nutrition-expenditure" aria-labelledby="expenditure-heading">
      <h2 id="expenditure-heading">{t('nutrition.expenditure.title')}</h2>
      {loaded.kind === 'loading' ? (
        <p className="empty-note">{t('nutrition.expenditure.measuring')}</p>
      ) : null}
      {loaded.kind === 'failed' ? <p role="alert">{loaded.message}</p> : null}
      {loaded.kind === 'done' ? <Expenditure key={loaded.load} expenditure={loaded.expenditure} /> : null}
    </section>
  );
}

function Expenditure({ expenditure }: { expenditure: ExpenditureWithGoal }) {
  const t = useT();
  const { kcalPerDay, formulaKcalPerDay, confidence, meanIntakeKcal, weeklyChangeKg, explanation } =
    expenditure;
  if (kcalPerDay === null || confidence === null) {
    return (
      <>
        <p className="empty-note">{explanation}</p>
        {expenditure.calorieGoal.on ? <GoalToggle goal={expenditure.calorieGoal} /> : null}
      </>
    );
  }
  const stored = Math.round(((weeklyChangeKg ?? 0) * KCAL_PER_KG) / 7);
  return (
    <>
      <p className="expenditure-value">
        <T
          id="nutrition.expenditure.perDay"
          values={{ kcal: formatKcal(kcalPerDay) }}
          components={{ 0: <strong /> }}
        />{' '}
        <Tooltip
          label={t('nutrition.expenditure.howLabel')}
          content={t(stored > 0 ? 'nutrition.expenditure.howStored' : 'nutrition.expenditure.howDrawn', {
            eaten: formatKcal(meanIntakeKcal ?? 0),
            stored: formatKcal(Math.abs(stored)),
            weekly: formatNumber(Math.abs(weeklyChangeKg ?? 0), {
              minimumFractionDigits: 2,
              maximumFractionDigits: 2,
            }),
            perKg: formatKcal(KCAL_PER_KG),
          })}
        />
      </p>
      <p>{explanation}</p>
      <p className={`expenditure-confidence confidence-${confidence}`}>{CONFIDENCE_SENTENCES[confidence]}</p>
      {formulaKcalPerDay !== null ? (
        <p className="stat-note">
          {t('nutrition.expenditure.formula', { kcal: formatKcal(formulaKcalPerDay) })}
        </p>
      ) : null}
      <GoalToggle goal={expenditure.calorieGoal} />
    </>
  );
}

const longDay = (day: string) => formatDate(dayToDate(day), t('nutrition.dates.long'));

/** The first sentence about a goal that follows the measurement: which goal, and since when. */
function followingSentence(goal: AdaptiveCalorieGoal): string {
  const kcal = goal.dailyCalorieGoal === null ? null : formatKcal(goal.dailyCalorieGoal);
  if (goal.setOn === null) {
    return kcal === null
      ? t('nutrition.expenditure.following')
      : t('nutrition.expenditure.followingGoal', { kcal });
  }
  const date = longDay(goal.setOn);
  return kcal === null
    ? t('nutrition.expenditure.followingSince', { date })
    : t('nutrition.expenditure.followingGoalSince', { kcal, date });
}

/** What following the measurement does to the goal, as it stands. */
function goalSentence(goal: AdaptiveCalorieGoal): string {
  if (!goal.on) {
    return goal.kcal === null ? '' : t('nutrition.expenditure.wouldBe', { kcal: formatKcal(goal.kcal) });
  }
  return [
    followingSentence(goal),
    goal.kcal === null ? t('nutrition.expenditure.untilMeasured') : null,
    t('nutrition.expenditure.stopsWhenSet'),
  ]
    .filter((sentence) => sentence !== null)
    .join(' ');
}

/**
 * "Use it for my calorie goal": the goal follows the measurement from now on, set again each
 * week; turned off, the last goal stays. The page's goal updates as the action's answer arrives.
 */
function GoalToggle({ goal: loaded }: { goal: AdaptiveCalorieGoal }) {
  const t = useT();
  // Unkeyed: each new measurement mounts a new toggle, whose state starts from it.
  const fetcher = useFetcher<NutritionActionResult>();
  const hintId = useId();
  const goal = fetcher.data?.kind === 'adaptiveGoal' ? fetcher.data.goal : loaded;
  const asking = fetcher.formData?.get('on');
  const checked = asking === undefined ? goal.on : asking === 'true';
  return (
    <fetcher.Form method="post" className="expenditure-goal">
      <input type="hidden" name="intent" value="adaptiveGoal" />
      <label className="check-option">
        <input
          type="checkbox"
          checked={checked}
          disabled={fetcher.state !== 'idle'}
          aria-describedby={hintId}
          onChange={(event) =>
            void fetcher.submit(
              { intent: 'adaptiveGoal', on: String(event.currentTarget.checked) },
              { method: 'post' },
            )
          }
        />
        {t('nutrition.expenditure.useForGoal')}
      </label>
      <p id={hintId} className="field-hint">
        {goalSentence(goal)}
      </p>
      <FormError>{refusalIn(fetcher.data)?.formError}</FormError>
    </fetcher.Form>
  );
}
