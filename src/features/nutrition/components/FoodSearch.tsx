import { useEffect, useId, useRef, useState } from 'react';
import { MAX_QUERY_LENGTH, type FoodRow } from '@/domain/nutrition';
import { PACK_UNIT, servingChoices } from '@/domain/servings';
import { useT } from '@/i18n';
import { formatNumber } from '@/i18n/numbers';
import { errorSentence } from '@/lib/errors';
import { formatKcal } from '@/lib/format';
import { searchFoods } from '../api';
import { BarcodeScan } from './BarcodeScan';

/** Time after the last keystroke before a search goes out. */
const TYPING_PAUSE_MS = 100;

/** The food's first serving beside its energy: the pack's, else the first of its servings. */
function servingNote(food: FoodRow, t: ReturnType<typeof useT>): string {
  const [first] = servingChoices(food);
  if (!first || (first.unit === PACK_UNIT && !first.serving.label)) return '';
  const { label, grams } = first.serving;
  const weight = formatNumber(grams, { maximumFractionDigits: 1, useGrouping: false });
  return ` · ${first.unit === PACK_UNIT ? label : t('nutrition.edit.servingOption', { label, grams: weight })}`;
}

export interface FoodSearchProps {
  recentFoods: readonly FoodRow[];
  frequentFoods: readonly FoodRow[];
  /** Foods already on this device, where a scanned code is looked for without a network. */
  foodsOnDevice?: readonly FoodRow[];
  onPick: (food: FoodRow) => void;
  /** Make a food for a barcode nothing is known for; without it, the search offers no scanning. */
  onCreateForCode?: (code: string) => void;
  error?: string | undefined;
  /** Find the person's recipes too (rows whose `recipe` is set). */
  recipes?: boolean;
}

type SearchState =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'found'; query: string; foods: FoodRow[] }
  | { kind: 'failed'; message: string };

/** Search the catalogue and one's own foods as one types; recent and frequent foods before that. */
export function FoodSearch({
  recentFoods,
  frequentFoods,
  foodsOnDevice = [],
  onPick,
  onCreateForCode,
  error,
  recipes = false,
}: FoodSearchProps) {
  const t = useT();
  const [query, setQuery] = useState('');
  const [state, setState] = useState<SearchState>({ kind: 'idle' });
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef(0);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const search = (text: string) => {
    setQuery(text);
    window.clearTimeout(timer.current);
    const asked = ++latest.current;
    if (!text.trim()) {
      setState({ kind: 'idle' });
      return;
    }
    timer.current = window.setTimeout(() => {
      setState({ kind: 'searching' });
      searchFoods(text, { recipes }).then(
        (foods) => {
          if (asked === latest.current) setState({ kind: 'found', query: text, foods });
        },
        (failure: unknown) => {
          if (asked === latest.current) setState({ kind: 'failed', message: errorSentence(failure) });
        },
      );
    }, TYPING_PAUSE_MS);
  };

  const found = state.kind === 'found' ? state.foods : [];
  return (
    <div className="food-search">
      <div className="form-field">
        <label htmlFor={inputId}>{t('nutrition.search.label')}</label>
        <input
          id={inputId}
          type="search"
          value={query}
          autoFocus
          autoComplete="off"
          placeholder={t('nutrition.search.placeholder')}
          maxLength={MAX_QUERY_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => search(event.target.value)}
          onKeyDown={(event) => {
            // Enter picks the first match instead of submitting the meal without a food.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            const [first] = found;
            if (first) onPick(first);
          }}
        />
        {error ? (
          <p id={errorId} className="field-error">
            {error}
          </p>
        ) : null}
      </div>
      {onCreateForCode ? (
        <BarcodeScan foodsOnDevice={foodsOnDevice} onFound={onPick} onCreate={onCreateForCode} />
      ) : null}
      <p role="status" className="search-status">
        {state.kind === 'searching'
          ? t('nutrition.search.searching')
          : state.kind === 'failed'
            ? state.message
            : state.kind === 'found'
              ? state.foods.length === 0
                ? t('nutrition.search.noMatch', { query: state.query })
                : t('nutrition.search.found', { count: state.foods.length })
              : ''}
      </p>
      {state.kind === 'found' ? (
        <FoodList label={t('nutrition.search.results')} foods={state.foods} onPick={onPick} />
      ) : state.kind === 'idle' ? (
        <>
          {recentFoods.length > 0 ? (
            <FoodList label={t('nutrition.search.recent')} foods={recentFoods} onPick={onPick} />
          ) : null}
          {frequentFoods.length > 0 ? (
            <FoodList label={t('nutrition.search.frequent')} foods={frequentFoods} onPick={onPick} />
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function FoodList({
  label,
  foods,
  onPick,
}: {
  label: string;
  foods: readonly FoodRow[];
  onPick: (food: FoodRow) => void;
}) {
  const t = useT();
  const headingId = useId();
  return (
    <div className="food-list">
      <h3 id={headingId}>{label}</h3>
      <ul aria-labelledby={headingId}>
        {foods.map((food) => (
          <li key={food.id}>
            <button type="button" className="food-option" onClick={() => onPick(food)}>
              <span className="food-name">
                {food.name}
                {food.brand ? <span className="stat-note"> · {food.brand}</span> : null}
                {food.recipe ? (
                  <span className="food-badge">{t('nutrition.recipe.badge')}</span>
                ) : food.custom ? (
                  <span className="food-badge">{t('nutrition.search.myFood')}</span>
                ) : null}
              </span>
              <span className="food-values">
                {food.recipe && food.servingG
                  ? t('nutrition.recipe.perServing', {
                      kcal: formatKcal((food.kcalPer100g * food.servingG) / 100),
                      servings: food.recipe.servings,
                    })
                  : t('nutrition.search.kcalPer100g', { kcal: Math.round(food.kcalPer100g) })}
                {servingNote(food, t)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
