import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { FormField } from '@/components/FormField';
import { foodRules } from '@/domain/contract';
import { inputLimits } from '@/domain/fieldRules';
import type { FoodRow } from '@/domain/nutrition';
import { useT } from '@/i18n';
import type { NutritionActionResult } from '../actionResult';
import { FormError } from '@/components/FormError';
import { refusalIn } from '@/lib/routeActions';
import { ServingRows } from './ServingRows';

/**
 * Creates one of the person's own foods (private to them) from values per 100 g or per serving as
 * the pack prints them, with the pack's barcode when a scan found none, then picks it; given one of
 * their foods, changes it instead.
 */
export function NewFoodForm({
  barcode,
  onCreated,
  food,
}: {
  barcode: string | null;
  onCreated: (food: FoodRow) => void;
  food?: FoodRow;
}) {
  const t = useT();
  const [valuesPer, setValuesPer] = useState<'100g' | 'serving'>('100g');
  const perServing = valuesPer === 'serving';
  const fetcher = useFetcher<NutritionActionResult>();
  const refusal = refusalIn(fetcher.data);
  const errors = refusal?.foodErrors ?? {};
  const created =
    fetcher.state === 'idle' && fetcher.data?.kind === 'foodCreated' ? fetcher.data.food : undefined;

  useEffect(() => {
    if (created) onCreated(created);
  }, [created, onCreated]);

  const number = { type: 'number', inputMode: 'decimal', step: 'any' } as const;
  return (
    <fetcher.Form method="post" className="food-form" noValidate>
      <input type="hidden" name="intent" value={food ? 'updateFood' : 'createFood'} />
      {food ? <input type="hidden" name="shownFood" value={JSON.stringify(food)} /> : null}
      <p className="field-hint">{t('nutrition.foodForm.intro')}</p>
      {barcode !== null ? (
        <FormField
          label={t('nutrition.foodForm.barcode')}
          name="barcode"
          inputMode="numeric"
          {...inputLimits(foodRules.barcode)}
          defaultValue={barcode}
          error={errors.barcode}
        />
      ) : null}
      <fieldset className="mode-switch">
        <legend>{t('nutrition.foodForm.valuesPer')}</legend>
        {(['100g', 'serving'] as const).map((option) => (
          <label key={option} className="mode-option">
            <input
              type="radio"
              name="valuesPer"
              value={option}
              checked={valuesPer === option}
              onChange={() => setValuesPer(option)}
            />
            {option === 'serving' ? t('nutrition.foodForm.perServing') : t('nutrition.foodForm.per100g')}
          </label>
        ))}
      </fieldset>
      <FormField
        label={t('nutrition.field.name')}
        name="name"
        required
        {...inputLimits(foodRules.name)}
        defaultValue={food?.name}
        autoFocus
        error={errors.name}
      />
      <FormField
        label={t('nutrition.foodForm.brand')}
        name="brand"
        {...inputLimits(foodRules.brand)}
        defaultValue={food?.brand}
        hint={t('nutrition.field.optional')}
        error={errors.brand}
      />
      <div className="form-row">
        <FormField
          label={perServing ? t('nutrition.foodForm.energyServing') : t('nutrition.foodForm.energy')}
          name="kcalPer100g"
          required
          {...inputLimits(foodRules.kcalPer100g)}
          defaultValue={food?.kcalPer100g}
          {...number}
          error={errors.kcalPer100g}
        />
        <FormField
          label={perServing ? t('nutrition.foodForm.proteinServing') : t('nutrition.foodForm.protein')}
          name="proteinPer100g"
          {...inputLimits(foodRules.proteinPer100g)}
          defaultValue={food?.proteinPer100g}
          {...number}
          error={errors.proteinPer100g}
        />
        <FormField
          label={perServing ? t('nutrition.foodForm.carbsServing') : t('nutrition.foodForm.carbs')}
          name="carbsPer100g"
          {...inputLimits(foodRules.carbsPer100g)}
          defaultValue={food?.carbsPer100g}
          {...number}
          error={errors.carbsPer100g}
        />
        <FormField
          label={perServing ? t('nutrition.foodForm.fatServing') : t('nutrition.foodForm.fat')}
          name="fatPer100g"
          {...inputLimits(foodRules.fatPer100g)}
          defaultValue={food?.fatPer100g}
          {...number}
          error={errors.fatPer100g}
        />
      </div>
      <div className="form-row">
        <FormField
          label={t('nutrition.foodForm.serving')}
          name="servingG"
          {...inputLimits(foodRules.servingG)}
          required={perServing}
          defaultValue={food?.servingG ?? undefined}
          hint={perServing ? undefined : t('nutrition.field.optional')}
          {...number}
          error={errors.servingG}
        />
        <FormField
          label={t('nutrition.foodForm.servingName')}
          name="servingLabel"
          {...inputLimits(foodRules.servingLabel)}
          defaultValue={food?.servingLabel}
          hint={t('nutrition.foodForm.servingNameHint')}
          error={errors.servingLabel}
        />
      </div>
      <ServingRows initial={food?.servings ?? []} error={errors.servings} />
      <FormError>{refusal?.formError}</FormError>
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={fetcher.state !== 'idle'}>
          {fetcher.state !== 'idle' ? t('nutrition.field.saving') : t('nutrition.foodForm.save')}
        </button>
      </div>
    </fetcher.Form>
  );
}
