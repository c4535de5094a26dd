import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useFetcher, useNavigate } from 'react-router';
import { FormError } from '@/components/FormError';
import { HeightInput } from '@/components/HeightInput';
import { WeightInput } from '@/components/WeightInput';
import { ACTIVITY_LEVELS } from '@/domain/goals';
import {
  completeOnboarding,
  defaultPace,
  nextStep,
  pacesFor,
  previousStep,
  stepRefusal,
  stepsFor,
  WEIGHT_GOALS,
  type OnboardingAnswers,
  type OnboardingStep,
} from '@/domain/onboarding';
import { formatWeightChange } from '@/domain/units';
import { useT, type MessageId } from '@/i18n';
import { formatNumber } from '@/i18n/numbers';
import { readHeightCm, readNumber, readWeightKg, formText } from '@/lib/formValues';
import { formatKcal } from '@/lib/format';
import { refusalIn } from '@/lib/routeActions';
import type { SettingsActionResult } from '../actionResult';
import { keepOnboardingDraft, type OnboardingDraft } from '../onboardingDraft';

export interface OnboardingFlowProps {
  account: string;
  year: number;
  draft: OnboardingDraft;
}

const QUESTION: Readonly<Record<OnboardingStep, MessageId>> = {
  goal: 'settings.onboarding.goal.question',
  sex: 'settings.onboarding.sex.question',
  birthYear: 'settings.onboarding.birthYear.question',
  height: 'settings.onboarding.height.question',
  weight: 'settings.onboarding.weight.question',
  goalWeight: 'settings.onboarding.goalWeight.question',
  pace: 'settings.onboarding.pace.question',
  activity: 'settings.onboarding.activity.question',
  result: 'settings.onboarding.result.question',
};

const GOAL_LABEL: Readonly<Record<(typeof WEIGHT_GOALS)[number], MessageId>> = {
  lose: 'settings.onboarding.goal.lose',
  keep: 'settings.onboarding.goal.keep',
  gain: 'settings.onboarding.goal.gain',
};

const SEX_LABEL = {
  female: 'settings.body.female',
  male: 'settings.body.male',
  other: 'settings.body.other',
} as const satisfies Record<string, MessageId>;

/**
 * The first day's questions, one a screen: what the person wants, their body, their pace and how
 * active they are, ending with the daily calorie goal these give and what it means. Each answer is
 * kept on the device as it is given, so leaving and coming back resumes; "Skip for now" is always
 * there. Choices move on with one tap; numbers with "Next".
 */
export function OnboardingFlow({ account, year, draft: initial }: OnboardingFlowProps) {
  const t = useT();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);
  const { step, answers } = draft;
  const steps = stepsFor(answers);
  const position = steps.indexOf(step) + 1;

  // Each new question takes the focus, so a screen reader reads it and the keyboard starts there.
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const go = (next: OnboardingDraft) => {
    setDraft(next);
    setError(null);
    keepOnboardingDraft(account, next);
  };
  /** Takes the answer and moves on, or shows why it cannot be taken. */
  const answer = (change: Partial<OnboardingAnswers>) => {
    const changed = { ...answers, ...change };
    if (change.goal !== undefined && change.goal !== answers.goal) {
      changed.weeklyRateKg = defaultPace(change.goal);
    }
    const refusal = stepRefusal(step, changed, year);
    if (refusal !== null) {
      setDraft({ ...draft, answers: changed });
      setError(refusal);
      return;
    }
    go({ ...draft, answers: changed, step: nextStep(step, changed) });
  };
  const back = previousStep(step, answers);
  // The answers so far stay on the device: the questions resume where they were left.
  const skip = () => void navigate('/');

  return (
    <div className="card onboarding">
      <p className="onboarding-progress">
        <label>
          {t('settings.onboarding.progress', { step: position, steps: steps.length })}
          <progress max={steps.length} value={position} />
        </label>
      </p>
      <h2 ref={headingRef} tabIndex={-1} id="onboarding-question">
        {t(QUESTION[step])}
      </h2>
      <StepBody
        step={step}
        answers={answers}
        year={year}
        error={error}
        onAnswer={answer}
        onUnits={go}
        draft={draft}
      />
      <div className="onboarding-actions">
        {back ? (
          <button type="button" className="button-secondary" onClick={() => go({ ...draft, step: back })}>
            {t('settings.onboarding.back')}
          </button>
        ) : null}
        {step === 'result' ? null : (
          <button type="button" className="button-link onboarding-skip" onClick={skip}>
            {t('settings.onboarding.skip')}
          </button>
        )}
      </div>
    </div>
  );
}

