import { useSyncExternalStore } from 'react';

/** Narrower than the sm breakpoint (768 px): a phone's screen. */
const PHONE_SCREEN = '(max-width: 767.98px)';

const phoneQuery = (): MediaQueryList | undefined =>
  typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_SCREEN) : undefined;

function subscribe(changed: () => void): () => void {
  const query = phoneQuery();
  query?.addEventListener('change', changed);
  return () => query?.removeEventListener('change', changed);
}

/** Whether the screen is a phone's, now. */
export function isPhoneScreen(): boolean {
  return phoneQuery()?.matches ?? false;
}

/** Whether the screen is a phone's, re-rendering when that changes (a turned tablet, a resized window). */
export function usePhoneScreen(): boolean {
  return useSyncExternalStore(subscribe, isPhoneScreen, () => false);
}
