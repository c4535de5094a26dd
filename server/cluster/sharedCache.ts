import type { RedisClient } from './redis';

/** Where Parse's cache lives in Redis: its own key space, apart from the rate-limit counters. */
export const CACHE_PREFIX = 'fitstreak:cache:';
/** As long as Parse's in-process cache keeps a session (its `cacheTTL` default). */
const DEFAULT_TTL_MS = 5_000;
const CLEAR_BATCH = 500;

/**
 * Parse's cache of sessions, users and roles, shared by every node through Redis, so a log-out
 * or a revoked session on one node is honoured by all of them at once.
 *
 * Parse's own RedisCacheAdapter does not fit a cluster: it empties the whole Redis database with
 * FLUSHDB when a role is written (the rate-limit counters with it), and while Redis is down its
 * commands wait in an offline queue, so every request that reads a session waits too. Here a
 * cache that cannot be reached is a cache miss: reads go to the database, writes are dropped, and
 * an entry lives at most `ttlMs`, which bounds how long a deletion missed during an outage matters.
 */
export class SharedCache {
  constructor(
    private readonly client: RedisClient,
    private readonly ttlMs = DEFAULT_TTL_MS,
  ) {}

  /** Parse awaits this at start; the connection is made (and remade) in the background. */
  connect(): Promise<void> {
    return Promise.resolve();
  }

  async get(key: string): Promise<unknown> {
    if (!this.client.isReady) return null;
    try {
      const value = await this.client.get(CACHE_PREFIX + key);
      return value === null ? null : (JSON.parse(value) as unknown);
    } catch {
      return null;
    }
  }

  async put(key: string, value: unknown, ttl: number = this.ttlMs): Promise<void> {
    if (!this.client.isReady || ttl === 0) return;
    const lifetime = Number.isFinite(ttl) && ttl > 0 ? Math.min(ttl, this.ttlMs) : this.ttlMs;
    try {
      await this.client.set(CACHE_PREFIX + key, JSON.stringify(value), { PX: Math.round(lifetime) });
    } catch {
      // Unreachable: the next read finds nothing and asks the database.
    }
  }

  async del(key: string): Promise<void> {
    if (!this.client.isReady) return;
    try {
      await this.client.del(CACHE_PREFIX + key);
    } catch {
      // Unreachable: the entry expires within ttlMs.
    }
  }

  /** Empties the cache's own key space only (Parse calls this when a role changes). */
  async clear(): Promise<void> {
    if (!this.client.isReady) return;
    try {
      for await (const keys of this.client.scanIterator({ MATCH: `${CACHE_PREFIX}*`, COUNT: CLEAR_BATCH })) {
        if (keys.length > 0) await this.client.unlink(keys);
      }
    } catch {
      // Unreachable: entries expire within ttlMs.
    }
  }

  /** The connection belongs to the server, which closes it after Parse has stopped. */
  handleShutdown(): Promise<void> {
    return Promise.resolve();
  }
}
