import { useId, useState } from 'react';
import { matchesWords, searchWords } from '@/domain/nutrition';
import { MAX_LOGGED_SERVINGS, recipePortion } from '@/domain/recipes';
import { useT } from '@/i18n';
import { formatGrams, formatKcal } from '@/lib/format';
import { readNumber } from '@/lib/formValues';
import { isLoggable, type ShownRecipe } from '../recipePending';

export interface RecipeLogProps {
  recipes: readonly ShownRecipe[];
  /** The recipe chosen, if any. */
  pickedId: string | null;
  onPick: (recipeId: string | null) => void;
  /** The refusal of the servings typed. */
  error: string | undefined;
}

/** The add window's Recipes tab: the person's recipes to choose from, then servings with a preview. */
export function RecipeLog({ recipes, pickedId, onPick, error }: RecipeLogProps) {
  const picked = recipes.find((recipe) => recipe.id === pickedId && isLoggable(recipe));
  if (picked) return <RecipePortion recipe={picked} onChange={() => onPick(null)} error={error} />;
  return <RecipeList recipes={recipes} onPick={(recipe) => onPick(recipe.id)} />;
}

function RecipeList({
  recipes,
  onPick,
}: {
  recipes: readonly ShownRecipe[];
  onPick: (recipe: ShownRecipe) => void;
}) {
  const t = useT();
  const [query, setQuery] = useState('');
  const inputId = useId();
  const headingId = useId();
  const words = searchWords(query);
  const shown = words.length === 0 ? recipes : recipes.filter((recipe) => matchesWords(recipe.name, words));
  if (recipes.length === 0) return <p className="empty-note">{t('nutrition.recipe.none')}</p>;
  return (
    <div className="food-search recipe-log">
      <div className="form-field">
        <label htmlFor={inputId}>{t('nutrition.recipe.filter')}</label>
        <input
          id={inputId}
          type="search"
          value={query}
          autoFocus
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <p role="status" className="search-status">
        {shown.length === 0 ? t('nutrition.recipe.noMatch', { query }) : ''}
      </p>
      <div className="food-list">
        <h3 id={headingId}>{t('nutrition.recipe.list')}</h3>
        <ul aria-labelledby={headingId}>
          {shown.map((recipe) => (
            <li key={recipe.id}>
              <button
                type="button"
                className="food-option"
                disabled={!isLoggable(recipe)}
                onClick={() => onPick(recipe)}
              >
                <span className="food-name">{recipe.name}</span>
                <span className="food-values">
                  {isLoggable(recipe)
                    ? t('nutrition.recipe.perServing', {
                        kcal: formatKcal(recipe.perServing.caloriesKcal),
                        servings: recipe.servings,
                      })
                    : t('nutrition.recipe.waiting')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** Servings of the chosen recipe, 1 to start with, and what they come to. */
function RecipePortion({
  recipe,
  onChange,
  error,
}: {
  recipe: ShownRecipe;
  onChange: () => void;
  error: string | undefined;
}) {
  const t = useT();
  const [servings, setServings] = useState('1');
  const servingsId = useId();
  const errorId = `${servingsId}-error`;
  const typed = readNumber(servings);
  const portion = typed > 0 && typed <= MAX_LOGGED_SERVINGS ? recipePortion(recipe.perServing, typed) : null;
  return (
    <div className="food-amount">
      <input type="hidden" name="recipeId" value={recipe.id} />
      <input type="hidden" name="shownRecipe" value={JSON.stringify(recipe)} />
      <div className="picked-food">
        <p>
          <strong>{recipe.name}</strong>
          <span className="food-badge">{t('nutrition.recipe.badge')}</span>
          <br />
          <span className="stat-note">
            {t('nutrition.recipe.perServing', {
              kcal: formatKcal(recipe.perServing.caloriesKcal),
              servings: recipe.servings,
            })}
          </span>
        </p>
        <button type="button" className="button-secondary" onClick={onChange}>
          {t('nutrition.recipe.change')}
        </button>
      </div>
      <div className="form-field">
        <label htmlFor={servingsId}>{t('nutrition.recipe.servings')}</label>
        <input
          id={servingsId}
          name="servings"
          type="number"
          inputMode="decimal"
          step="any"
          max={MAX_LOGGED_SERVINGS}
          value={servings}
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setServings(event.target.value)}
        />
        {error ? (
          <p id={errorId} className="field-error">
            {error}
          </p>
        ) : null}
      </div>
      <p className="meal-preview" aria-live="polite">
        {portion
          ? t('nutrition.edit.preview', {
              amount: formatGrams(portion.grams),
              kcal: formatKcal(portion.caloriesKcal),
              protein: formatGrams(portion.proteinG),
              carbs: formatGrams(portion.carbsG),
              fat: formatGrams(portion.fatG),
            })
          : t('nutrition.edit.previewEmpty')}
      </p>
    </div>
  );
}
