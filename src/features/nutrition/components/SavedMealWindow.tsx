import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { FormError } from '@/components/FormError';
import { FormField } from '@/components/FormField';
import { Popup } from '@/components/Popup';
import { SaveOrDelete } from '@/components/SaveOrDelete';
import { savedMealRules, type MealType } from '@/domain/contract';
import { inputLimits } from '@/domain/fieldRules';
import type { MealRow } from '@/domain/nutrition';
import { itemsFromMeals, type SavedMealRow } from '@/domain/savedMeals';
import { useT } from '@/i18n';
import { formatDate } from '@/i18n/dates';
import { dayToDate } from '@/lib/days';
import { refusalIn } from '@/lib/routeActions';
import type { NutritionActionResult } from '../actionResult';
import { SavedMealItems, useSavedMealSummary } from './SavedMealItems';

/** A section of a day to save as a meal, or a saved meal to rename or delete. */
export type SavedMealSubject =
  | { kind: 'section'; mealType: MealType; day: string; meals: readonly MealRow[] }
  | { kind: 'saved'; savedMeal: SavedMealRow };

export interface SavedMealWindowProps {
  open: boolean;
  onClose: () => void;
  subject: SavedMealSubject | null;
}

/** "Save breakfast as a meal" from a day's section, or a saved meal's name, items and deletion. */
export function SavedMealWindow({ open, onClose, subject }: SavedMealWindowProps) {
  const t = useT();
  const title =
    subject?.kind === 'saved'
      ? t('nutrition.savedMeals.editTitle', { name: subject.savedMeal.name })
      : t('nutrition.savedMeals.saveSection', { meal: subject?.mealType ?? 'breakfast' });
  return (
    <Popup open={open} title={title} onClose={onClose}>
      {subject ? (
        <SavedMealForm
          key={subject.kind === 'saved' ? subject.savedMeal.id : `${subject.day}-${subject.mealType}`}
          subject={subject}
          onDone={onClose}
        />
      ) : null}
    </Popup>
  );
}

function SavedMealForm({ subject, onDone }: { subject: SavedMealSubject; onDone: () => void }) {
  const t = useT();
  const fetcher = useFetcher<NutritionActionResult>();
  const summary = useSavedMealSummary();
  const refusal = refusalIn(fetcher.data);
  const done = fetcher.state === 'idle' && fetcher.data?.kind === 'done';
  const items = subject.kind === 'saved' ? subject.savedMeal.items : itemsFromMeals(subject.meals);
  const name =
    subject.kind === 'saved'
      ? subject.savedMeal.name
      : t('nutrition.savedMeals.defaultName', {
          meal: subject.mealType,
          date: formatDate(dayToDate(subject.day), t('nutrition.dates.long')),
        });

  useEffect(() => {
    if (done) onDone();
  }, [done, onDone]);

  return (
    <fetcher.Form method="post" className="saved-meal-form" noValidate>
      {subject.kind === 'saved' ? (
        <input type="hidden" name="id" value={subject.savedMeal.id} />
      ) : (
        <input type="hidden" name="items" value={JSON.stringify(items)} />
      )}
      <FormField
        label={t('nutrition.field.name')}
        name="name"
        {...inputLimits(savedMealRules.name)}
        required
        defaultValue={name}
        error={refusal?.savedMealErrors?.name}
        autoFocus
      />
      <h3 className="saved-meal-items-title">{t('nutrition.savedMeals.items')}</h3>
      <p className="stat-note">{summary(items)}</p>
      <SavedMealItems items={items} />
      <FormError>{refusal?.formError}</FormError>
      <SaveOrDelete
        thing={t('nutrition.savedMeals.thing')}
        busy={fetcher.state !== 'idle'}
        canDelete={subject.kind === 'saved'}
        confirmQuestion={t('nutrition.savedMeals.deleteQuestion', { name })}
        intents={{ save: 'saveSavedMeal', delete: 'deleteSavedMeal' }}
      />
    </fetcher.Form>
  );
}
