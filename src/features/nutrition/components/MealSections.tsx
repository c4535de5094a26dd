import type { ReactNode } from 'react';
import { SyncBadge } from '@/components/SyncBadge';
import { useFetcher } from 'react-router';
import { addDays } from '@/domain/calendarDays';
import { MEAL_TYPES, type MealType } from '@/domain/contract';
import type { MealRow, Nutrients } from '@/domain/nutrition';
import { useT } from '@/i18n';
import { formatNumber } from '@/i18n/numbers';
import { T } from '@/i18n/T';
import { formatDate } from '@/i18n/dates';
import type { NutritionActionResult } from '../actionResult';
import { formatGrams, formatKcal } from '@/lib/format';
import { MEAL_TYPE_LABELS } from '../mealTypes';
import { refusalIn } from '@/lib/routeActions';

export interface MealSectionsProps {
  day: string;
  meals: readonly MealRow[];
  sections: Readonly<Record<MealType, Nutrients>>;
  onAdd: (mealType: MealType) => void;
  onEdit: (meal: MealRow) => void;
  /** "Save breakfast as a meal": the section's entries become a saved meal. */
  onSaveAsMeal?: (mealType: MealType, meals: readonly MealRow[]) => void;
  /** "Save lunch as a recipe": offered for a section with entries. */
  onSaveAsRecipe?: (mealType: MealType) => void;
  /** What follows the sections in their column (the saved meals' card). */
  footer?: ReactNode;
}

/** The day's meals under Breakfast, Lunch, Dinner and Snacks, each with its subtotal. */
export function MealSections({
  day,
  meals,
  sections,
  onAdd,
  onEdit,
  onSaveAsMeal,
  onSaveAsRecipe,
  footer,
}: MealSectionsProps) {
  return (
    <div className="meal-sections">
      {MEAL_TYPES.map((mealType) => (
        <MealSection
          key={mealType}
          day={day}
          mealType={mealType}
          meals={meals.filter((meal) => meal.mealType === mealType)}
          subtotal={sections[mealType]}
          onAdd={() => onAdd(mealType)}
          onEdit={onEdit}
          onSaveAsMeal={onSaveAsMeal}
          onSaveAsRecipe={onSaveAsRecipe ? () => onSaveAsRecipe(mealType) : undefined}
        />
      ))}
      {footer}
    </div>
  );
}

/** "1.5 × 1 container (170 g)" or "120 g"; empty for energy typed without a food. */
function amountText(meal: MealRow): string {
  if (meal.grams === null) return '';
  const serving = meal.food?.servingG;
  if (serving && meal.food?.servingLabel) {
    const servings = Math.round((meal.grams / serving) * 100) / 100;
    if (Number.isInteger(servings * 4)) {
      return `${formatNumber(servings, { useGrouping: false })} × ${meal.food.servingLabel}`;
    }
  }
  return formatGrams(meal.grams);
}

function MealSection({
  day,
  mealType,
  meals,
  subtotal,
  onAdd,
  onEdit,
  onSaveAsMeal,
  onSaveAsRecipe,
}: {
  day: string;
  mealType: MealType;
  meals: readonly MealRow[];
  subtotal: Nutrients;
  onAdd: () => void;
  onEdit: (meal: MealRow) => void;
  onSaveAsMeal: MealSectionsProps['onSaveAsMeal'];
  onSaveAsRecipe: (() => void) | undefined;
}) {
  const t = useT();
  const copier = useFetcher<NutritionActionResult>();
  const label = t(MEAL_TYPE_LABELS[mealType]);
  const headingId = `section-${mealType}`;
  const copied = copier.state === 'idle' && copier.data?.kind === 'copied' ? copier.data.count : undefined;
  return (
    <section className="card meal-section" aria-labelledby={headingId}>
      <div className="card-header">
        <h2 id={headingId}>{label}</h2>
        <p className="meal-subtotal">
          {formatKcal(subtotal.caloriesKcal)}
          <span className="stat-note">
            {' · '}
            {t('nutrition.macros.short', {
              protein: formatGrams(subtotal.proteinG),
              carbs: formatGrams(subtotal.carbsG),
              fat: formatGrams(subtotal.fatG),
            })}
          </span>
        </p>
      </div>
      {meals.length === 0 ? (
        <p className="empty-note">{t('nutrition.meals.nothingLogged', { meal: mealType })}</p>
      ) : (
        <ul className="meal-list">
          {meals.map((meal) => (
            <li key={meal.id} className="meal-item">
              <button type="button" className="meal-entry" onClick={() => onEdit(meal)}>
                {/* The name read out is the text shown, with "Edit" and pauses only a screen reader hears. */}
                <T
                  id="nutrition.meals.editEntry"
                  values={{ name: meal.name }}
                  components={{ 0: <span className="visually-hidden" />, 1: <span className="meal-name" /> }}
                />
                <span className="visually-hidden">, </span>
                <span className="meal-amount">
                  {[amountText(meal), formatDate(new Date(meal.eatenAt), 'HH:mm')]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                <span className="visually-hidden">, </span>
                <span className="meal-kcal">{formatKcal(meal.caloriesKcal)}</span>
                <SyncBadge state={meal.sync} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="section-actions">
        <button type="button" className="button-secondary" onClick={onAdd}>
          {t('nutrition.meals.addTo', { meal: mealType })}
        </button>
        <copier.Form method="post">
          <input type="hidden" name="intent" value="copy" />
          <input type="hidden" name="fromDate" value={addDays(day, -1)} />
          <input type="hidden" name="toDate" value={day} />
          <input type="hidden" name="mealType" value={mealType} />
          <button type="submit" className="button-secondary" disabled={copier.state !== 'idle'}>
            {t('nutrition.meals.copyDayBefore', { meal: mealType })}
          </button>
        </copier.Form>
        {onSaveAsMeal && meals.length > 0 ? (
          <button type="button" className="button-secondary" onClick={() => onSaveAsMeal(mealType, meals)}>
            {t('nutrition.savedMeals.saveSection', { meal: mealType })}
          </button>
        ) : null}
        {onSaveAsRecipe && meals.length > 0 ? (
          <button type="button" className="button-secondary" onClick={onSaveAsRecipe}>
            {t('nutrition.recipe.saveSection', { meal: mealType })}
          </button>
        ) : null}
      </div>
      <p role="status" className="form-notice">
        {copied === undefined
          ? (refusalIn(copier.data)?.formError ?? '')
          : copied === 0
            ? t('nutrition.meals.dayBeforeEmpty', { meal: mealType })
            : t('nutrition.meals.copied', { count: copied })}
      </p>
    </section>
  );
}
