import { FieldError } from '@/components/FieldError';
import { invalidProps } from '@/components/invalidProps';
import { format } from 'date-fns';
import { useEffect, useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { DatePicker } from '@/components/DatePicker';
import { FormField } from '@/components/FormField';
import { Popup } from '@/components/Popup';
import { SaveOrDelete } from '@/components/SaveOrDelete';
import { MEAL_TYPES, mealRules, type MealType } from '@/domain/contract';
import { inputLimits } from '@/domain/fieldRules';
import { attributionOf, isFoodSource } from '@/domain/foodFacts';
import {
  EXTRA_NUTRIENTS,
  nutrientsFor,
  per100gKey,
  type ExtraNutrient,
  type FoodRow,
  type MealRow,
} from '@/domain/nutrition';
import { amountInChoice, gramsInUnit, PACK_UNIT, servingChoices } from '@/domain/servings';
import { useT, type MessageId } from '@/i18n';
import { formatNumber } from '@/i18n/numbers';
import { dayToDate } from '@/lib/days';
import type { NutritionActionResult } from '../actionResult';
import { formatGrams, formatKcal } from '@/lib/format';
import { MEAL_TYPE_LABELS, MEAL_TYPE_TIMES } from '../mealTypes';
import type { SavedMealRow } from '@/domain/savedMeals';
import { AddFoodTabs } from './AddFoodTabs';
import { SavedMealPicker } from './SavedMealPicker';
import type { ShownRecipe } from '../recipePending';
import { FoodSearch } from './FoodSearch';
import { RecipeLog } from './RecipeLog';
import { NewFoodForm } from './NewFoodForm';
import { FormError } from '@/components/FormError';
import { refusalIn } from '@/lib/routeActions';

export interface NutritionEditWindowProps {
  open: boolean;
  onClose: () => void;
  /** The entry to edit, or null to add one to `mealType` on `day`. */
  entry: MealRow | null;
  mealType: MealType;
  day: string;
  today: string;
  recentFoods: readonly FoodRow[];
  frequentFoods: readonly FoodRow[];
  /** Foods already on this device (the page's last-loaded data), for scanning without a network. */
  foodsOnDevice: readonly FoodRow[];
  /** The person's saved meals, offered in their own tab when adding. */
  savedMeals?: readonly SavedMealRow[];
  /** The person's recipes, for the Recipes tab and the search. */
  recipes?: readonly ShownRecipe[];
}

type Mode = 'food' | 'recipes' | 'quick' | 'new';

const MODE_LABELS: Readonly<Record<Mode, MessageId>> = {
  food: 'nutrition.mode.food',
  recipes: 'nutrition.mode.recipes',
  quick: 'nutrition.mode.quick',
  new: 'nutrition.mode.new',
};

/** A number as typed or stored, with the shown language's decimal sign and every digit kept. */
const exact = (value: number) => formatNumber(value, { maximumFractionDigits: 20, useGrouping: false });

/** The nutrition edit window: add food by search or quick add, create a food, change or delete an entry. */
export function NutritionEditWindow(props: NutritionEditWindowProps) {
  const t = useT();
  const { open, onClose, entry, mealType } = props;
  const title = entry
    ? t('nutrition.edit.title', { name: entry.name })
    : t('nutrition.meals.addTo', { meal: mealType });
  const editor = <MealEditor key={entry?.id ?? `new-${mealType}`} {...props} />;
  return (
    <Popup open={open} title={title} onClose={onClose}>
      {entry ? (
        editor
      ) : (
        <AddFoodTabs
          key={`${props.day}-${mealType}`}
          tabs={[
            { key: 'search', label: t('nutrition.addTabs.search'), panel: editor },
            {
              key: 'savedMeals',
              label: t('nutrition.addTabs.savedMeals'),
              panel: (
                <SavedMealPicker
                  savedMeals={props.savedMeals ?? []}
                  mealType={mealType}
                  day={props.day}
                  today={props.today}
                  onDone={onClose}
                />
              ),
            },
          ]}
        />
      )}
    </Popup>
  );
}

function MealEditor({
  entry,
  mealType,
  day,
  today,
  recentFoods,
  frequentFoods,
  foodsOnDevice,
  recipes = [],
  onClose,
}: NutritionEditWindowProps) {
  const t = useT();
  // An entry without a food (a quick add, a logged recipe) is changed by its numbers.
  const [mode, setMode] = useState<Mode>(
    entry && (entry.grams === null || entry.food === null) ? 'quick' : 'food',
  );
  const [picked, setPicked] = useState<FoodRow | null>(entry?.food ?? null);
  // The code of a scan that found nothing, given to the new food.
  const [unknownCode, setUnknownCode] = useState<string | null>(null);
  // One of the person's own foods opened in the food form to change it.
  const [editedFood, setEditedFood] = useState<FoodRow | null>(null);
  const [pickedRecipe, setPickedRecipe] = useState<string | null>(null);
  // A recipe found by the search is logged by servings in the Recipes tab.
  const pick = (food: FoodRow | null) => {
    if (food?.recipe) {
      setPickedRecipe(food.id);
      setMode('recipes');
    } else {
      setPicked(food);
    }
  };
  const modes = entry
    ? (Object.keys(MODE_LABELS) as Mode[]).filter((option) => option !== 'recipes')
    : (Object.keys(MODE_LABELS) as Mode[]);
  const modeName = useId();
  return (
    <div className="meal-editor">
      <fieldset className="mode-switch">
        <legend>{t('nutrition.edit.addBy')}</legend>
        {modes.map((option) => (
          <label key={option} className="mode-option">
            <input
              type="radio"
              name={modeName}
              value={option}
              checked={mode === option}
              onChange={() => {
                setMode(option);
                setEditedFood(null);
              }}
            />
            {t(MODE_LABELS[option])}
          </label>
        ))}
      </fieldset>
      {mode === 'new' ? (
        <NewFoodForm
          key={editedFood?.id ?? 'new'}
          barcode={editedFood ? editedFood.barcode : unknownCode}
          {...(editedFood ? { food: editedFood } : {})}
          onCreated={(food) => {
            setPicked(food);
            setEditedFood(null);
            setMode('food');
          }}
        />
      ) : (
        <MealForm
          mode={mode === 'recipes' ? 'recipe' : mode}
          entry={entry}
          mealType={mealType}
          day={day}
          today={today}
          picked={picked}
          onPick={pick}
          onEditFood={(food) => {
            setEditedFood(food);
            setMode('new');
          }}
          recipes={recipes}
          pickedRecipe={pickedRecipe}
          onPickRecipe={setPickedRecipe}
          recentFoods={recentFoods}
          frequentFoods={frequentFoods}
          foodsOnDevice={foodsOnDevice}
          onCreateForCode={(code) => {
            setUnknownCode(code);
            setMode('new');
          }}
          onDone={onClose}
        />
      )}
    </div>
  );
}

function defaultTime(entry: MealRow | null, day: string, today: string, mealType: MealType): string {
  if (entry) return format(new Date(entry.eatenAt), 'HH:mm');
  return day === today ? format(new Date(), 'HH:mm') : MEAL_TYPE_TIMES[mealType];
}

function MealForm({
  mode,
  entry,
  mealType,
  day,
  today,
  picked,
  onPick,
  onEditFood,
  recipes,
  pickedRecipe,
  onPickRecipe,
  recentFoods,
  frequentFoods,
  foodsOnDevice,
  onCreateForCode,
  onDone,
}: {
  mode: 'food' | 'recipe' | 'quick';
  entry: MealRow | null;
  mealType: MealType;
  day: string;
  today: string;
  picked: FoodRow | null;
  onPick: (food: FoodRow | null) => void;
  onEditFood: (food: FoodRow) => void;
  recipes: readonly ShownRecipe[];
  pickedRecipe: string | null;
  onPickRecipe: (recipeId: string | null) => void;
  recentFoods: readonly FoodRow[];
  frequentFoods: readonly FoodRow[];
  foodsOnDevice: readonly FoodRow[];
  onCreateForCode: (code: string) => void;
  onDone: () => void;
}) {
  const t = useT();
  const fetcher = useFetcher<NutritionActionResult>();
  const [date, setDate] = useState<Date>(entry ? new Date(entry.eatenAt) : dayToDate(day));
  const sectionId = useId();
  const busy = fetcher.state !== 'idle';
  const done = fetcher.data?.kind === 'done';
  const refusal = refusalIn(fetcher.data);
  const errors = refusal?.fieldErrors ?? {};
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);

  useEffect(() => {
    if (fetcher.state === 'idle' && done) onDone();
  }, [fetcher.state, done, onDone]);

  const quick = entry && (entry.grams === null || entry.food === null) ? entry : null;
  return (
    <fetcher.Form method="post" className="meal-form" noValidate>
      <input type="hidden" name="mode" value={mode} />
      {entry ? <input type="hidden" name="id" value={entry.id} /> : null}
      {mode === 'recipe' ? (
        <RecipeLog recipes={recipes} pickedId={pickedRecipe} onPick={onPickRecipe} error={errors.amount} />
      ) : mode === 'food' ? (
        picked ? (
          <FoodAmount
            key={picked.id}
            food={picked}
            grams={entry?.food?.id === picked.id ? entry.grams : null}
            onChange={() => onPick(null)}
            onEdit={() => onEditFood(picked)}
            error={errors.amount}
          />
        ) : (
          <FoodSearch
            recentFoods={recentFoods}
            frequentFoods={frequentFoods}
            foodsOnDevice={foodsOnDevice}
            onPick={onPick}
            onCreateForCode={onCreateForCode}
            error={errors.food}
            recipes={entry === null}
          />
        )
      ) : (
        <div className="quick-add">
          <FormField
            label={t('nutrition.field.name')}
            name="name"
            {...inputLimits(mealRules.name)}
            defaultValue={quick?.name ?? ''}
            placeholder={t('nutrition.quick.defaultName')}
            hint={t('nutrition.field.optional')}
            error={errors.name}
            autoFocus
          />
          <div className="form-row">
            <FormField
              label={t('nutrition.quick.calories')}
              name="caloriesKcal"
              type="number"
              inputMode="decimal"
              step="any"
              {...inputLimits(mealRules.caloriesKcal)}
              required
              defaultValue={quick?.caloriesKcal ?? ''}
              error={errors.caloriesKcal}
            />
            <FormField
              label={t('nutrition.quick.protein')}
              name="proteinG"
              type="number"
              inputMode="decimal"
              step="any"
              {...inputLimits(mealRules.proteinG)}
              defaultValue={quick?.proteinG || ''}
              error={errors.proteinG}
            />
            <FormField
              label={t('nutrition.quick.carbs')}
              name="carbsG"
              type="number"
              inputMode="decimal"
              step="any"
              {...inputLimits(mealRules.carbsG)}
              defaultValue={quick?.carbsG || ''}
              error={errors.carbsG}
            />
            <FormField
              label={t('nutrition.quick.fat')}
              name="fatG"
              type="number"
              inputMode="decimal"
              step="any"
              {...inputLimits(mealRules.fatG)}
              defaultValue={quick?.fatG || ''}
              error={errors.fatG}
            />
          </div>
        </div>
      )}
      <div className="form-row">
        <div className="form-field">
          <label htmlFor={sectionId}>{t('nutrition.edit.meal')}</label>
          <select
            id={sectionId}
            name="mealType"
            defaultValue={entry?.mealType ?? mealType}
            {...invalidProps(`${sectionId}-error`, errors.mealType)}
          >
            {MEAL_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(MEAL_TYPE_LABELS[type])}
              </option>
            ))}
          </select>
          <FieldError id={`${sectionId}-error`}>{errors.mealType}</FieldError>
        </div>
        <DatePicker
          label={t('nutrition.edit.date')}
          name="date"
          value={date}
          onChange={setDate}
          maxDate={tomorrow}
          error={errors.date}
        />
        <FormField
          label={t('nutrition.edit.time')}
          name="time"
          type="time"
          required
          defaultValue={defaultTime(entry, day, today, mealType)}
          error={errors.time}
        />
      </div>
      <FormError>{refusal?.formError}</FormError>
      <SaveOrDelete
        thing={t('nutrition.edit.thing')}
        busy={busy}
        canDelete={entry !== null}
        confirmQuestion={
          entry
            ? t('nutrition.edit.deleteQuestion', { name: entry.name })
            : t('nutrition.edit.deleteThisEntry')
        }
      />
    </fetcher.Form>
  );
}

