import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { FormError } from '@/components/FormError';
import { FormField } from '@/components/FormField';
import { Popup } from '@/components/Popup';
import { recipeRules, type MealType } from '@/domain/contract';
import { inputLimits } from '@/domain/fieldRules';
import type { MealRow } from '@/domain/nutrition';
import { useT } from '@/i18n';
import { formatDate } from '@/i18n/dates';
import { dayToDate } from '@/lib/days';
import { formatGrams } from '@/lib/format';
import { refusalIn } from '@/lib/routeActions';
import type { NutritionActionResult } from '../actionResult';
import type { ShownIngredient } from '../recipeForm';

export interface SaveRecipeWindowProps {
  open: boolean;
  onClose: () => void;
  mealType: MealType;
  day: string;
  /** The section's entries: those with a food become the ingredients. */
  meals: readonly MealRow[];
}

/** "Save lunch as a recipe": the section's foods and grams become a recipe's ingredients. */
export function SaveRecipeWindow({ open, onClose, mealType, day, meals }: SaveRecipeWindowProps) {
  const t = useT();
  return (
    <Popup open={open} title={t('nutrition.recipe.saveSection', { meal: mealType })} onClose={onClose}>
      <SaveRecipeForm
        key={`${day}-${mealType}`}
        mealType={mealType}
        day={day}
        meals={meals}
        onDone={onClose}
      />
    </Popup>
  );
}

function SaveRecipeForm({
  mealType,
  day,
  meals,
  onDone,
}: {
  mealType: MealType;
  day: string;
  meals: readonly MealRow[];
  onDone: () => void;
}) {
  const t = useT();
  const fetcher = useFetcher<NutritionActionResult>();
  const refusal = refusalIn(fetcher.data);
  const errors = refusal?.recipeErrors ?? {};
  const done = fetcher.state === 'idle' && fetcher.data?.kind === 'done';
  useEffect(() => {
    if (done) onDone();
  }, [done, onDone]);

  const ingredients: ShownIngredient[] = meals.flatMap((meal) =>
    meal.food && meal.grams !== null
      ? [{ foodId: meal.food.id, grams: meal.grams, name: meal.food.name }]
      : [],
  );
  const leftOut = meals.length - ingredients.length;
  const ingredientError = Object.entries(errors).find(([field]) => field.startsWith('ingredients'))?.[1];
  if (ingredients.length === 0) return <p className="empty-note">{t('nutrition.recipe.noFoods')}</p>;
  return (
    <fetcher.Form method="post" className="recipe-form" noValidate>
      <input type="hidden" name="ingredients" value={JSON.stringify(ingredients)} />
      <FormField
        label={t('nutrition.recipe.name')}
        name="name"
        {...inputLimits(recipeRules.name)}
        defaultValue={t('nutrition.recipe.defaultName', {
          meal: mealType,
          date: formatDate(dayToDate(day), 'd MMM'),
        })}
        required
        autoFocus
        error={errors.name}
      />
      <FormField
        label={t('nutrition.recipe.servingsMade')}
        name="servings"
        type="number"
        inputMode="numeric"
        step={1}
        {...inputLimits(recipeRules.servings)}
        defaultValue="1"
        required
        error={errors.servings}
      />
      <h3>{t('nutrition.recipe.ingredients')}</h3>
      <ul className="recipe-ingredients-summary">
        {ingredients.map((ingredient, index) => (
          <li key={`${ingredient.foodId}-${index}`}>
            {ingredient.name} · {formatGrams(ingredient.grams)}
          </li>
        ))}
      </ul>
      {leftOut > 0 ? (
        <p className="stat-note">{t('nutrition.recipe.quickLeftOut', { count: leftOut })}</p>
      ) : null}
      {ingredientError ? <p className="field-error">{ingredientError}</p> : null}
      <FormError>{refusal?.formError}</FormError>
      <div className="form-actions">
        <button
          type="submit"
          name="intent"
          value="saveRecipe"
          className="button-primary"
          disabled={fetcher.state !== 'idle'}
        >
          {fetcher.state !== 'idle'
            ? t('frame.edit.saving')
            : t('frame.edit.save', { thing: t('nutrition.recipe.thing') })}
        </button>
      </div>
    </fetcher.Form>
  );
}
