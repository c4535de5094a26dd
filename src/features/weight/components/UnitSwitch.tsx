import { useState } from 'react';
import { useFetcher } from 'react-router';
import type { WeightUnit } from '@/domain/units';
import { useT } from '@/i18n';

const LABELS: Readonly<Record<WeightUnit, string>> = { kg: 'kg', lb: 'lb', st: 'st + lb' };

/**
 * Which unit weights are shown and typed in; saved to the person's settings at once. The choice
 * shows immediately; mount it with `key={unit}` so a unit saved elsewhere resets it.
 */
export function UnitSwitch({ unit }: { unit: WeightUnit }) {
  const t = useT();
  const fetcher = useFetcher();
  const [current, setCurrent] = useState(unit);
  return (
    <fetcher.Form method="post" className="unit-switch">
      <input type="hidden" name="intent" value="unit" />
      <fieldset>
        <legend>{t('weight.unit.legend')}</legend>
        {(Object.keys(LABELS) as WeightUnit[]).map((value) => (
          <label key={value} className="unit-option">
            <input
              type="radio"
              name="weightUnit"
              value={value}
              checked={current === value}
              onChange={(event) => {
                setCurrent(value);
                void fetcher.submit(event.currentTarget.form);
              }}
            />
            {LABELS[value]}
          </label>
        ))}
      </fieldset>
    </fetcher.Form>
  );
}
