import { foodRules, isMealType, mealRules, settingsRules, type MealType } from '@/domain/contract';
import { checkField } from '@/domain/fieldRules';
import { normalBarcode } from '@/domain/barcodes';
import { energyMismatch, macroEnergyKcal, type FoodRow, type Serving } from '@/domain/nutrition';
import { checkServings, gramsInUnit, isServingUnit, servingChoices } from '@/domain/servings';
import { per100gFromServing } from '@/domain/packLabel';
import { t, type MessageId } from '@/i18n';
import type { FormFieldNames } from '@/lib/errors';
import { formText, readLocalDateTime, readNumber } from '@/lib/formValues';
import type { FoodInput, MealInput } from './api';

export type MealField =
  | 'mealType'
  | 'date'
  | 'time'
  | 'food'
  | 'amount'
  | 'name'
  | 'caloriesKcal'
  | 'proteinG'
  | 'carbsG'
  | 'fatG'
  | 'dailyCalorieGoal';
export type MealFieldErrors = Partial<Record<MealField, string>>;

export type FoodField = keyof FoodInput;
export type FoodFieldErrors = Partial<Record<FoodField, string>>;

/** The meal and calorie-goal windows' fields by the names the server's rules give them, for its refusals. */
export const MEAL_FIELD_NAMES = {
  name: { field: 'name', label: 'nutrition.field.name' },
  caloriesKcal: { field: 'caloriesKcal', label: 'nutrition.quick.calories' },
  proteinG: { field: 'proteinG', label: 'nutrition.quick.protein' },
  carbsG: { field: 'carbsG', label: 'nutrition.quick.carbs' },
  fatG: { field: 'fatG', label: 'nutrition.quick.fat' },
  eatenAt: { field: 'date', label: 'nutrition.edit.date' },
  dailyCalorieGoal: { field: 'dailyCalorieGoal', label: 'nutrition.goal.label' },
} as const satisfies FormFieldNames<MealField>;

/** The new-food form's fields by the names the server's rules give them. */
export const FOOD_FIELD_NAMES = {
  name: { field: 'name', label: 'nutrition.field.name' },
  brand: { field: 'brand', label: 'nutrition.foodForm.brand' },
  kcalPer100g: { field: 'kcalPer100g', label: 'nutrition.foodForm.energy' },
  proteinPer100g: { field: 'proteinPer100g', label: 'nutrition.foodForm.protein' },
  carbsPer100g: { field: 'carbsPer100g', label: 'nutrition.foodForm.carbs' },
  fatPer100g: { field: 'fatPer100g', label: 'nutrition.foodForm.fat' },
  servingG: { field: 'servingG', label: 'nutrition.foodForm.serving' },
  servingLabel: { field: 'servingLabel', label: 'nutrition.foodForm.servingName' },
  barcode: { field: 'barcode', label: 'nutrition.foodForm.barcode' },
  servings: { field: 'servings', label: 'nutrition.foodForm.servings' },
} as const satisfies FormFieldNames<FoodField>;

function optionalNumber(form: FormData, name: string): number {
  const text = formText(form, name);
  return text === '' ? 0 : readNumber(text);
}

const MACRO_ERRORS: Readonly<Record<'proteinG' | 'carbsG' | 'fatG', MessageId>> = {
  proteinG: 'nutrition.form.proteinRange',
  carbsG: 'nutrition.form.carbsRange',
  fatG: 'nutrition.form.fatRange',
};

/**
 * The section, date and time every way of logging a meal asks for, each refusal put in `errors` at
 * its field; what was refused comes back undefined.
 */
export function readMealWhen(
  form: FormData,
  errors: MealFieldErrors,
  now: Date,
): { mealType: MealType | undefined; eatenAt: Date | undefined } {
  const mealType = formText(form, 'mealType');
  if (!isMealType(mealType)) errors.mealType = t('nutrition.form.mealType');
  const moment = readLocalDateTime(form);
  const eatenAt = 'at' in moment ? moment.at : undefined;
  if ('badDate' in moment && moment.badDate) errors.date = t('nutrition.form.date');
  if ('badTime' in moment && moment.badTime) errors.time = t('nutrition.form.time');
  if (eatenAt && checkField('date', mealRules.eatenAt, eatenAt, now)) {
    errors.date = t('nutrition.form.dateRange');
  }
  return { mealType: isMealType(mealType) ? mealType : undefined, eatenAt };
}

