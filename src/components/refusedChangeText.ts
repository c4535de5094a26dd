import { format } from 'date-fns';
import { errorSentence } from '@/lib/errors';
import { dateOf, type OfflineClass, type PendingChange, type Refusal } from '@/lib/offline/changes';

const ENTRY_KINDS: Readonly<Record<OfflineClass, { name: string; dateField: string }>> = {
  Activity: { name: 'Workout', dateField: 'startedAt' },
  Meal: { name: 'Meal', dateField: 'eatenAt' },
  WeightEntry: { name: 'Weigh-in', dateField: 'measuredAt' },
};

const OPERATIONS: Readonly<Record<PendingChange['op'], string>> = {
  create: 'new',
  update: 'edit',
  delete: 'deletion',
};

/** What a change was, e.g. "Meal (new) · 3 Mar 2026, 08:30 · Porridge". */
export function changeLabel(change: PendingChange): string {
  const kind = ENTRY_KINDS[change.className];
  const when = dateOf(change.fields[kind.dateField]);
  const name = change.display.name;
  const parts = [`${kind.name} (${OPERATIONS[change.op]})`];
  if (when && !Number.isNaN(when.getTime())) parts.push(format(when, 'd MMM yyyy, HH:mm'));
  if (typeof name === 'string' && name) parts.push(name);
  return parts.join(' · ');
}

/** Why the server refused a change: our validators' sentences as written, other codes in plain words. */
export function refusalSentence(refusal: Refusal): string {
  return errorSentence({ code: refusal.code, message: refusal.message });
}
