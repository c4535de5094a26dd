import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_INTERVAL_MS,
  isChunkLoadError,
  mayReloadForChunkError,
  reloadForChunkError,
} from './chunkReload';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('chunk load errors', () => {
  it('recognises the browsers’ and bundlers’ chunk failure messages', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Loading chunk 42 failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk home failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads at most once per 60 000 ms', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const start = 1_000_000;
    expect(CHUNK_RELOAD_INTERVAL_MS).toBe(60_000);
    expect(mayReloadForChunkError(storage, start)).toBe(true);
    reloadForChunkError(storage, reload, start);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(mayReloadForChunkError(storage, start + 59_999)).toBe(false);
    expect(mayReloadForChunkError(storage, start + 60_000)).toBe(true);
  });
});