/** Reads the nutrition edit window: an amount of a chosen food, or a quick add of energy and macros. */
export function parseMealForm(
  form: FormData,
  now: Date = new Date(),
): { input: MealInput } | { fieldErrors: MealFieldErrors } {
  const errors: MealFieldErrors = {};
  const { mealType, eatenAt } = readMealWhen(form, errors, now);

  if (formText(form, 'mode') === 'quick') {
    const name = formText(form, 'name') || t('nutrition.quick.defaultName');
    if (checkField('name', mealRules.name, name)) errors.name = t('nutrition.form.nameLength');
    const caloriesKcal = readNumber(formText(form, 'caloriesKcal'));
    if (checkField('calories', mealRules.caloriesKcal, caloriesKcal)) {
      errors.caloriesKcal = t('nutrition.form.caloriesRange');
    }
    const macros = { proteinG: 0, carbsG: 0, fatG: 0 };
    for (const field of ['proteinG', 'carbsG', 'fatG'] as const) {
      macros[field] = optionalNumber(form, field);
      if (checkField(field, mealRules[field], macros[field])) {
        errors[field] = t(MACRO_ERRORS[field]);
      }
    }
    if (Object.keys(errors).length > 0 || !eatenAt || !mealType) return { fieldErrors: errors };
    return { input: { kind: 'quick', eatenAt, mealType, name, caloriesKcal, ...macros } };
  }

  const foodId = formText(form, 'foodId');
  if (!foodId) errors.food = t('nutrition.form.food');
  const unit = formText(form, 'amountUnit') || 'g';
  const servingG = readNumber(formText(form, 'servingG'));
  const choices = servingChoices({
    servingG: Number.isFinite(servingG) ? servingG : null,
    servingLabel: '',
    servings: readServings(formText(form, 'servings')),
  });
  const grams = gramsInUnit(readNumber(formText(form, 'amount')), unit, choices);
  if (unit !== 'g' && (!isServingUnit(unit) || grams === null)) {
    errors.amount = t('nutrition.form.unit');
  } else if (grams === null || !(grams > 0) || grams > 5000) {
    errors.amount = t('nutrition.form.amount');
  }
  if (Object.keys(errors).length > 0 || !eatenAt || !mealType || grams === null) {
    return { fieldErrors: errors };
  }
  return { input: { kind: 'food', eatenAt, mealType, foodId, grams } };
}

/** The servings of the picked food, sent beside it as JSON: none when malformed. */
function readServings(text: string): Serving[] {
  try {
    const value: unknown = JSON.parse(text || '[]');
    return checkServings(value) === null && Array.isArray(value) ? (value as Serving[]) : [];
  } catch {
    return [];
  }
}

/**
 * The new-food form's rows of servings, each a label and grams; a row left empty is no serving.
 * Refused as one field, naming the first row that is wrong.
 */
function readServingRows(form: FormData): { servings: Serving[] } | { error: string } {
  const labels = form.getAll('servingsLabel');
  const grams = form.getAll('servingsGrams');
  const rows: { label: unknown; grams: unknown }[] = [];
  labels.forEach((label, index) => {
    const gramsText = grams[index];
    const labelText = typeof label === 'string' ? label.trim() : '';
    const typed = typeof gramsText === 'string' ? gramsText.trim() : '';
    if (labelText === '' && typed === '') return;
    rows.push({ label: labelText, grams: readNumber(typed) });
  });
  const problem = checkServings(rows);
  if (!problem) return { servings: rows as Serving[] };
  const row = /^servings\[(\d+)\]/.exec(problem.field);
  return {
    error: row
      ? t('nutrition.foodForm.servingRowError', { row: Number(row[1]) + 1 })
      : t('nutrition.foodForm.servingsError'),
  };
}

const FOOD_WORDS: Readonly<Record<Exclude<FoodField, 'servings'>, MessageId>> = {
  name: 'nutrition.foodForm.nameError',
  brand: 'nutrition.foodForm.brandError',
  kcalPer100g: 'nutrition.foodForm.energyError',
  proteinPer100g: 'nutrition.foodForm.proteinError',
  carbsPer100g: 'nutrition.foodForm.carbsError',
  fatPer100g: 'nutrition.foodForm.fatError',
  servingG: 'nutrition.foodForm.servingError',
  servingLabel: 'nutrition.foodForm.servingNameError',
  barcode: 'nutrition.foodForm.barcodeError',
};

