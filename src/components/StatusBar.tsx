import { useOnlineStatus } from './useOnlineStatus';

export function StatusBar() {
  const online = useOnlineStatus();
  return (
    <div className="status-bar" role="status" aria-live="polite">
      <span className={online ? 'status-dot online' : 'status-dot offline'} aria-hidden="true" />
      {online ? 'Online' : 'Offline'}
    </div>
  );
}
