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

/** "1 change", "3 changes". */
export function changeCount(count: number): string {
  return count === 1 ? '1 change' : `${count} changes`;
}

/** "1 change was refused", "3 changes were refused". */
export function refusedCount(count: number): string {
  return count === 1 ? '1 change was refused' : `${count} changes were refused`;
}

export interface SyncProgress {
  /** Changes that wait to be sent (refused ones not included). */
  waiting: number;
  syncing: boolean;
  sessionEnded: boolean;
}

/** What the status bar adds after Online / Offline; null when nothing waits. */
export function syncDetail({ waiting, syncing, sessionEnded }: SyncProgress): string | null {
  if (waiting === 0) return null;
  if (sessionEnded) return `Log in again to send ${waiting} waiting ${waiting === 1 ? 'change' : 'changes'}.`;
  if (syncing) return `sending ${changeCount(waiting)}…`;
  return `${changeCount(waiting)} waiting to sync`;
}

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
