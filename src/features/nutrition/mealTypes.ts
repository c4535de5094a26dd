import type { MealType } from '@/domain/contract';
import type { MessageId } from '@/i18n';

/** The section headings, as message ids (translated where shown). */
export const MEAL_TYPE_LABELS: Readonly<Record<MealType, MessageId>> = {
  breakfast: 'nutrition.mealType.breakfast',
  lunch: 'nutrition.mealType.lunch',
  dinner: 'nutrition.mealType.dinner',
  snack: 'nutrition.mealType.snack',
};

/** When a meal added to a past day is put, by section (local time). */
export const MEAL_TYPE_TIMES: Readonly<Record<MealType, string>> = {
  breakfast: '08:00',
  lunch: '12:30',
  dinner: '19:00',
  snack: '16:00',
};
