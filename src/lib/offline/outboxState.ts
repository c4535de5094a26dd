import { useSyncExternalStore } from 'react';
import type { PendingChange } from './changes';

/**
 * What the screens read of the offline queue, apart from the queue's machinery (IndexedDB, sending),
 * so the status bar on every page does not load that machinery before the first paint.
 */
export interface OutboxState {
  /** The signed-in person whose changes these are; null before sign-in is known. */
  account: string | null;
  /** Their waiting changes, oldest first, refused ones included. */
  changes: readonly PendingChange[];
  syncing: boolean;
  /** The server ended the session: the changes wait until the same person logs in again. */
  sessionEnded: boolean;
}

export const EMPTY_OUTBOX: OutboxState = { account: null, changes: [], syncing: false, sessionEnded: false };

let state: OutboxState = EMPTY_OUTBOX;
const listeners = new Set<() => void>();
const syncedListeners = new Set<() => void>();

export function setOutboxState(next: Partial<OutboxState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function outboxState(): OutboxState {
  return state;
}

export function useOutbox(): OutboxState {
  return useSyncExternalStore(subscribe, outboxState, () => EMPTY_OUTBOX);
}

/** Called after a sync pass saved something, so the pages can load the server's view again. */
export function onSynced(listener: () => void): () => void {
  syncedListeners.add(listener);
  return () => syncedListeners.delete(listener);
}

export function announceSynced(): void {
  for (const listener of syncedListeners) listener();
}
