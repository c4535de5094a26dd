/** The status bar's words for the offline queue (no date formatting: this loads with every page). */

/** "1 change", "3 changes". */
export function changeCount(count: number): string {
  return count === 1 ? '1 change' : `${count} changes`;
}

/** "1 change was refused", "3 changes were refused". */
export function refusedCount(count: number): string {
  return count === 1 ? '1 change was refused' : `${count} changes were refused`;
}

export interface SyncProgress {
  /** Changes that wait to be sent (refused ones not included). */
  waiting: number;
  syncing: boolean;
  sessionEnded: boolean;
}

/** What the status bar adds after Online / Offline; null when nothing waits. */
export function syncDetail({ waiting, syncing, sessionEnded }: SyncProgress): string | null {
  if (waiting === 0) return null;
  if (sessionEnded) return `Log in again to send ${waiting} waiting ${waiting === 1 ? 'change' : 'changes'}.`;
  if (syncing) return `sending ${changeCount(waiting)}…`;
  return `${changeCount(waiting)} waiting to sync`;
}
