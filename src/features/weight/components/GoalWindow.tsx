import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { FormField } from '@/components/FormField';
import { Popup } from '@/components/Popup';
import type { WeightUnit } from '@/domain/units';
import type { WeightActionResult } from '../actionResult';
import { WeightInput } from './WeightInput';

export interface GoalWindowProps {
  open: boolean;
  onClose: () => void;
  unit: WeightUnit;
  goalWeightKg: number | null;
  heightCm: number | null;
}

/** Goal weight and height, saved to the person's settings; they drive the forecast and BMI. */
export function GoalWindow({ open, onClose, unit, goalWeightKg, heightCm }: GoalWindowProps) {
  return (
    <Popup open={open} title="Goal and height" onClose={onClose}>
      <GoalForm unit={unit} goalWeightKg={goalWeightKg} heightCm={heightCm} onDone={onClose} />
    </Popup>
  );
}

function GoalForm({
  unit,
  goalWeightKg,
  heightCm,
  onDone,
}: Omit<GoalWindowProps, 'open' | 'onClose'> & { onDone: () => void }) {
  const fetcher = useFetcher<WeightActionResult>();
  const errors = fetcher.data?.fieldErrors ?? {};
  const totalInches = heightCm === null ? null : Math.round(heightCm / 2.54);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.done) onDone();
  }, [fetcher.state, fetcher.data, onDone]);

  return (
    <fetcher.Form method="post" noValidate>
      <input type="hidden" name="intent" value="goal" />
      <input type="hidden" name="unit" value={unit} />
      <WeightInput
        unit={unit}
        name="goal"
        label="Goal weight"
        defaultKg={goalWeightKg}
        error={errors.goal}
        hint="Leave empty for no goal."
        autoFocus
      />
      {unit === 'kg' ? (
        <FormField
          label="Height (cm)"
          name="heightCm"
          type="number"
          inputMode="decimal"
          step="any"
          defaultValue={heightCm ?? ''}
          error={errors.height}
        />
      ) : (
        <fieldset>
          <legend>Height</legend>
          <div className="form-row">
            <FormField
              label="Feet"
              name="heightFt"
              type="number"
              inputMode="numeric"
              defaultValue={totalInches === null ? '' : Math.floor(totalInches / 12)}
            />
            <FormField
              label="Inches"
              name="heightIn"
              type="number"
              inputMode="numeric"
              defaultValue={totalInches === null ? '' : totalInches % 12}
            />
          </div>
          {errors.height ? <p className="field-error">{errors.height}</p> : null}
        </fieldset>
      )}
      {fetcher.data?.formError ? (
        <p role="alert" className="form-error">
          {fetcher.data.formError}
        </p>
      ) : null}
      <button type="submit" className="button-primary" disabled={fetcher.state !== 'idle'}>
        Save goal
      </button>
    </fetcher.Form>
  );
}
