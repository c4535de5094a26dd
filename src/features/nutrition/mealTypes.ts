import type { MealType } from '@/domain/contract';

export const MEAL_TYPE_LABELS: Readonly<Record<MealType, string>> = {
  breakfast: 'Breakfast',
  lunch: 'Lunch',
  dinner: 'Dinner',
  snack: 'Snacks',
};

/** When a meal added to a past day is put, by section (local time). */
export const MEAL_TYPE_TIMES: Readonly<Record<MealType, string>> = {
  breakfast: '08:00',
  lunch: '12:30',
  dinner: '19:00',
  snack: '16:00',
};