interface StepBodyProps {
  step: OnboardingStep;
  answers: OnboardingAnswers;
  draft: OnboardingDraft;
  year: number;
  error: string | null;
  onAnswer: (change: Partial<OnboardingAnswers>) => void;
  onUnits: (draft: OnboardingDraft) => void;
}

function StepBody({ step, answers, draft, year, error, onAnswer, onUnits }: StepBodyProps) {
  const t = useT();
  const metric = answers.units === 'metric';
  switch (step) {
    case 'goal':
      return (
        <Choices
          error={error}
          options={WEIGHT_GOALS.map((goal) => ({
            key: goal,
            label: t(GOAL_LABEL[goal]),
            chosen: answers.goal === goal,
            choose: () => onAnswer({ goal }),
          }))}
        />
      );
    case 'sex':
      return (
        <>
          <p className="field-hint">{t('settings.onboarding.sex.why')}</p>
          <Choices
            error={error}
            options={(['female', 'male', 'other'] as const).map((sex) => ({
              key: sex,
              label: t(SEX_LABEL[sex]),
              chosen: answers.sex === sex,
              choose: () => onAnswer({ sex }),
            }))}
          />
        </>
      );
    case 'birthYear':
      return (
        <NumberStep
          error={error}
          onNext={(form) => onAnswer({ birthYear: readNumber(formText(form, 'birthYear')) })}
        >
          <label htmlFor="onboarding-birth-year">{t('settings.body.birthYear')}</label>
          <input
            id="onboarding-birth-year"
            name="birthYear"
            type="number"
            inputMode="numeric"
            autoComplete="bday-year"
            defaultValue={answers.birthYear ?? ''}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'onboarding-error' : undefined}
            autoFocus
          />
        </NumberStep>
      );
    case 'height':
      return (
        <>
          <NumberStep
            key={answers.units}
            error={error}
            onNext={(form) => onAnswer({ heightCm: readHeightCm(form, metric) ?? Number.NaN })}
          >
            <HeightInput metric={metric} heightCm={answers.heightCm ?? null} autoFocus />
          </NumberStep>
          <UnitsSwitch draft={draft} onUnits={onUnits} />
        </>
      );
    case 'weight':
    case 'goalWeight': {
      const field = step === 'weight' ? 'weightKg' : 'goalWeightKg';
      return (
        <>
          <NumberStep
            key={answers.weightUnit}
            error={error}
            onNext={(form) => onAnswer({ [field]: readWeightKg(form, answers.weightUnit, field) })}
          >
            <WeightInput
              unit={answers.weightUnit}
              name={field}
              label={t(step === 'weight' ? 'settings.onboarding.weight.label' : 'settings.body.goalWeight')}
              defaultKg={answers[field] ?? (step === 'goalWeight' ? answers.weightKg : null)}
              hint={step === 'weight' ? t('settings.onboarding.weight.hint') : undefined}
              autoFocus
            />
          </NumberStep>
          <UnitsSwitch draft={draft} onUnits={onUnits} />
        </>
      );
    }
    case 'pace':
      return (
        <Choices
          error={error}
          options={pacesFor(answers.goal).map((rate) => {
            const amount = formatWeightChange(Math.abs(rate), answers.weightUnit).replace(/^\+/, '');
            const label =
              rate < 0 ? t('settings.body.rateLose', { amount }) : t('settings.body.rateGain', { amount });
            return {
              key: String(rate),
              label:
                rate === defaultPace(answers.goal)
                  ? t('settings.onboarding.pace.suggested', { label })
                  : label,
              chosen: answers.weeklyRateKg === rate,
              choose: () => onAnswer({ weeklyRateKg: rate }),
            };
          })}
        />
      );
    case 'activity':
      return (
        <Choices
          error={error}
          options={ACTIVITY_LEVELS.map((level) => ({
            key: String(level.value),
            label: level.label,
            chosen: answers.activityLevel === level.value,
            choose: () => onAnswer({ activityLevel: level.value }),
          }))}
        />
      );
    case 'result':
      return <OnboardingResult answers={answers} year={year} />;
  }
}

