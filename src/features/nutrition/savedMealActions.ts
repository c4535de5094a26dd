import { isMealType, savedMealRules } from '@/domain/contract';
import { isIsoDate } from '@/domain/dates';
import { checkField } from '@/domain/fieldRules';
import { savedMealItemsOf, type SavedMealRow } from '@/domain/savedMeals';
import { t } from '@/i18n';
import { formText } from '@/lib/formValues';
import { refusedByServer, refusedWith, type Intents } from '@/lib/routeActions';
import type { NutritionActionResult } from './actionResult';
import { deleteSavedMeal, logSavedMeal, saveSavedMeal } from './api';

/** A saved meal as a form carried it (the one shown), or null when it is not one. */
function readSavedMeal(form: FormData): SavedMealRow | null {
  try {
    const value: unknown = JSON.parse(formText(form, 'savedMeal'));
    if (typeof value !== 'object' || value === null) return null;
    const { id, name, items } = value as Record<string, unknown>;
    const read = savedMealItemsOf(items);
    return typeof id === 'string' && typeof name === 'string' && read.length > 0
      ? { id, name, items: read }
      : null;
  } catch {
    return null;
  }
}

function readItems(form: FormData) {
  try {
    return savedMealItemsOf(JSON.parse(formText(form, 'items')));
  } catch {
    return [];
  }
}

/** The nutrition page's actions on saved meals, by the form's intent. */
export const SAVED_MEAL_INTENTS = {
  saveSavedMeal: async (form) => {
    const name = formText(form, 'name').trim();
    if (checkField('name', savedMealRules.name, name)) {
      return { kind: 'refused', savedMealErrors: { name: t('nutrition.savedMeals.nameError') } };
    }
    const id = formText(form, 'id');
    try {
      await saveSavedMeal(id ? { name } : { name, items: readItems(form) }, id || undefined);
    } catch (error) {
      const refused = refusedByServer(error, ['name']);
      return refused.fieldErrors ? { kind: 'refused', savedMealErrors: refused.fieldErrors } : refused;
    }
    return { kind: 'done' };
  },
  deleteSavedMeal: async (form) => {
    const id = formText(form, 'id');
    if (id) await deleteSavedMeal(id);
    return { kind: 'done' };
  },
  logSavedMeal: async (form) => {
    const savedMeal = readSavedMeal(form);
    const mealType = formText(form, 'mealType');
    const day = formText(form, 'day');
    const today = formText(form, 'today');
    if (!savedMeal || !isMealType(mealType) || !isIsoDate(day) || !isIsoDate(today)) {
      return refusedWith(t('common.errors.unknownAction'));
    }
    const { logged } = await logSavedMeal(savedMeal, mealType, day, today);
    return { kind: 'savedMealLogged', count: logged };
  },
} satisfies Intents<NutritionActionResult>;
