/**
 * Whether the server answered the last time the app asked it. The browser's `navigator.onLine`
 * says only that a network is there (a Wi-Fi without internet, a captive portal, a server down, or a
 * page the service worker served while the network is gone all read as online): a request that
 * could not reach the server says more, and the status flag shows both.
 */
let unreachable = false;
const listeners = new Set<() => void>();

export function serverUnreachable(): boolean {
  return unreachable;
}

/** Records whether the server was just reached; the flag changes only when the answer does. */
export function markReachability(reached: boolean): void {
  if (unreachable === !reached) return;
  unreachable = !reached;
  for (const listener of listeners) listener();
}

export function onReachabilityChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
