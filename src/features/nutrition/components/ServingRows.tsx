import { useId, useRef, useState } from 'react';
import { FormField } from '@/components/FormField';
import { MAX_SERVING_GRAMS, MAX_SERVINGS, SERVING_LABEL_LENGTH } from '@/domain/servings';
import type { Serving } from '@/domain/nutrition';
import { useT } from '@/i18n';

/**
 * The servings of a person's own food, a label and grams per row ("1 slice", 30), added and
 * removed; the form sends them as `servingsLabel` and `servingsGrams`, read in order.
 */
export function ServingRows({ initial, error }: { initial: readonly Serving[]; error: string | undefined }) {
  const t = useT();
  const nextKey = useRef(Math.max(1, initial.length));
  const [rows, setRows] = useState<number[]>(() =>
    initial.length > 0 ? initial.map((_, index) => index) : [0],
  );
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const errorId = `${useId()}-error`;

  const add = () => {
    const key = nextKey.current;
    nextKey.current += 1;
    setRows((current) => [...current, key]);
    setFocusRow(key);
  };
  const remove = (key: number) => {
    setRows((current) => current.filter((row) => row !== key));
    // The row's button goes with it: the focus goes to adding another.
    addRef.current?.focus();
  };

  return (
    <fieldset className="serving-rows" aria-describedby={error ? errorId : undefined}>
      <legend>{t('nutrition.foodForm.servings')}</legend>
      <p className="field-hint">{t('nutrition.foodForm.servingsHint')}</p>
      {rows.map((key, index) => (
        <div key={key} className="serving-row">
          <FormField
            label={t('nutrition.foodForm.servingRowLabel', { row: index + 1 })}
            name="servingsLabel"
            maxLength={SERVING_LABEL_LENGTH.max}
            defaultValue={initial[key]?.label}
            autoFocus={focusRow === key}
          />
          <FormField
            label={t('nutrition.foodForm.servingRowGrams', { row: index + 1 })}
            name="servingsGrams"
            type="number"
            inputMode="decimal"
            step="any"
            max={MAX_SERVING_GRAMS}
            defaultValue={initial[key]?.grams}
          />
          <button type="button" className="button-secondary" onClick={() => remove(key)}>
            {t('nutrition.foodForm.removeServing', { row: index + 1 })}
          </button>
        </div>
      ))}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
      {rows.length < MAX_SERVINGS ? (
        <button ref={addRef} type="button" className="button-secondary" onClick={add}>
          {t('nutrition.foodForm.addServing')}
        </button>
      ) : null}
    </fieldset>
  );
}
