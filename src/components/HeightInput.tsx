import { useT } from '@/i18n';
import { FormField } from './FormField';

export interface HeightInputProps {
  /** Centimetres, or feet and inches. */
  metric: boolean;
  heightCm: number | null;
  error?: string | undefined;
  /** Takes the focus when shown (a question of its own). */
  autoFocus?: boolean;
}

/** Height in cm (field `heightCm`) or in feet and inches (`heightFt`, `heightIn`). */
export function HeightInput({ metric, heightCm, error, autoFocus }: HeightInputProps) {
  const t = useT();
  if (metric) {
    return (
      <FormField
        label={t('frame.height.cm')}
        name="heightCm"
        type="number"
        inputMode="decimal"
        step="any"
        defaultValue={heightCm ?? ''}
        error={error}
        autoFocus={autoFocus}
      />
    );
  }
  const totalInches = heightCm === null ? null : Math.round(heightCm / 2.54);
  return (
    <fieldset className="height-input">
      <legend>{t('frame.height.legend')}</legend>
      <div className="form-row">
        <FormField
          label={t('frame.height.feet')}
          name="heightFt"
          type="number"
          inputMode="numeric"
          defaultValue={totalInches === null ? '' : Math.floor(totalInches / 12)}
          autoFocus={autoFocus}
        />
        <FormField
          label={t('frame.height.inches')}
          name="heightIn"
          type="number"
          inputMode="numeric"
          defaultValue={totalInches === null ? '' : totalInches % 12}
        />
      </div>
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}
