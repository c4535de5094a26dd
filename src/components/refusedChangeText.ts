import { t, type MessageId } from '@/i18n';
import { formatDate } from '@/i18n/dates';
import { errorSentence } from '@/lib/errors';
import { dateOf, type OfflineClass, type PendingChange, type Refusal } from '@/lib/offline/changes';

/** Each kind of entry: its field with the date, and its name with each operation ("Meal (new)"). */
const ENTRY_KINDS: Readonly<
  Record<OfflineClass, { dateField: string; names: Readonly<Record<PendingChange['op'], MessageId>> }>
> = {
  Activity: {
    dateField: 'startedAt',
    names: {
      create: 'frame.change.workoutNew',
      update: 'frame.change.workoutEdit',
      delete: 'frame.change.workoutDeletion',
    },
  },
  Meal: {
    dateField: 'eatenAt',
    names: {
      create: 'frame.change.mealNew',
      update: 'frame.change.mealEdit',
      delete: 'frame.change.mealDeletion',
    },
  },
  WeightEntry: {
    dateField: 'measuredAt',
    names: {
      create: 'frame.change.weighInNew',
      update: 'frame.change.weighInEdit',
      delete: 'frame.change.weighInDeletion',
    },
  },
  BodyMeasurement: {
    dateField: 'measuredAt',
    names: {
      create: 'frame.change.measurementNew',
      update: 'frame.change.measurementEdit',
      delete: 'frame.change.measurementDeletion',
    },
  },
  SavedMeal: {
    // A saved meal has no date of its own: its name says which it is.
    dateField: 'createdAt',
    names: {
      create: 'frame.change.savedMealNew',
      update: 'frame.change.savedMealEdit',
      delete: 'frame.change.savedMealDeletion',
    },
  },
  Recipe: {
    // A recipe has no date of its own.
    dateField: '',
    names: {
      create: 'frame.change.recipeNew',
      update: 'frame.change.recipeEdit',
      delete: 'frame.change.recipeDeletion',
    },
  },
};

/** What a change was, e.g. "Meal (new) · 3 Mar 2026, 08:30 · Porridge". */
export function changeLabel(change: PendingChange): string {
  const kind = ENTRY_KINDS[change.className];
  const when = dateOf(change.fields[kind.dateField]);
  const name = change.display.name;
  const parts = [t(kind.names[change.op])];
  if (when && !Number.isNaN(when.getTime())) parts.push(formatDate(when, t('frame.date.dateTime')));
  if (typeof name === 'string' && name) parts.push(name);
  return parts.join(' · ');
}

/** Why the server refused a change: our validators' sentences as written, other codes in plain words. */
export function refusalSentence(refusal: Refusal): string {
  return errorSentence({ code: refusal.code, message: refusal.message });
}
