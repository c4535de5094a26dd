import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { FormField } from '@/components/FormField';
import type { FoodRow } from '@/domain/nutrition';
import type { NutritionActionResult } from '../actionResult';

/** Creates one of the person's own foods (private to them), values per 100 g, then picks it. */
export function NewFoodForm({ onCreated }: { onCreated: (food: FoodRow) => void }) {
  const fetcher = useFetcher<NutritionActionResult>();
  const result = fetcher.data;
  const errors = result?.foodErrors ?? {};
  const created = fetcher.state === 'idle' ? result?.createdFood : undefined;

  useEffect(() => {
    if (created) onCreated(created);
  }, [created, onCreated]);

  const number = { type: 'number', inputMode: 'decimal', step: 'any', min: 0 } as const;
  return (
    <fetcher.Form method="post" className="food-form" noValidate>
      <input type="hidden" name="intent" value="createFood" />
      <p className="field-hint">Values per 100 g, as on the label. Only you see your own foods.</p>
      <FormField label="Name" name="name" required maxLength={120} autoFocus error={errors.name} />
      <FormField label="Brand" name="brand" maxLength={120} hint="Optional" error={errors.brand} />
      <div className="form-row">
        <FormField
          label="Energy (kcal per 100 g)"
          name="kcalPer100g"
          required
          max={900}
          {...number}
          error={errors.kcalPer100g}
        />
        <FormField
          label="Protein (g per 100 g)"
          name="proteinPer100g"
          max={100}
          {...number}
          error={errors.proteinPer100g}
        />
        <FormField
          label="Carbs (g per 100 g)"
          name="carbsPer100g"
          max={100}
          {...number}
          error={errors.carbsPer100g}
        />
        <FormField
          label="Fat (g per 100 g)"
          name="fatPer100g"
          max={100}
          {...number}
          error={errors.fatPer100g}
        />
      </div>
      <div className="form-row">
        <FormField
          label="Serving (g)"
          name="servingG"
          max={5000}
          hint="Optional"
          {...number}
          error={errors.servingG}
        />
        <FormField
          label="Serving name"
          name="servingLabel"
          maxLength={80}
          hint="Optional, e.g. 1 bar"
          error={errors.servingLabel}
        />
      </div>
      {result?.formError ? (
        <p role="alert" className="form-error">
          {result.formError}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={fetcher.state !== 'idle'}>
          {fetcher.state !== 'idle' ? 'Saving…' : 'Save food'}
        </button>
      </div>
    </fetcher.Form>
  );
}