interface Choice {
  key: string;
  label: string;
  chosen: boolean;
  choose: () => void;
}

/** A question answered by one tap on one of its answers. */
function Choices({ options, error }: { options: readonly Choice[]; error: string | null }) {
  return (
    <>
      <ul className="onboarding-choices" aria-labelledby="onboarding-question">
        {options.map((option) => (
          <li key={option.key}>
            <button type="button" aria-pressed={option.chosen} onClick={option.choose}>
              {option.label}
            </button>
          </li>
        ))}
      </ul>
      <StepError error={error} />
    </>
  );
}

/** A question answered by typing a number, then "Next" (or Enter). */
function NumberStep({
  children,
  error,
  onNext,
}: {
  children: ReactNode;
  error: string | null;
  onNext: (form: FormData) => void;
}) {
  const t = useT();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onNext(new FormData(event.currentTarget));
  };
  return (
    <form className="onboarding-number" noValidate onSubmit={submit} aria-labelledby="onboarding-question">
      <div className="form-field">{children}</div>
      <StepError error={error} />
      <button type="submit" className="button-primary">
        {t('settings.onboarding.next')}
      </button>
    </form>
  );
}

function StepError({ error }: { error: string | null }) {
  return error ? (
    <p id="onboarding-error" className="field-error" role="alert">
      {error}
    </p>
  ) : null;
}

/** Metric or imperial, preset from the browser's language and region. */
function UnitsSwitch({
  draft,
  onUnits,
}: {
  draft: OnboardingDraft;
  onUnits: (draft: OnboardingDraft) => void;
}) {
  const t = useT();
  const metric = draft.answers.units === 'metric';
  return (
    <button
      type="button"
      className="button-link"
      onClick={() =>
        onUnits({
          ...draft,
          answers: metric
            ? { ...draft.answers, units: 'imperial', weightUnit: 'lb' }
            : { ...draft.answers, units: 'metric', weightUnit: 'kg' },
        })
      }
    >
      {metric ? t('settings.onboarding.useImperial') : t('settings.onboarding.useMetric')}
    </button>
  );
}

/** The goal the answers give, what it means, and the button that saves it. */
function OnboardingResult({ answers, year }: { answers: OnboardingAnswers; year: number }) {
  const t = useT();
  const fetcher = useFetcher<SettingsActionResult>();
  const done = completeOnboarding(answers, year);
  const refusal = refusalIn(fetcher.data);
  if (!done) return <p>{t('settings.onboarding.errors.incomplete')}</p>;
  const { suggestion, settings } = done;
  const amount = formatWeightChange(Math.abs(settings.weeklyRateKg), settings.weightUnit).replace(/^\+/, '');
  const means: string =
    settings.weeklyRateKg === 0
      ? t('settings.onboarding.result.keep', { maintenance: formatKcal(suggestion.maintenanceKcal) })
      : t(settings.weeklyRateKg < 0 ? 'settings.onboarding.result.lose' : 'settings.onboarding.result.gain', {
          maintenance: formatKcal(suggestion.maintenanceKcal),
          change: formatKcal(Math.abs(suggestion.dailyAdjustmentKcal)),
          amount,
        });
  return (
    <>
      <p className="onboarding-goal">
        <strong>{formatKcal(suggestion.suggestedKcal)}</strong> {t('settings.onboarding.result.perDay')}
      </p>
      <p>{means}</p>
      <p className="field-hint">
        {t('settings.onboarding.result.formula', {
          bmr: formatKcal(suggestion.bmrKcal),
          factor: formatNumber(settings.activityLevel),
        })}
      </p>
      {suggestion.atFloor ? (
        <p className="field-hint">
          {t('settings.onboarding.result.floor', { floor: formatKcal(suggestion.floorKcal) })}
        </p>
      ) : null}
      <p className="field-hint">{t('settings.onboarding.result.later')}</p>
      <FormError>{refusal?.formError}</FormError>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="finish" />
        <input type="hidden" name="answers" value={JSON.stringify(answers)} />
        <button type="submit" className="button-primary" disabled={fetcher.state !== 'idle'}>
          {fetcher.state === 'idle'
            ? t('settings.onboarding.result.save')
            : t('settings.onboarding.result.saving')}
        </button>
      </fetcher.Form>
    </>
  );
}
