import type { SyncState } from '@/domain/sync';

const LABELS: Readonly<Record<SyncState, string>> = {
  waiting: 'Waiting to sync',
  refused: 'Not saved: see the status bar',
};

/** Marks an entry changed on this device that the server has not saved yet. */
export function SyncBadge({ state }: { state: SyncState | undefined }) {
  if (!state) return null;
  return <span className={`sync-badge sync-${state}`}>{LABELS[state]}</span>;
}
