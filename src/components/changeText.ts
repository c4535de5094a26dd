import { t } from '@/i18n';

/** The status bar's words for the offline queue (no date formatting: this loads with every page). */

/** "1 change was refused", "3 changes were refused". */
export function refusedCount(count: number): string {
  return t('frame.sync.refusedCount', { count });
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
  if (sessionEnded) return t('frame.sync.logInAgain', { count: waiting });
  if (syncing) return t('frame.sync.sending', { count: waiting });
  return t('frame.sync.waiting', { count: waiting });
}
