import { useEffect, useEffectEvent } from 'react';
import { useSearchParams } from 'react-router';
import { LOG_PARAM, type LogKind } from '@/domain/logging';

/**
 * Opens a page's logging window when the frame's "+" asked for it (`?log=<kind>`), once, and takes
 * the request out of the address, so going back or reloading does not open it again.
 */
export function useLogRequest(kind: LogKind, open: () => void): void {
  const [params, setParams] = useSearchParams();
  const asked = params.get(LOG_PARAM) === kind;
  const openWindow = useEffectEvent(open);
  useEffect(() => {
    if (!asked) return;
    openWindow();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(LOG_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [asked, setParams]);
}
