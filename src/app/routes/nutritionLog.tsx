import { ChevronLeft, ChevronRight } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import {
  Link,
  useLoaderData,
  useNavigate,
  useSearchParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { DatePicker } from '@/components/DatePicker';
import { PageFrame, PageLoadFailure } from '@/components/PageFrame';
import { StaleNotice } from '@/components/StaleNotice';
import { addDays } from '@/domain/calendarDays';
import { isMealType, type MealType } from '@/domain/contract';
import { isIsoDate } from '@/domain/dates';
import { HISTORY_SPANS, type HistorySpan, type MealRow, type NutritionDay } from '@/domain/nutrition';
import type { SavedMealRow } from '@/domain/savedMeals';
import {
  CalorieGoalWindow,
  CopyMealsWindow,
  DailyTotals,
  ExpenditureCard,
  MealSections,
  NutritionEditWindow,
  adaptCalorieGoal,
  copyMeals,
  createFood,
  deleteMeal,
  loadNutritionDay,
  parseCalorieGoal,
  parseFoodForm,
  parseMealForm,
  readShownFood,
  saveMeal,
  updateFood,
  withWaitingMeals,
  loadSavedMeals,
  withWaitingSavedMeals,
  SavedMealsCard,
  SavedMealWindow,
  SAVED_MEAL_INTENTS,
  type SavedMealSubject,
  deleteRecipe,
  loadRecipes,
  logRecipe,
  parseRecipeForm,
  parseRecipeLogForm,
  RECIPE_FIELD_NAMES,
  RecipesCard,
  RecipeWindow,
  saveRecipe,
  SaveRecipeWindow,
  withWaitingRecipes,
  type ShownRecipe,
  type NutritionActionResult,
  FOOD_FIELD_NAMES,
  MEAL_FIELD_NAMES,
} from '@/features/nutrition';
import { saveMySettings } from '@/features/settings';
import { t, useT } from '@/i18n';
import { formatDate } from '@/i18n/dates';
import { dateToDay, dayToDate } from '@/lib/days';
import { loadOrLastLoaded } from '@/lib/offline/lastLoaded';
import { waitingChanges } from '@/lib/offline/outbox';
import { formText } from '@/lib/formValues';
import { loadFailure, requireSignedIn } from '../guards';
import { requireValidSearch } from '../validity';
import { useLogRequest } from '../logRequest';
import { mealTypeAt } from '@/domain/logging';
import { refusedByServer, refusedFields, refusedWith, runIntent, type Intents } from '@/lib/routeActions';
import '@/features/nutrition/components/foodLogging.css';

const EnergyHistoryChart = lazy(() => import('@/features/nutrition/components/EnergyHistoryChart'));

const isSpan = (value: string) =>
  (HISTORY_SPANS as readonly number[]).includes(Number(value)) && /^\d+$/.test(value);

interface LoaderData {
  day: NutritionDay | null;
  /** The person's recipes, this device's copy when offline; none when they could not be loaded. */
  recipes: readonly ShownRecipe[];
  span: HistorySpan;
  /** When the day shown was loaded, if it is this device's copy (offline). */
  savedAt: string | null;
  loadError: string | null;
  /** The person's saved meals, as last loaded on this device when offline; none if never loaded. */
  savedMeals: readonly SavedMealRow[];
}

/** The saved meals with this device's waiting changes; a failure leaves the page without them. */
async function savedMealsShown(waiting: Parameters<typeof withWaitingSavedMeals>[1]) {
  const loaded = await loadOrLastLoaded('savedMeals', loadSavedMeals).catch(() => ({ data: [] }));
  return withWaitingSavedMeals(loaded.data, waiting);
}

export async function loader({ request }: LoaderFunctionArgs): Promise<LoaderData> {
  const params = requireValidSearch(request, { date: isIsoDate, days: isSpan });
  const span: HistorySpan = params.get('days') === '30' ? 30 : 7;
  await requireSignedIn(request);
  try {
    const date = params.get('date') ?? undefined;
    const waiting = await waitingChanges();
    const [loaded, savedMeals, recipes] = await Promise.all([
      loadOrLastLoaded(`nutrition:${date ?? ''}:${span}`, () => loadNutritionDay({ date, days: span })),
      savedMealsShown(waiting),
      // The recipes are kept on the device too: offline, a recipe is logged with its numbers as last loaded.
      loadOrLastLoaded('recipes', loadRecipes).then(
        (copy) => copy.data,
        () => [],
      ),
    ]);
    return {
      day: withWaitingMeals(loaded.data, waiting),
      recipes: withWaitingRecipes(recipes, waiting),
      span,
      savedAt: loaded.savedAt,
      loadError: null,
      savedMeals,
    };
  } catch (error) {
    return {
      day: null,
      recipes: [],
      span,
      savedAt: null,
      loadError: loadFailure(request, error),
      savedMeals: [],
    };
  }
}

/** The nutrition page's actions, by the form's intent. */
const INTENTS = {
  save: async (form) => {
    if (formText(form, 'mode') === 'recipe') {
      const servings = parseRecipeLogForm(form);
      if ('fieldErrors' in servings) return refusedFields(servings.fieldErrors);
      await logRecipe(servings.input);
      return { kind: 'done' };
    }
    const parsed = parseMealForm(form);
    if ('fieldErrors' in parsed) return refusedFields(parsed.fieldErrors);
    const id = formText(form, 'id');
    await saveMeal(parsed.input, id || undefined, readShownFood(form));
    return { kind: 'done' };
  },
  delete: async (form) => {
    const id = formText(form, 'id');
    if (id) await deleteMeal(id);
    return { kind: 'done' };
  },
  copy: async (form) => {
    const fromDate = formText(form, 'fromDate');
    const toDate = formText(form, 'toDate');
    const mealType = formText(form, 'mealType');
    if (!isIsoDate(fromDate) || !isIsoDate(toDate)) return refusedWith(t('nutrition.copy.chooseFrom'));
    const { copied } = await copyMeals({
      fromDate,
      toDate,
      ...(isMealType(mealType) ? { mealType } : {}),
    });
    return { kind: 'copied', count: copied };
  },
  goal: async (form) => {
    const parsed = parseCalorieGoal(form);
    if ('fieldErrors' in parsed) return refusedFields(parsed.fieldErrors);
    await saveMySettings(parsed);
    return { kind: 'done' };
  },
  adaptiveGoal: async (form) => ({
    kind: 'adaptiveGoal',
    goal: await adaptCalorieGoal(formText(form, 'on') === 'true'),
  }),
  saveRecipe: async (form) => {
    const parsed = parseRecipeForm(form);
    if ('fieldErrors' in parsed) return { kind: 'refused', recipeErrors: parsed.fieldErrors };
    try {
      await saveRecipe(parsed.input, formText(form, 'id') || undefined, parsed.names);
      return { kind: 'done' };
    } catch (error) {
      const refused = refusedByServer(error, RECIPE_FIELD_NAMES);
      return refused.fieldErrors ? { kind: 'refused', recipeErrors: refused.fieldErrors } : refused;
    }
  },
  deleteRecipe: async (form) => {
    const id = formText(form, 'id');
    if (id) await deleteRecipe(id);
    return { kind: 'done' };
  },
  createFood: async (form) => {
    const parsed = parseFoodForm(form);
    if ('fieldErrors' in parsed) return { kind: 'refused', foodErrors: parsed.fieldErrors };
    try {
      return { kind: 'foodCreated', food: await createFood(parsed.input) };
    } catch (error) {
      const refused = refusedByServer(error, FOOD_FIELD_NAMES);
      return refused.fieldErrors ? { kind: 'refused', foodErrors: refused.fieldErrors } : refused;
    }
  },
  ...SAVED_MEAL_INTENTS,
  updateFood: async (form) => {
    const food = readShownFood(form);
    if (!food?.custom) return refusedWith(t('nutrition.foodForm.notOwnFood'));
    const parsed = parseFoodForm(form);
    if ('fieldErrors' in parsed) return { kind: 'refused', foodErrors: parsed.fieldErrors };
    try {
      return { kind: 'foodCreated', food: await updateFood(food, parsed.input) };
    } catch (error) {
      const refused = refusedByServer(error, FOOD_FIELD_NAMES);
      return refused.fieldErrors ? { kind: 'refused', foodErrors: refused.fieldErrors } : refused;
    }
  },
} satisfies Intents<NutritionActionResult>;

export async function action({ request }: ActionFunctionArgs): Promise<NutritionActionResult> {
  return runIntent<NutritionActionResult>(await request.formData(), INTENTS, (error) =>
    refusedByServer(error, MEAL_FIELD_NAMES),
  );
}

export function Component() {
  const t = useT();
  const { day, recipes, span, savedAt, loadError, savedMeals } = useLoaderData<LoaderData>();
  if (!day) {
    return (
      <PageLoadFailure
        title={t('nutrition.page.title')}
        sentence={t('nutrition.page.loadFailed')}
        reason={loadError}
      />
    );
  }
  return <NutritionPage day={day} recipes={recipes} span={span} savedAt={savedAt} savedMeals={savedMeals} />;
}

type Window =
  | { kind: 'meal'; mealType: MealType; entry: MealRow | null }
  | { kind: 'copy' }
  | { kind: 'goal' }
  | { kind: 'savedMeal'; subject: SavedMealSubject }
  | { kind: 'saveRecipe'; mealType: MealType }
  | { kind: 'recipe'; recipe: ShownRecipe }
  | null;

interface NutritionPageProps {
  day: NutritionDay;
  recipes: readonly ShownRecipe[];
  span: HistorySpan;
  savedAt: string | null;
  savedMeals: readonly SavedMealRow[];
}

function NutritionPage({ day, recipes, span, savedAt, savedMeals }: NutritionPageProps) {
  const t = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [open, setOpen] = useState<Window>(null);
  const close = useCallback(() => setOpen(null), []);
  useLogRequest('meal', () => {
    const now = new Date();
    setOpen({ kind: 'meal', mealType: mealTypeAt(now.getHours() * 60 + now.getMinutes()), entry: null });
  });
  const link = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    const query = next.toString();
    return query ? `?${query}` : '?';
  };
  const dayLink = (date: string) => link({ date: date === day.today ? null : date });
  const isToday = day.date === day.today;
  const foodsOnDevice = useMemo(
    () => [
      ...day.recentFoods,
      ...day.frequentFoods,
      ...day.meals.flatMap((meal) => (meal.food ? [meal.food] : [])),
    ],
    [day],
  );

  return (
    <PageFrame title={t('nutrition.page.title')}>
      <StaleNotice savedAt={savedAt} />
      <div className="page-actions day-nav">
        <Link
          to={dayLink(addDays(day.date, -1))}
          className="button-secondary"
          aria-label={t('nutrition.page.previousDay')}
        >
          <ChevronLeft className="icon icon-lead" />
          {t('nutrition.page.previous')}
        </Link>
        <DatePicker
          label={t('nutrition.page.day')}
          value={dayToDate(day.date)}
          onChange={(date) => void navigate(dayLink(dateToDay(date)))}
        />
        <Link
          to={dayLink(addDays(day.date, 1))}
          className="button-secondary"
          aria-label={t('nutrition.page.nextDay')}
        >
          {t('nutrition.page.next')}
          <ChevronRight className="icon icon-trail" />
        </Link>
        {isToday ? null : (
          <Link to={dayLink(day.today)} className="button-secondary">
            {t('nutrition.page.today')}
          </Link>
        )}
        <button type="button" className="button-secondary" onClick={() => setOpen({ kind: 'copy' })}>
          {t('nutrition.copy.title')}
        </button>
      </div>
      <p className="page-intro">
        {isToday
          ? t('nutrition.page.todayDate', { date: formatDate(dayToDate(day.date), t('nutrition.dates.day')) })
          : formatDate(dayToDate(day.date), t('nutrition.dates.day'))}
      </p>
      <div className="nutrition-layout">
        <MealSections
          day={day.date}
          meals={day.meals}
          sections={day.sections}
          onAdd={(mealType) => setOpen({ kind: 'meal', mealType, entry: null })}
          onEdit={(entry) => setOpen({ kind: 'meal', mealType: entry.mealType, entry })}
          onSaveAsRecipe={(mealType) => setOpen({ kind: 'saveRecipe', mealType })}
          onSaveAsMeal={(mealType, meals) =>
            setOpen({ kind: 'savedMeal', subject: { kind: 'section', mealType, day: day.date, meals } })
          }
          footer={
            <SavedMealsCard
              savedMeals={savedMeals}
              onOpen={(savedMeal) => setOpen({ kind: 'savedMeal', subject: { kind: 'saved', savedMeal } })}
            />
          }
        />
        <RecipesCard recipes={recipes} onEdit={(recipe) => setOpen({ kind: 'recipe', recipe })} />
        <DailyTotals
          totals={day.totals}
          extras={day.extras}
          entries={day.meals.length}
          goal={
            day.calorieGoal === null
              ? null
              : { kcal: day.calorieGoal, source: day.calorieGoalSource ?? 'own' }
          }
          workoutsKcal={day.workoutsKcal}
          countsExercise={day.countsExercise}
          onChangeGoal={() => setOpen({ kind: 'goal' })}
        />
        <section className="card nutrition-history" aria-labelledby="history-heading">
          <div className="card-header">
            <h2 id="history-heading">{t('nutrition.history.title')}</h2>
            <nav aria-label={t('nutrition.history.range')} className="range-links">
              {HISTORY_SPANS.map((days) => (
                <Link
                  key={days}
                  to={link({ days: days === 7 ? null : String(days) })}
                  aria-current={span === days ? 'true' : undefined}
                >
                  {t('nutrition.history.days', { days })}
                </Link>
              ))}
            </nav>
          </div>
          {day.history.some((energy) => energy.caloriesKcal > 0) ? (
            <Suspense fallback={<div className="chart-placeholder" aria-hidden="true" />}>
              <EnergyHistoryChart history={day.history} calorieGoal={day.calorieGoal} />
            </Suspense>
          ) : (
            <p className="empty-note chart-empty">
              {day.meals.some((meal) => meal.sync !== undefined)
                ? t('nutrition.history.waiting')
                : t('nutrition.history.empty', { days: span })}
            </p>
          )}
        </section>
        <ExpenditureCard calorieGoal={day.calorieGoal} />
      </div>
      <NutritionEditWindow
        open={open?.kind === 'meal'}
        onClose={close}
        entry={open?.kind === 'meal' ? open.entry : null}
        mealType={open?.kind === 'meal' ? open.mealType : 'breakfast'}
        day={day.date}
        today={day.today}
        recentFoods={day.recentFoods}
        frequentFoods={day.frequentFoods}
        foodsOnDevice={foodsOnDevice}
        savedMeals={savedMeals}
        recipes={recipes}
      />
      <SavedMealWindow
        open={open?.kind === 'savedMeal'}
        onClose={close}
        subject={open?.kind === 'savedMeal' ? open.subject : null}
      />
      <SaveRecipeWindow
        open={open?.kind === 'saveRecipe'}
        onClose={close}
        mealType={open?.kind === 'saveRecipe' ? open.mealType : 'breakfast'}
        day={day.date}
        meals={open?.kind === 'saveRecipe' ? day.meals.filter((meal) => meal.mealType === open.mealType) : []}
      />
      <RecipeWindow
        open={open?.kind === 'recipe'}
        onClose={close}
        recipe={open?.kind === 'recipe' ? open.recipe : null}
        recentFoods={day.recentFoods}
        frequentFoods={day.frequentFoods}
      />
      <CopyMealsWindow open={open?.kind === 'copy'} onClose={close} day={day.date} />
      <CalorieGoalWindow open={open?.kind === 'goal'} onClose={close} calorieGoal={day.calorieGoal} />
    </PageFrame>
  );
}
