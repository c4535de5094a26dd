import { useOutbox } from '@/lib/offline/outbox';
import { RefusedChanges } from './RefusedChanges';
import { syncDetail } from './changeText';
import { useOnlineStatus } from './useOnlineStatus';

/**
 * Online / Offline, and what waits on this device: the status text alone is the live region (just
 * "Online" or "Offline" when nothing waits); the refused changes are a button beside it.
 */
export function StatusBar() {
  const online = useOnlineStatus();
  const outbox = useOutbox();
  const refused = outbox.changes.filter((change) => change.refusal);
  const detail = syncDetail({
    waiting: outbox.changes.length - refused.length,
    syncing: outbox.syncing,
    sessionEnded: outbox.sessionEnded,
  });
  return (
    <div className="status-bar">
      <p className="status-text" role="status" aria-live="polite">
        <span className={online ? 'status-dot online' : 'status-dot offline'} aria-hidden="true" />
        {online ? 'Online' : 'Offline'}
        {detail ? (
          <>
            <span aria-hidden="true"> · </span>
            {detail}
          </>
        ) : null}
      </p>
      <RefusedChanges changes={refused} />
    </div>
  );
}