/** The values as typed: per 100 g, or per serving as the pack prints them (converted to per 100 g). */
function valuesPer100g(form: FormData, servingG: number | null) {
  const typed = {
    kcalPer100g: readNumber(formText(form, 'kcalPer100g')),
    proteinPer100g: optionalNumber(form, 'proteinPer100g'),
    carbsPer100g: optionalNumber(form, 'carbsPer100g'),
    fatPer100g: optionalNumber(form, 'fatPer100g'),
  };
  if (formText(form, 'valuesPer') !== 'serving') return typed;
  const perServing = {
    kcal: typed.kcalPer100g,
    proteinG: typed.proteinPer100g,
    carbsG: typed.carbsPer100g,
    fatG: typed.fatPer100g,
  };
  return servingG === null ? null : per100gFromServing(perServing, servingG);
}

/**
 * Reads the new-food form: values per 100 g or per serving, an optional pack serving, further
 * servings and the pack's barcode.
 */
export function parseFoodForm(form: FormData): { input: FoodInput } | { fieldErrors: FoodFieldErrors } {
  const errors: FoodFieldErrors = {};
  const servingText = formText(form, 'servingG');
  const servingG = servingText === '' ? null : readNumber(servingText);
  const barcodeText = formText(form, 'barcode');
  const values = valuesPer100g(form, servingG);
  // Values per serving mean nothing without the serving's weight.
  if (values === null) return { fieldErrors: { servingG: t('nutrition.foodForm.servingNeeded') } };
  const input: FoodInput = {
    name: formText(form, 'name'),
    brand: formText(form, 'brand'),
    ...values,
    servingG,
    servingLabel: formText(form, 'servingLabel'),
    barcode: barcodeText === '' ? null : (normalBarcode(barcodeText) ?? barcodeText),
    servings: [],
  };
  for (const field of Object.keys(FOOD_WORDS) as Exclude<FoodField, 'servings'>[]) {
    if (checkField(field, foodRules[field], input[field])) errors[field] = t(FOOD_WORDS[field]);
  }
  if (input.barcode !== null && normalBarcode(input.barcode) === null) {
    errors.barcode = t('nutrition.foodForm.barcodeError');
  }
  const rows = readServingRows(form);
  if ('error' in rows) errors.servings = rows.error;
  else input.servings = rows.servings;
  if (Object.keys(errors).length > 0) return { fieldErrors: errors };
  const mismatch = energyMismatch(input);
  if (mismatch) {
    return {
      fieldErrors: {
        kcalPer100g: t('nutrition.foodForm.energyMismatch', {
          kcal: Math.round(macroEnergyKcal(input.proteinPer100g, input.carbsPer100g, input.fatPer100g)),
        }),
      },
    };
  }
  const servingLabel =
    input.servingLabel ||
    (input.servingG !== null ? t('nutrition.foodForm.defaultServing', { grams: input.servingG }) : '');
  return { input: { ...input, servingLabel } };
}

/** Reads the daily calorie goal: a whole number of kcal within the contract's range. */
export function parseCalorieGoal(
  form: FormData,
): { dailyCalorieGoal: number } | { fieldErrors: MealFieldErrors } {
  const dailyCalorieGoal = readNumber(formText(form, 'dailyCalorieGoal'));
  if (checkField('goal', settingsRules.dailyCalorieGoal, dailyCalorieGoal)) {
    return { fieldErrors: { dailyCalorieGoal: t('nutrition.form.goalRange') } };
  }
  return { dailyCalorieGoal };
}

/**
 * The food the edit window showed, sent beside its id only to label an entry that waits on this
 * device; the server never reads it (it computes the meal from the food it has).
 */
export function readShownFood(form: FormData): FoodRow | null {
  try {
    const value: unknown = JSON.parse(formText(form, 'shownFood') || 'null');
    if (typeof value !== 'object' || value === null) return null;
    const food = value as Partial<Record<keyof FoodRow, unknown>>;
    const numbers = [food.kcalPer100g, food.proteinPer100g, food.carbsPer100g, food.fatPer100g];
    if (typeof food.id !== 'string' || typeof food.name !== 'string') return null;
    if (!numbers.every((number) => typeof number === 'number' && Number.isFinite(number))) return null;
    return value as FoodRow;
  } catch {
    return null;
  }
}
