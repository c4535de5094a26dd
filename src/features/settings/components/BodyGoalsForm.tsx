import { useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { FormField } from '@/components/FormField';
import { HeightInput } from '@/components/HeightInput';
import { Tooltip } from '@/components/Tooltip';
import { WeightInput } from '@/components/WeightInput';
import {
  ACTIVITY_LEVELS,
  suggestCalorieGoal,
  WEEKLY_RATES_KG,
  type CalorieSuggestion,
  type Sex,
} from '@/domain/goals';
import { formatWeightChange } from '@/domain/units';
import { formText, readHeightCm, readNumber } from '@/lib/formValues';
import type { SettingsActionResult } from '../actionResult';
import type { MySettings } from '../types';
import { SaveButton, SettingsSection } from './SettingsSection';

export interface BodyGoalsFormProps {
  settings: MySettings;
  /** The person's trend weight, for the suggestion; null before the first weigh-in. */
  currentWeightKg: number | null;
  year: number;
}

const SEX_CHOICES = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'other', label: 'Other' },
] as const;

const isSex = (value: string): value is Sex => value === 'female' || value === 'male' || value === 'other';

/** The suggestion for what the form holds now, or what is still missing for one. */
function suggestionFor(
  form: HTMLFormElement | null,
  settings: MySettings,
  currentWeightKg: number | null,
  year: number,
): CalorieSuggestion | string {
  const data = form ? new FormData(form) : null;
  const sex = data ? formText(data, 'sex') : (settings.sex ?? '');
  const birthYear = data ? readNumber(formText(data, 'birthYear')) : (settings.birthYear ?? Number.NaN);
  const heightCm = data ? readHeightCm(data, settings.weightUnit === 'kg') : settings.heightCm;
  const activityLevel = data
    ? readNumber(formText(data, 'activityLevel'))
    : (settings.activityLevel ?? Number.NaN);
  const rateText = data ? formText(data, 'weeklyRateKg') : String(settings.weeklyRateKg ?? '');
  const missing = [
    currentWeightKg === null ? 'a weigh-in' : null,
    heightCm === null || !Number.isFinite(heightCm) ? 'your height' : null,
    Number.isFinite(birthYear) ? null : 'your year of birth',
    isSex(sex) ? null : 'your sex',
    Number.isFinite(activityLevel) ? null : 'your activity level',
  ].filter((item): item is string => item !== null);
  if (missing.length > 0 || currentWeightKg === null || heightCm === null || !isSex(sex)) {
    return `For a suggestion, add ${missing.join(', ')}.`;
  }
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
  const fetcher = useFetcher<SettingsActionResult>();
  const errors = fetcher.data?.fieldErrors ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  const goalRef = useRef<HTMLInputElement>(null);
  const [suggestion, setSuggestion] = useState(() => suggestionFor(null, settings, currentWeightKg, year));
  const sexId = useId();
  const activityId = useId();
  const rateId = useId();
  const unit = settings.weightUnit;
  const refresh = () => setSuggestion(suggestionFor(formRef.current, settings, currentWeightKg, year));

  return (
    <SettingsSection id="body" title="Body and goals" result={fetcher.data}>
      <fetcher.Form method="post" noValidate ref={formRef} onChange={refresh}>
        <input type="hidden" name="intent" value="body" />
        <div className="form-row">
          <HeightInput metric={unit === 'kg'} heightCm={settings.heightCm} error={errors.height} />
          <FormField
            label="Year of birth"
            name="birthYear"
            type="number"
            inputMode="numeric"
            min={year - 120}
            max={year - 13}
            defaultValue={settings.birthYear ?? ''}
            error={errors.birthYear}
          />
          <div className="form-field">
            <label htmlFor={sexId}>Sex</label>
            <select id={sexId} name="sex" defaultValue={settings.sex ?? ''}>
              <option value="">Not set</option>
              {SEX_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
            {errors.sex ? <p className="field-error">{errors.sex}</p> : null}
          </div>
        </div>
        <div className="form-field">
          <label htmlFor={activityId}>Activity level</label>
          <select
            id={activityId}
            name="activityLevel"
            defaultValue={settings.activityLevel === null ? '' : String(settings.activityLevel)}
          >
            <option value="">Not set</option>
            {ACTIVITY_LEVELS.map((level) => (
              <option key={level.value} value={level.value}>
                {level.label} (× {level.value})
              </option>
            ))}
          </select>
          {errors.activityLevel ? <p className="field-error">{errors.activityLevel}</p> : null}
        </div>
        <div className="form-row">
          <WeightInput
            unit={unit}
            name="goal"
            label="Goal weight"
            defaultKg={settings.goalWeightKg}
            error={errors.goal}
            hint="Leave empty for no goal."
          />
          <div className="form-field">
            <label htmlFor={rateId}>Weekly rate</label>
            <select
              id={rateId}
              name="weeklyRateKg"
              defaultValue={settings.weeklyRateKg === null ? '' : String(settings.weeklyRateKg)}
            >
              <option value="">Not set</option>
              {WEEKLY_RATES_KG.map((rate) => (
                <option key={rate} value={rate}>
                  {rate === 0
                    ? 'Keep my weight'
                    : `${rate < 0 ? 'Lose' : 'Gain'} ${formatWeightChange(Math.abs(rate), unit).replace(/^\+/, '')} a week`}
                </option>
              ))}
            </select>
            {errors.weeklyRateKg ? <p className="field-error">{errors.weeklyRateKg}</p> : null}
          </div>
        </div>
        <div className="calorie-goal">
          <FormField
            ref={goalRef}
            label="Daily calorie goal (kcal)"
            name="dailyCalorieGoal"
            type="number"
            inputMode="numeric"
            min={1000}
            max={6000}
            step={1}
            defaultValue={settings.dailyCalorieGoal ?? ''}
            hint={
              settings.adaptiveCalorieGoal
                ? 'Follows what you burn, as measured on the nutrition page, and is set again each week. Saving another goal here stops that.'
                : undefined
            }
            error={errors.dailyCalorieGoal}
          />
          <SuggestionNote
            suggestion={suggestion}
            onUse={(kcal) => {
              if (goalRef.current) goalRef.current.value = String(kcal);
            }}
          />
        </div>
        <FormField
          label="Active minutes a week"
          name="weeklyActiveMinutesGoal"
          type="number"
          inputMode="numeric"
          min={0}
          max={3000}
          step={1}
          defaultValue={settings.weeklyActiveMinutesGoal}
          hint="The WHO suggests at least 150 for adults."
          error={errors.weeklyActiveMinutesGoal}
        />
        <SaveButton busy={fetcher.state !== 'idle'} label="Save body and goals" />
      </fetcher.Form>
    </SettingsSection>
  );
}

function SuggestionNote({
  suggestion,
  onUse,
}: {
  suggestion: CalorieSuggestion | string;
  onUse: (kcal: number) => void;
}) {
  if (typeof suggestion === 'string') return <p className="field-hint suggestion">{suggestion}</p>;
  const adjustment = suggestion.dailyAdjustmentKcal;
  const arithmetic = (
    <>
      Resting burn (Mifflin–St Jeor, age {suggestion.age}): {suggestion.bmrKcal} kcal. × activity level ={' '}
      {suggestion.maintenanceKcal} kcal to keep your weight.{' '}
      {adjustment === 0
        ? 'No change a week'
        : `${adjustment > 0 ? '+' : '−'} ${Math.abs(adjustment)} kcal a day for your weekly rate (7 700 kcal per kg)`}
      {suggestion.atFloor
        ? `, which would go below ${suggestion.floorKcal} kcal, the lowest goal we suggest without a doctor: ${suggestion.floorKcal} kcal.`
        : ` = ${suggestion.suggestedKcal} kcal, rounded to 10.`}
    </>
  );
  return (
    <p className="field-hint suggestion">
      Suggested: <strong>{suggestion.suggestedKcal} kcal</strong>{' '}
      <Tooltip label="How the suggestion is worked out" content={arithmetic} />{' '}
      <button type="button" className="button-secondary" onClick={() => onUse(suggestion.suggestedKcal)}>
        Use {suggestion.suggestedKcal} kcal
      </button>
    </p>
  );
}
