import { format } from 'date-fns';
import { useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { Tooltip } from '@/components/Tooltip';
import {
  CONFIDENCE_SENTENCES,
  type AdaptiveCalorieGoal,
  type ExpenditureWithGoal,
} from '@/domain/expenditure';
import { KCAL_PER_KG } from '@/domain/weight';
import { errorSentence } from '@/lib/errors';
import { loadOrLastLoaded } from '@/lib/offline/lastLoaded';
import { formatKcal } from '@/lib/format';
import { dayToDate } from '@/lib/days';
import type { NutritionActionResult } from '../actionResult';
import { loadEnergyExpenditure } from '../api';

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
      <h2 id="expenditure-heading">What you burn</h2>
      {loaded.kind === 'loading' ? <p className="empty-note">Measuring…</p> : null}
      {loaded.kind === 'failed' ? <p role="alert">{loaded.message}</p> : null}
      {loaded.kind === 'done' ? <Expenditure key={loaded.load} expenditure={loaded.expenditure} /> : null}
    </section>
  );
}

function Expenditure({ expenditure }: { expenditure: ExpenditureWithGoal }) {
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
        <strong>{formatKcal(kcalPerDay)}</strong> a day{' '}
        <Tooltip
          label="How this is worked out"
          content={`${formatKcal(meanIntakeKcal ?? 0)} eaten a day on the days logged, ${stored > 0 ? 'minus' : 'plus'} ${formatKcal(Math.abs(stored))} a day the trend weight says was ${stored > 0 ? 'stored' : 'drawn from your body'} (${Math.abs(weeklyChangeKg ?? 0).toFixed(2)} kg a week × ${formatKcal(KCAL_PER_KG)} per kg ÷ 7 days).`}
        />
      </p>
      <p>{explanation}</p>
      <p className={`expenditure-confidence confidence-${confidence}`}>{CONFIDENCE_SENTENCES[confidence]}</p>
      {formulaKcalPerDay !== null ? (
        <p className="stat-note">
          Your body data and activity level predict {formatKcal(formulaKcalPerDay)} a day.
        </p>
      ) : null}
      <GoalToggle goal={expenditure.calorieGoal} />
    </>
  );
}

const longDay = (day: string) => format(dayToDate(day), 'd MMMM yyyy');

/** What following the measurement does to the goal, as it stands. */
function goalSentence(goal: AdaptiveCalorieGoal): string {
  if (!goal.on) {
    return goal.kcal === null
      ? ''
      : `Your daily goal would be ${formatKcal(goal.kcal)}: what you burn, less what your weekly rate takes off, never below a safe minimum. It is set again each week.`;
  }
  const goalNow =
    goal.dailyCalorieGoal === null ? 'Your daily goal' : `Your goal of ${formatKcal(goal.dailyCalorieGoal)}`;
  const setOn = goal.setOn === null ? '' : `, last set on ${longDay(goal.setOn)}`;
  const unmeasured = goal.kcal === null ? ' Until what you burn is measured again, it stays as it is.' : '';
  return `${goalNow} follows what you burn${setOn}, and is set again each week.${unmeasured} Setting a goal yourself stops this.`;
}

/**
 * "Use it for my calorie goal": the goal follows the measurement from now on, set again each
 * week; turned off, the last goal stays. The page's goal updates as the action's answer arrives.
 */
function GoalToggle({ goal: loaded }: { goal: AdaptiveCalorieGoal }) {
  // Unkeyed: each new measurement mounts a new toggle, whose state starts from it.
  const fetcher = useFetcher<NutritionActionResult>();
  const hintId = useId();
  const goal = fetcher.data?.adaptiveGoal ?? loaded;
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
        Use it for my calorie goal
      </label>
      <p id={hintId} className="field-hint">
        {goalSentence(goal)}
      </p>
      {fetcher.data?.formError ? (
        <p role="alert" className="form-error">
          {fetcher.data.formError}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
