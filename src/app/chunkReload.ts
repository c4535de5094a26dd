/** A deploy replaces hashed chunks; a tab holding the old index then fails to load one. Reload, but not in a loop. */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
export const CHUNK_RELOAD_STORAGE_KEY = 'fitstreak:chunk-reload-at';

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Loading chunk [\w-]+ failed/i,
  /Loading CSS chunk [\w-]+ failed/i,
  /Unable to preload CSS/i,
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

type ReloadStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Whether a reload is allowed now: at most one per interval, remembered for the tab's session. */
export function mayReloadForChunkError(storage: ReloadStorage, now: number): boolean {
  const last = Number(storage.getItem(CHUNK_RELOAD_STORAGE_KEY) ?? 0);
  return !Number.isFinite(last) || now - last >= CHUNK_RELOAD_INTERVAL_MS;
}

export function reloadForChunkError(storage: ReloadStorage, reload: () => void, now: number): void {
  storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
  reload();
}
