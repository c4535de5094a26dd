import { useId } from 'react';
import { FormField } from '@/components/FormField';
import { kgToLb, kgToStoneLb, type WeightUnit } from '@/domain/units';
import { useT } from '@/i18n';

export interface WeightInputProps {
  unit: WeightUnit;
  /** Field name; stones and pounds use `${name}St` and `${name}Lb`. */
  name: string;
  label: string;
  defaultKg?: number | null | undefined;
  error?: string | undefined;
  hint?: string;
  autoFocus?: boolean;
}

/** A weight typed in the person's unit: one field for kg or lb, two for stones and pounds. */
export function WeightInput({ unit, name, label, defaultKg, error, hint, autoFocus }: WeightInputProps) {
  const t = useT();
  const errorId = useId();
  if (unit !== 'st') {
    const value = defaultKg == null ? '' : (unit === 'kg' ? defaultKg : kgToLb(defaultKg)).toFixed(1);
    return (
      <FormField
        label={`${label} (${unit})`}
        name={name}
        type="number"
        inputMode="decimal"
        step="any"
        defaultValue={value}
        error={error}
        {...(hint ? { hint } : {})}
        autoFocus={autoFocus}
      />
    );
  }
  const split = defaultKg == null ? null : kgToStoneLb(defaultKg);
  return (
    <fieldset className="weight-stones" aria-describedby={error ? errorId : undefined}>
      <legend>{label}</legend>
      {hint ? <p className="field-hint">{hint}</p> : null}
      <div className="form-row">
        <FormField
          label={t('frame.weight.stones')}
          name={`${name}St`}
          type="number"
          inputMode="numeric"
          min={0}
          defaultValue={split?.stone ?? ''}
          autoFocus={autoFocus}
        />
        <FormField
          label={t('frame.weight.pounds')}
          name={`${name}Lb`}
          type="number"
          inputMode="decimal"
          step="any"
          min={0}
          max={13.9}
          defaultValue={split?.lb ?? ''}
        />
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
