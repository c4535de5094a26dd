import { FieldError } from '@/components/FieldError';
import { invalidProps } from '@/components/invalidProps';
import { useId, useRef, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { FormField } from '@/components/FormField';
import { HeightInput } from '@/components/HeightInput';
import { Tooltip } from '@/components/Tooltip';
import { WeightInput } from '@/components/WeightInput';
import {
  ACTIVITY_LEVELS,
  bodyDataOf,
  dailyCalorieGoal,
  suggestCalorieGoal,
  WEEKLY_RATES_KG,
  type CalorieSuggestion,
  type Sex,
} from '@/domain/goals';
import { formatWeightChange } from '@/domain/units';
import { currentLanguage, useT, type MessageId } from '@/i18n';
import { formatNumber } from '@/i18n/numbers';
import { T } from '@/i18n/T';
import { formText, readHeightCm, readNumber } from '@/lib/formValues';
import type { SettingsActionResult } from '../actionResult';
import type { MySettings } from '../types';
import { SaveButton, SettingsSection } from './SettingsSection';
import { settingsRules } from '@/domain/contract';
import { inputLimits } from '@/domain/fieldRules';
import { refusalIn } from '@/lib/routeActions';
import { formatKcal } from '@/lib/format';

export interface BodyGoalsFormProps {
  settings: MySettings;
  /** The person's trend weight, for the suggestion; null before the first weigh-in. */
  currentWeightKg: number | null;
  year: number;
}

const SEX_CHOICES: readonly { value: Sex; label: MessageId }[] = [
  { value: 'female', label: 'settings.body.female' },
  { value: 'male', label: 'settings.body.male' },
  { value: 'other', label: 'settings.body.other' },
];

const isSex = (value: string): value is Sex => value === 'female' || value === 'male' || value === 'other';

/** The suggestion for what the form holds now, or the messages naming what is still missing for one. */
function suggestionFor(
  form: HTMLFormElement | null,
  settings: MySettings,
  currentWeightKg: number | null,
  year: number,
): CalorieSuggestion | readonly MessageId[] {
  const data = form ? new FormData(form) : null;
  const sex = data ? formText(data, 'sex') : (settings.sex ?? '');
  const birthYear = data ? readNumber(formText(data, 'birthYear')) : (settings.birthYear ?? Number.NaN);
  const heightCm = data ? readHeightCm(data, settings.weightUnit === 'kg') : settings.heightCm;
  const activityLevel = data
    ? readNumber(formText(data, 'activityLevel'))
    : (settings.activityLevel ?? Number.NaN);
  const rateText = data ? formText(data, 'weeklyRateKg') : String(settings.weeklyRateKg ?? '');
  const missing = [
    currentWeightKg === null ? 'settings.body.missingWeighIn' : null,
    heightCm === null || !Number.isFinite(heightCm) ? 'settings.body.missingHeight' : null,
    Number.isFinite(birthYear) ? null : 'settings.body.missingBirthYear',
    isSex(sex) ? null : 'settings.body.missingSex',
    Number.isFinite(activityLevel) ? null : 'settings.body.missingActivityLevel',
  ].filter((item): item is MessageId => item !== null);
  if (missing.length > 0 || currentWeightKg === null || heightCm === null || !isSex(sex)) return missing;
  return suggestCalorieGoal(
    {
      sex,
      birthYear,
      heightCm,
      weightKg: currentWeightKg,
      activityLevel,
      weeklyRateKg: rateText === '' ? 0 : readNumber(rateText),
    },
    year,
  );
}

/** Body data and goals; suggests a calorie goal and shows its arithmetic, which the person may override. */
export function BodyGoalsForm({ settings, currentWeightKg, year }: BodyGoalsFormProps) {
  const t = useT();
  const fetcher = useFetcher<SettingsActionResult>();
  const errors = refusalIn(fetcher.data)?.fieldErrors ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  const goalRef = useRef<HTMLInputElement>(null);
  const [suggestion, setSuggestion] = useState(() => suggestionFor(null, settings, currentWeightKg, year));
  const sexId = useId();
  const activityId = useId();
  const rateId = useId();
  const unit = settings.weightUnit;
  const rateLabel = (rate: number) => {
    const amount = formatWeightChange(Math.abs(rate), unit).replace(/^\+/, '');
    return rate < 0 ? t('settings.body.rateLose', { amount }) : t('settings.body.rateGain', { amount });
  };
  const refresh = () => setSuggestion(suggestionFor(formRef.current, settings, currentWeightKg, year));

  return (
    <SettingsSection id="body" title={t('settings.body.title')} result={fetcher.data}>
      <fetcher.Form method="post" noValidate ref={formRef} onChange={refresh}>
        <input type="hidden" name="intent" value="body" />
        <div className="form-row">
          <HeightInput metric={unit === 'kg'} heightCm={settings.heightCm} error={errors.height} />
          <FormField
            label={t('settings.body.birthYear')}
            name="birthYear"
            type="number"
            inputMode="numeric"
            min={year - 120}
            max={year - 13}
            defaultValue={settings.birthYear ?? ''}
            error={errors.birthYear}
          />
          <div className="form-field">
            <label htmlFor={sexId}>{t('settings.body.sex')}</label>
            <select
              id={sexId}
              name="sex"
              defaultValue={settings.sex ?? ''}
              {...invalidProps(`${sexId}-error`, errors.sex)}
            >
              <option value="">{t('settings.body.notSet')}</option>
              {SEX_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {t(choice.label)}
                </option>
              ))}
            </select>
            <FieldError id={`${sexId}-error`}>{errors.sex}</FieldError>
          </div>
        </div>
        <div className="form-field">
          <label htmlFor={activityId}>{t('settings.body.activityLevel')}</label>
          <select
            id={activityId}
            name="activityLevel"
            defaultValue={settings.activityLevel === null ? '' : String(settings.activityLevel)}
            {...invalidProps(`${activityId}-error`, errors.activityLevel)}
          >
            <option value="">{t('settings.body.notSet')}</option>
            {ACTIVITY_LEVELS.map((level) => (
              <option key={level.value} value={level.value}>
                {t('settings.body.activityLevelOption', {
                  label: level.label,
                  factor: formatNumber(level.value),
                })}
              </option>
            ))}
          </select>
          <FieldError id={`${activityId}-error`}>{errors.activityLevel}</FieldError>
        </div>
        <div className="form-row">
          <WeightInput
            unit={unit}
            name="goal"
            label={t('settings.body.goalWeight')}
            defaultKg={settings.goalWeightKg}
            error={errors.goal}
            hint={t('settings.body.goalWeightHint')}
          />
          <div className="form-field">
            <label htmlFor={rateId}>{t('settings.body.weeklyRate')}</label>
            <select
              id={rateId}
              name="weeklyRateKg"
              defaultValue={settings.weeklyRateKg === null ? '' : String(settings.weeklyRateKg)}
              {...invalidProps(`${rateId}-error`, errors.weeklyRateKg)}
            >
              <option value="">{t('settings.body.notSet')}</option>
              {WEEKLY_RATES_KG.map((rate) => (
                <option key={rate} value={rate}>
                  {rate === 0 ? t('settings.body.rateKeep') : rateLabel(rate)}
                </option>
              ))}
            </select>
            <FieldError id={`${rateId}-error`}>{errors.weeklyRateKg}</FieldError>
          </div>
        </div>
        <div className="calorie-goal">
          <CurrentGoal settings={settings} currentWeightKg={currentWeightKg} year={year} />
          <FormField
            ref={goalRef}
            label={t('settings.body.dailyCalorieGoal')}
            name="dailyCalorieGoal"
            type="number"
            inputMode="numeric"
            {...inputLimits(settingsRules.dailyCalorieGoal)}
            step={1}
            defaultValue={settings.dailyCalorieGoal ?? ''}
            hint={settings.adaptiveCalorieGoal ? t('settings.body.adaptiveHint') : undefined}
            error={errors.dailyCalorieGoal}
          />
          <SuggestionNote
            suggestion={suggestion}
            onUse={(kcal) => {
              if (goalRef.current) goalRef.current.value = String(kcal);
            }}
          />
        </div>
        <div className="form-field">
          <label className="check-option">
            <input
              type="checkbox"
              name="countExerciseCalories"
              defaultChecked={settings.countExerciseCalories}
              aria-describedby="count-exercise-hint"
            />
            {t('settings.body.countExercise')}
          </label>
          <p id="count-exercise-hint" className="field-hint">
            {t('settings.body.countExerciseHint')}
          </p>
        </div>
        <FormField
          label={t('settings.body.activeMinutes')}
          name="weeklyActiveMinutesGoal"
          type="number"
          inputMode="numeric"
          {...inputLimits(settingsRules.weeklyActiveMinutesGoal)}
          step={1}
          defaultValue={settings.weeklyActiveMinutesGoal}
          hint={t('settings.body.activeMinutesHint')}
          error={errors.weeklyActiveMinutesGoal}
        />
        <SaveButton busy={fetcher.state !== 'idle'} label={t('settings.body.save')} />
      </fetcher.Form>
      <p>
        <Link to="/welcome">{t('settings.body.setUp')}</Link>
      </p>
    </SettingsSection>
  );
}

