import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { FormError } from '@/components/FormError';
import { SyncBadge } from '@/components/SyncBadge';
import type { MealType } from '@/domain/contract';
import type { SavedMealRow } from '@/domain/savedMeals';
import { useT } from '@/i18n';
import { refusalIn } from '@/lib/routeActions';
import type { NutritionActionResult } from '../actionResult';
import { SavedMealItems, useSavedMealSummary } from './SavedMealItems';

export interface SavedMealPickerProps {
  savedMeals: readonly SavedMealRow[];
  mealType: MealType;
  day: string;
  today: string;
  onDone: () => void;
}

/** The add window's "Saved meals" tab: each saved meal with what it holds, logged in one step. */
export function SavedMealPicker({ savedMeals, mealType, day, today, onDone }: SavedMealPickerProps) {
  const t = useT();
  const fetcher = useFetcher<NutritionActionResult>();
  const summary = useSavedMealSummary();
  const logged = fetcher.state === 'idle' && fetcher.data?.kind === 'savedMealLogged';

  useEffect(() => {
    if (logged) onDone();
  }, [logged, onDone]);

  if (savedMeals.length === 0) return <p className="empty-note">{t('nutrition.savedMeals.none')}</p>;
  return (
    <div className="saved-meal-picker">
      <ul className="saved-meal-list">
        {savedMeals.map((savedMeal) => (
          <li key={savedMeal.id} className="saved-meal-choice">
            <div className="saved-meal-heading">
              <h3>{savedMeal.name}</h3>
              <SyncBadge state={savedMeal.sync} />
              <span className="stat-note">{summary(savedMeal.items)}</span>
            </div>
            <SavedMealItems items={savedMeal.items} />
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="logSavedMeal" />
              <input type="hidden" name="savedMeal" value={JSON.stringify(savedMeal)} />
              <input type="hidden" name="mealType" value={mealType} />
              <input type="hidden" name="day" value={day} />
              <input type="hidden" name="today" value={today} />
              <button
                type="submit"
                className="button-primary"
                disabled={fetcher.state !== 'idle'}
                aria-label={t('nutrition.savedMeals.logInto', { name: savedMeal.name, meal: mealType })}
              >
                {t('nutrition.savedMeals.log')}
              </button>
            </fetcher.Form>
          </li>
        ))}
      </ul>
      <FormError>{refusalIn(fetcher.data)?.formError}</FormError>
    </div>
  );
}
