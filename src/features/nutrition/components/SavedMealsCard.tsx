import { SyncBadge } from '@/components/SyncBadge';
import type { SavedMealRow } from '@/domain/savedMeals';
import { T } from '@/i18n/T';
import { useT } from '@/i18n';
import { useSavedMealSummary } from './SavedMealItems';

export interface SavedMealsCardProps {
  savedMeals: readonly SavedMealRow[];
  onOpen: (savedMeal: SavedMealRow) => void;
}

/** The person's saved meals under the day's meals, each opening its window to rename or delete it. */
export function SavedMealsCard({ savedMeals, onOpen }: SavedMealsCardProps) {
  const t = useT();
  const summary = useSavedMealSummary();
  return (
    <section className="card saved-meals" aria-labelledby="saved-meals-heading">
      <div className="card-header">
        <h2 id="saved-meals-heading">{t('nutrition.savedMeals.title')}</h2>
      </div>
      {savedMeals.length === 0 ? (
        <p className="empty-note">{t('nutrition.savedMeals.none')}</p>
      ) : (
        <ul className="meal-list">
          {savedMeals.map((savedMeal) => (
            <li key={savedMeal.id} className="meal-item">
              <button type="button" className="meal-entry" onClick={() => onOpen(savedMeal)}>
                <T
                  id="nutrition.savedMeals.open"
                  values={{ name: savedMeal.name }}
                  components={{ 0: <span className="visually-hidden" />, 1: <span className="meal-name" /> }}
                />
                <span className="visually-hidden">, </span>
                <span className="meal-amount">{summary(savedMeal.items)}</span>
                <SyncBadge state={savedMeal.sync} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
