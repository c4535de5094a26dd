import type { SyncState } from '@/domain/sync';
import { useT, type MessageId } from '@/i18n';

const LABELS: Readonly<Record<SyncState, MessageId>> = {
  waiting: 'frame.sync.badgeWaiting',
  refused: 'frame.sync.badgeRefused',
};

/** Marks an entry changed on this device that the server has not saved yet. */
export function SyncBadge({ state }: { state: SyncState | undefined }) {
  const t = useT();
  if (!state) return null;
  return <span className={`sync-badge sync-${state}`}>{t(LABELS[state])}</span>;
}
