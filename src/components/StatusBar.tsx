import { lazy, Suspense, useState } from 'react';
import { useT } from '@/i18n';
import { useOutbox } from '@/lib/offline/outboxState';
import { syncDetail } from './changeText';
import { useOnlineStatus } from './useOnlineStatus';

// Loaded only when the server has refused something: most pages never need it.
const RefusedChanges = lazy(() =>
  import('./RefusedChanges').then((module) => ({ default: module.RefusedChanges })),
);

/**
 * Online / Offline, and what waits on this device: the status text alone is the live region (just
 * "Online" or "Offline" when nothing waits); the refused changes are a button beside it.
 */
export function StatusBar() {
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
    <div className="status-bar">
      <p className="status-text" role="status" aria-live="polite">
        <span className={online ? 'status-dot online' : 'status-dot offline'} aria-hidden="true" />
        {online ? t('common.status.online') : t('common.status.offline')}
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
    </div>
  );
}
