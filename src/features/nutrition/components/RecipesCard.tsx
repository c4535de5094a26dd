import { SyncBadge } from '@/components/SyncBadge';
import { useT } from '@/i18n';
import { formatGrams, formatKcal } from '@/lib/format';
import type { ShownRecipe } from '../recipePending';

export interface RecipesCardProps {
  recipes: readonly ShownRecipe[];
  onEdit: (recipe: ShownRecipe) => void;
}

/** The person's recipes under the day's meals, each opening its edit window. */
export function RecipesCard({ recipes, onEdit }: RecipesCardProps) {
  const t = useT();
  return (
    <section className="card recipes-card" aria-labelledby="recipes-heading">
      <div className="card-header">
        <h2 id="recipes-heading">{t('nutrition.recipe.cardTitle')}</h2>
      </div>
      {recipes.length === 0 ? (
        <p className="empty-note">{t('nutrition.recipe.none')}</p>
      ) : (
        <ul className="meal-list">
          {recipes.map((recipe) => (
            <li key={recipe.id} className="meal-item">
              <button
                type="button"
                className="meal-entry"
                aria-label={t('nutrition.recipe.edit', { name: recipe.name })}
                onClick={() => onEdit(recipe)}
              >
                <span className="meal-name">{recipe.name}</span>
                <span className="meal-amount">
                  {t('nutrition.recipe.summary', {
                    grams: formatGrams(recipe.cookedWeightG ?? recipe.totalWeightG),
                    kcal: formatKcal(recipe.perServing.caloriesKcal),
                  })}
                </span>
                <SyncBadge state={recipe.sync} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
