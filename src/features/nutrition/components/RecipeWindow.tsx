import { X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { FormError } from '@/components/FormError';
import { FormField } from '@/components/FormField';
import { Popup } from '@/components/Popup';
import { SaveOrDelete } from '@/components/SaveOrDelete';
import { recipeRules } from '@/domain/contract';
import { inputLimits } from '@/domain/fieldRules';
import type { FoodRow } from '@/domain/nutrition';
import { MAX_INGREDIENT_G, MAX_INGREDIENTS } from '@/domain/recipes';
import { useT } from '@/i18n';
import { formatNumber } from '@/i18n/numbers';
import { readNumber } from '@/lib/formValues';
import { refusalIn } from '@/lib/routeActions';
import type { NutritionActionResult } from '../actionResult';
import type { RecipeFieldErrors } from '../recipeForm';
import type { ShownRecipe } from '../recipePending';
import { FoodSearch } from './FoodSearch';

export interface RecipeWindowProps {
  open: boolean;
  onClose: () => void;
  recipe: ShownRecipe | null;
  recentFoods: readonly FoodRow[];
  frequentFoods: readonly FoodRow[];
}

/** Changes a recipe (name, servings, cooked weight, ingredients and their grams) or deletes it. */
export function RecipeWindow({ open, onClose, recipe, recentFoods, frequentFoods }: RecipeWindowProps) {
  const t = useT();
  return (
    <Popup
      open={open}
      title={t('nutrition.recipe.editTitle', { name: recipe?.name ?? '' })}
      onClose={onClose}
    >
      {recipe ? (
        <RecipeForm
          key={recipe.id}
          recipe={recipe}
          recentFoods={recentFoods}
          frequentFoods={frequentFoods}
          onDone={onClose}
        />
      ) : null}
    </Popup>
  );
}

/** An ingredient row as typed: the grams stay text until saved. */
interface TypedIngredient {
  key: number;
  foodId: string;
  name: string;
  grams: string;
}

const exact = (value: number) => formatNumber(value, { maximumFractionDigits: 20, useGrouping: false });

function RecipeForm({
  recipe,
  recentFoods,
  frequentFoods,
  onDone,
}: {
  recipe: ShownRecipe;
  recentFoods: readonly FoodRow[];
  frequentFoods: readonly FoodRow[];
  onDone: () => void;
}) {
  const t = useT();
  const fetcher = useFetcher<NutritionActionResult>();
  const refusal = refusalIn(fetcher.data);
  const errors: RecipeFieldErrors = refusal?.recipeErrors ?? {};
  const done = fetcher.state === 'idle' && fetcher.data?.kind === 'done';
  const [ingredients, setIngredients] = useState<TypedIngredient[]>(() =>
    recipe.ingredients.map((ingredient, index) => ({
      key: index,
      foodId: ingredient.foodId,
      name: ingredient.name || t('nutrition.meal.unknownFood'),
      grams: exact(ingredient.grams),
    })),
  );
  const [adding, setAdding] = useState(false);
  const [nextKey, setNextKey] = useState(recipe.ingredients.length);
  const headingId = useId();
  useEffect(() => {
    if (done) onDone();
  }, [done, onDone]);

  const sent = ingredients.map(({ foodId, name, grams }) => ({ foodId, name, grams: readNumber(grams) }));
  const change = (key: number, grams: string) =>
    setIngredients((rows) => rows.map((row) => (row.key === key ? { ...row, grams } : row)));
  const add = (food: FoodRow) => {
    setIngredients((rows) => [...rows, { key: nextKey, foodId: food.id, name: food.name, grams: '100' }]);
    setNextKey((key) => key + 1);
    setAdding(false);
  };
  return (
    <fetcher.Form method="post" className="recipe-form" noValidate>
      <input type="hidden" name="id" value={recipe.id} />
      <input type="hidden" name="ingredients" value={JSON.stringify(sent)} />
      <FormField
        label={t('nutrition.recipe.name')}
        name="name"
        {...inputLimits(recipeRules.name)}
        defaultValue={recipe.name}
        required
        error={errors.name}
      />
      <div className="form-row">
        <FormField
          label={t('nutrition.recipe.servingsMade')}
          name="servings"
          type="number"
          inputMode="numeric"
          step={1}
          {...inputLimits(recipeRules.servings)}
          defaultValue={recipe.servings}
          required
          error={errors.servings}
        />
        <FormField
          label={t('nutrition.recipe.cookedWeight')}
          name="cookedWeightG"
          type="number"
          inputMode="decimal"
          step="any"
          {...inputLimits(recipeRules.cookedWeightG)}
          defaultValue={recipe.cookedWeightG ?? ''}
          hint={t('nutrition.field.optional')}
          error={errors.cookedWeightG}
        />
      </div>
      <h3 id={headingId}>{t('nutrition.recipe.ingredients')}</h3>
      <ul className="recipe-ingredients" aria-labelledby={headingId}>
        {ingredients.map((ingredient, index) => (
          <li key={ingredient.key} className="recipe-ingredient">
            <FormField
              label={t('nutrition.recipe.grams', { name: ingredient.name })}
              name={`grams-${ingredient.key}`}
              type="number"
              inputMode="decimal"
              step="any"
              max={MAX_INGREDIENT_G}
              value={ingredient.grams}
              onChange={(event) => change(ingredient.key, event.target.value)}
              error={errors[`ingredients[${index}].grams`]}
            />
            <button
              type="button"
              className="button-secondary"
              aria-label={t('nutrition.recipe.remove', { name: ingredient.name })}
              onClick={() => setIngredients((rows) => rows.filter((row) => row.key !== ingredient.key))}
            >
              <X className="icon" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      {errors.ingredients ? <p className="field-error">{errors.ingredients}</p> : null}
      {adding ? (
        <FoodSearch recentFoods={recentFoods} frequentFoods={frequentFoods} onPick={add} />
      ) : ingredients.length < MAX_INGREDIENTS ? (
        <button type="button" className="button-secondary" onClick={() => setAdding(true)}>
          {t('nutrition.recipe.addIngredient')}
        </button>
      ) : null}
      <FormError>{refusal?.formError}</FormError>
      <SaveOrDelete
        thing={t('nutrition.recipe.thing')}
        busy={fetcher.state !== 'idle'}
        canDelete
        confirmQuestion={t('nutrition.recipe.deleteQuestion', { name: recipe.name })}
        intents={{ save: 'saveRecipe', delete: 'deleteRecipe' }}
      />
    </fetcher.Form>
  );
}