const GOAL_SOURCE_WORDS = {
  own: 'settings.body.currentGoalOwn',
  adaptive: 'settings.body.currentGoalAdaptive',
  formula: 'settings.body.currentGoalFormula',
} as const satisfies Record<string, MessageId>;

/** The daily goal every page counts with now, as saved: the same number the start page shows. */
function CurrentGoal({ settings, currentWeightKg, year }: BodyGoalsFormProps) {
  const t = useT();
  const goal = dailyCalorieGoal(
    settings.dailyCalorieGoal,
    settings.adaptiveCalorieGoal,
    bodyDataOf(settings, currentWeightKg),
    year,
  );
  if (!goal) return null;
  return (
    <p className="current-goal" id="current-calorie-goal">
      <T
        id="settings.body.currentGoal"
        values={{ kcal: formatKcal(goal.kcal) }}
        components={{ 0: <strong /> }}
      />{' '}
      — {t(GOAL_SOURCE_WORDS[goal.source])}
    </p>
  );
}

function SuggestionNote({
  suggestion,
  onUse,
}: {
  suggestion: CalorieSuggestion | readonly MessageId[];
  onUse: (kcal: number) => void;
}) {
  const t = useT();
  if (!('suggestedKcal' in suggestion)) {
    // What is missing as a list ("a, b, c"), in the shown language's way of listing.
    const list = new Intl.ListFormat(currentLanguage(), { type: 'unit', style: 'short' }).format(
      suggestion.map((id) => t(id)),
    );
    return <p className="field-hint suggestion">{t('settings.body.missing', { list })}</p>;
  }
  const adjustment = suggestion.dailyAdjustmentKcal;
  const values = {
    sign: adjustment > 0 ? '+' : '−',
    kcal: Math.abs(adjustment),
    floor: suggestion.floorKcal,
    suggested: suggestion.suggestedKcal,
  };
  const outcome: MessageId =
    adjustment === 0
      ? suggestion.atFloor
        ? 'settings.body.noChangeBelowFloor'
        : 'settings.body.noChangeRounded'
      : suggestion.atFloor
        ? 'settings.body.changeBelowFloor'
        : 'settings.body.changeRounded';
  const arithmetic = (
    <>
      {t('settings.body.arithmetic', {
        age: suggestion.age,
        bmr: suggestion.bmrKcal,
        maintenance: suggestion.maintenanceKcal,
      })}{' '}
      {t(outcome, values)}
    </>
  );
  return (
    <p className="field-hint suggestion">
      <T
        id="settings.body.suggested"
        values={{ kcal: suggestion.suggestedKcal }}
        components={{ 0: <strong /> }}
      />{' '}
      <Tooltip label={t('settings.body.suggestionHow')} content={arithmetic} />{' '}
      <button type="button" className="button-secondary" onClick={() => onUse(suggestion.suggestedKcal)}>
        {t('settings.body.useSuggestion', { kcal: suggestion.suggestedKcal })}
      </button>
    </p>
  );
}
