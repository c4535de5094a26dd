import type { MealType } from '@/domain/contract';
import type { MessageId } from '@/i18n';

export { MEAL_TYPE_TIMES } from '@/domain/savedMeals';

/** The section headings, as message ids (translated where shown). */
export const MEAL_TYPE_LABELS: Readonly<Record<MealType, MessageId>> = {
  breakfast: 'nutrition.mealType.breakfast',
  lunch: 'nutrition.mealType.lunch',
  dinner: 'nutrition.mealType.dinner',
  snack: 'nutrition.mealType.snack',
};