/** The amount of a picked food, in grams or one of its servings, with its energy and macros as typed. */
function FoodAmount({
  food,
  grams,
  onChange,
  onEdit,
  error,
}: {
  food: FoodRow;
  grams: number | null;
  onChange: () => void;
  onEdit: () => void;
  error: string | undefined;
}) {
  const t = useT();
  const choices = servingChoices(food);
  const [unit, setUnit] = useState(() =>
    grams === null ? (choices[0]?.unit ?? 'g') : amountInChoice(grams, choices).unit,
  );
  const [amount, setAmount] = useState(() => {
    if (grams === null) return choices.length > 0 ? '1' : '100';
    return String(amountInChoice(grams, choices).amount);
  });
  const amountId = useId();
  const unitId = useId();
  const errorId = `${amountId}-error`;
  const typed = Number(amount.replace(',', '.'));
  const inGrams = amount === '' ? null : gramsInUnit(typed, unit, choices);
  const preview = inGrams !== null && inGrams > 0 ? nutrientsFor(food, inGrams) : null;
  return (
    <div className="food-amount">
      <input type="hidden" name="foodId" value={food.id} />
      <input type="hidden" name="servingG" value={food.servingG ?? ''} />
      <input type="hidden" name="servings" value={JSON.stringify(food.servings)} />
      <input type="hidden" name="shownFood" value={JSON.stringify(food)} />
      <div className="picked-food">
        <p>
          <strong>{food.name}</strong>
          {food.brand ? <span className="stat-note"> · {food.brand}</span> : null}
          <br />
          <span className="stat-note">
            {t('nutrition.food.per100g', {
              kcal: Math.round(food.kcalPer100g),
              protein: exact(food.proteinPer100g),
              carbs: exact(food.carbsPer100g),
              fat: exact(food.fatPer100g),
            })}
          </span>
          <br />
          <span className="stat-note">
            {t('nutrition.food.extrasPer100g', extrasText(food, t('nutrition.food.notKnown')))}
          </span>
          <br />
          <FoodSourceNote food={food} />
        </p>
        <button type="button" className="button-secondary" onClick={onChange}>
          {t('nutrition.edit.changeFood')}
        </button>
        {food.custom ? (
          <button type="button" className="button-secondary" onClick={onEdit}>
            {t('nutrition.edit.editFood')}
          </button>
        ) : null}
      </div>
      <div className="form-row">
        <div className="form-field">
          <label htmlFor={amountId}>{t('nutrition.edit.amount')}</label>
          <input
            id={amountId}
            name="amount"
            type="number"
            inputMode="decimal"
            step="any"
            min={mealRules.grams.min}
            value={amount}
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setAmount(event.target.value)}
          />
          {error ? (
            <p id={errorId} className="field-error">
              {error}
            </p>
          ) : null}
        </div>
        <div className="form-field">
          <label htmlFor={unitId}>{t('nutrition.edit.unit')}</label>
          <select
            id={unitId}
            name="amountUnit"
            value={unit}
            onChange={(event) => setUnit(event.target.value)}
          >
            <option value="g">{t('nutrition.edit.grams')}</option>
            {choices.map(({ unit: value, serving }) => (
              <option key={value} value={value}>
                {value === PACK_UNIT
                  ? serving.label || t('nutrition.edit.serving', { grams: exact(serving.grams) })
                  : t('nutrition.edit.servingOption', { label: serving.label, grams: exact(serving.grams) })}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="meal-preview" aria-live="polite">
        {preview && inGrams !== null
          ? t('nutrition.edit.preview', {
              amount: formatGrams(inGrams),
              kcal: formatKcal(preview.caloriesKcal),
              protein: formatGrams(preview.proteinG),
              carbs: formatGrams(preview.carbsG),
              fat: formatGrams(preview.fatG),
            })
          : t('nutrition.edit.previewEmpty')}
      </p>
    </div>
  );
}

/** A food's fibre, sugars, saturated fat and salt per 100 g as the details line says them. */
function extrasText(food: FoodRow, notKnown: string): Record<ExtraNutrient, string> {
  const text = {} as Record<ExtraNutrient, string>;
  for (const nutrient of EXTRA_NUTRIENTS) {
    const grams = food[per100gKey(nutrient)];
    // A row kept on the device from before foods carried these has none of them.
    text[nutrient] = typeof grams === 'number' ? `${exact(grams)} g` : notKnown;
  }
  return text;
}

/** Where a food's values come from, with the credit and licence its source asks to be shown. */
function FoodSourceNote({ food }: { food: FoodRow }) {
  const t = useT();
  // A row kept on the device from before sources were named has none to show.
  if (!isFoodSource(food.source)) return null;
  const attribution = attributionOf(food.source, food.sourceId ?? '');
  if (!attribution) return <span className="stat-note">{t('nutrition.food.ownFood')}</span>;
  const credit = t('nutrition.food.source', { credit: attribution.credit, licence: attribution.licence });
  return (
    <span className="stat-note food-source">
      {attribution.url ? (
        <a href={attribution.url} target="_blank" rel="noopener noreferrer">
          {credit}
        </a>
      ) : (
        credit
      )}
    </span>
  );
}
