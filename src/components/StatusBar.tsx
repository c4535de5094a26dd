import { lazy, Suspense, useState } from 'react';
import { useT } from '@/i18n';
import { useOutbox } from '@/lib/offline/outboxState';
import { syncDetail } from './changeText';
import { useOnlineStatus } from './useOnlineStatus';

// Loaded only when the server has refused something: most pages never need it.
const RefusedChanges = lazy(() =>
  import('./RefusedChanges').then((module) => ({ default: module.RefusedChanges })),
);

export interface StatusBarProps {
  /**
   * In the signed-in header: a small flag there, its word hidden on a phone while online, and
   * offline a line under the header saying what still works. Elsewhere: a pill in the corner.
   */
  inHeader?: boolean;
}

/**
 * Online / Offline, and what waits on this device: the status text alone is the live region (just
 * "Online" or "Offline" when nothing waits); the refused changes are a button beside it.
 */
export function StatusBar({ inHeader = false }: StatusBarProps) {
  const t = useT();
  const online = useOnlineStatus();
  const outbox = useOutbox();
  const refused = outbox.changes.filter((change) => change.refusal);
  // Once shown, the list stays mounted, so its window can say that nothing is left.
  const [refusalsSeen, setRefusalsSeen] = useState(false);
  if (refused.length > 0 && !refusalsSeen) setRefusalsSeen(true);
  const detail = syncDetail({
    waiting: outbox.changes.length - refused.length,
    syncing: outbox.syncing,
    sessionEnded: outbox.sessionEnded,
  });
  return (
    <div
      className={['status-bar', inHeader && 'status-bar-header', !online && 'is-offline']
        .filter(Boolean)
        .join(' ')}
    >
      <p className="status-text" role="status" aria-live="polite">
        <span className={online ? 'status-dot online' : 'status-dot offline'} aria-hidden="true" />
        <span className={online && inHeader && !detail ? 'status-word' : undefined}>
          {online ? t('common.status.online') : t('common.status.offline')}
        </span>
        {detail ? (
          <>
            <span aria-hidden="true"> · </span>
            {detail}
          </>
        ) : null}
      </p>
      {refusalsSeen ? (
        <Suspense fallback={null}>
          <RefusedChanges changes={refused} />
        </Suspense>
      ) : null}
      {inHeader && !online ? <p className="status-offline-note">{t('common.status.offlineNote')}</p> : null}
    </div>
  );
}
