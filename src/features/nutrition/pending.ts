import { localDay } from '@/domain/calendarDays';
import { isMealType } from '@/domain/contract';
import {
  dayExtras,
  dayTotals,
  EXTRA_NUTRIENTS,
  mealKey,
  type FoodRow,
  type MealExtras,
  type MealRow,
  type NutritionDay,
} from '@/domain/nutrition';
import {
  applyWaiting,
  dateOf,
  numberOf,
  pendingView,
  stringOf,
  type PendingChange,
  type PendingEntry,
} from '@/lib/offline/changes';
import { t } from '@/i18n';

function foodOf(entry: PendingEntry): FoodRow | null {
  const json = entry.display.food;
  try {
    return typeof json === 'string' ? (JSON.parse(json) as FoodRow) : null;
  } catch {
    return null;
  }
}

/** A number the entry's own fields give (quick add) or, for a food, the estimate it was shown with. */
function amountOf(
  entry: PendingEntry,
  field: 'caloriesKcal' | 'proteinG' | 'carbsG' | 'fatG',
  saved?: number,
): number {
  return numberOf(entry.fields[field]) ?? numberOf(entry.display[field] ?? null) ?? saved ?? 0;
}

/** Fibre, sugars, saturated fat and salt as the entry gives them or was shown with; null when unknown. */
function extrasOf(entry: PendingEntry, saved: MealRow | undefined): MealExtras {
  const extras = {} as MealExtras;
  for (const nutrient of EXTRA_NUTRIENTS) {
    const key = mealKey(nutrient);
    extras[key] =
      numberOf(entry.fields[key] ?? null) ?? numberOf(entry.display[key] ?? null) ?? saved?.[key] ?? null;
  }
  return extras;
}

function rowOf(entry: PendingEntry, saved: MealRow | undefined): MealRow | null {
  const { fields } = entry;
  const mealType = isMealType(fields.mealType) ? fields.mealType : saved?.mealType;
  const eatenAt = dateOf(fields.eatenAt)?.toISOString() ?? saved?.eatenAt;
  if (mealType === undefined || eatenAt === undefined) return null;
  const withFood = typeof fields.food === 'object' && fields.food !== null;
  const name = withFood
    ? String(entry.display.name ?? saved?.name ?? t('nutrition.meal.unknownFood'))
    : stringOf(fields.name) || saved?.name || '';
  return {
    id: entry.id,
    mealType,
    eatenAt,
    name,
    grams: withFood ? numberOf(fields.grams) : null,
    food: withFood ? (foodOf(entry) ?? saved?.food ?? null) : null,
    caloriesKcal: amountOf(entry, 'caloriesKcal', saved?.caloriesKcal),
    proteinG: amountOf(entry, 'proteinG', saved?.proteinG),
    carbsG: amountOf(entry, 'carbsG', saved?.carbsG),
    fatG: amountOf(entry, 'fatG', saved?.fatG),
    ...extrasOf(entry, saved),
    sync: entry.refusal ? 'refused' : 'waiting',
  };
}

/**
 * The day's meals with this device's waiting changes applied and marked, and the day's totals
 * counted again with them (a food's energy as estimated here until the server computes it).
 */
export function withWaitingMeals(day: NutritionDay, changes: readonly PendingChange[]): NutritionDay {
  const rows = applyWaiting(day.meals, pendingView(changes, 'Meal'), rowOf);
  if (rows === day.meals) return day;
  const meals = rows
    .filter((meal) => localDay(new Date(meal.eatenAt), day.timeZone) === day.date)
    .sort((a, b) => a.eatenAt.localeCompare(b.eatenAt));
  return { ...day, meals, ...dayTotals(meals), extras: dayExtras(meals) };
}
