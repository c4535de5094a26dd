import { useSyncExternalStore } from 'react';
import { markReachability, onReachabilityChange, serverUnreachable } from '@/lib/reachability';

/** The network came back: the server is taken as reachable until a request says otherwise. */
const onOnline = () => markReachability(true);

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onOnline);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  const stopReachability = onReachabilityChange(onChange);
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    stopReachability();
  };
}

/**
 * Online: the browser has a network (navigator.onLine, kept current by its events) and the server
 * answered the last time a page asked it (src/lib/reachability.ts).
 */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine && !serverUnreachable(),
    () => true,
  );
}
