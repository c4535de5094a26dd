import { savedMealTotals, type SavedMealItem } from '@/domain/savedMeals';
import { useT } from '@/i18n';
import { formatGrams, formatKcal } from '@/lib/format';

/** "3 items · 520 kcal": how much a saved meal holds. */
export function useSavedMealSummary(): (items: readonly SavedMealItem[]) => string {
  const t = useT();
  return (items) =>
    t('nutrition.savedMeals.summary', {
      count: items.length,
      kcal: formatKcal(savedMealTotals(items).caloriesKcal),
    });
}

/** What a saved meal holds: each item with its amount and energy as saved. */
export function SavedMealItems({ items }: { items: readonly SavedMealItem[] }) {
  return (
    <ul className="saved-meal-items">
      {items.map((item, index) => (
        <li key={index}>
          <span className="saved-meal-item-name">{item.name}</span>
          <span className="stat-note">
            {[item.grams === undefined ? '' : formatGrams(item.grams), formatKcal(item.caloriesKcal)]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </li>
      ))}
    </ul>
  );
}
