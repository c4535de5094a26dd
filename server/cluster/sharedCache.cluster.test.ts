import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, closeRedis, type RedisClient } from './redis';
import { RedisHitCounter } from '../http/rateLimits';
import { CACHE_PREFIX, SharedCache } from './sharedCache';
import { RedisProcess, waitUntil } from '../test/cluster';

/** Parse's cache and the rate-limit counters side by side in one real Redis, and Redis going away. */

let redis: RedisProcess;
let client: RedisClient;

beforeAll(async () => {
  redis = await RedisProcess.start();
  client = connectRedis(redis.url, 'test', () => undefined);
  await waitUntil('the client connected', () => client.isReady);
});

afterAll(async () => {
  if (client) await closeRedis(client);
  await redis?.stop();
});

describe('SharedCache', () => {
  it('keeps entries in its own key space and clears only that space', async () => {
    const cache = new SharedCache(client);
    const counter = new RedisHitCounter(client);
    await cache.put('fitstreak:user:r:token', { objectId: 'abc' });
    await counter.hit('/login:ip:10.0.0.1', 60_000);

    expect(await cache.get('fitstreak:user:r:token')).toEqual({ objectId: 'abc' });
    expect(await client.keys(`${CACHE_PREFIX}*`)).toEqual([`${CACHE_PREFIX}fitstreak:user:r:token`]);

    await cache.clear();

    expect(await cache.get('fitstreak:user:r:token')).toBeNull();
    expect(await counter.hit('/login:ip:10.0.0.1', 60_000)).toBe(2);
  });

  it('keeps an entry no longer than its time to live', async () => {
    const cache = new SharedCache(client, 50);
    await cache.put('fitstreak:role:x', ['admin'], 10_000);

    expect(await client.pTTL(`${CACHE_PREFIX}fitstreak:role:x`)).toBeLessThanOrEqual(50);
  });

  it('answers a miss at once, and drops writes, while Redis is away; the counter cannot count', async () => {
    const cache = new SharedCache(client);
    await cache.put('fitstreak:user:r:kept', { objectId: 'k' });
    await redis.stop();
    await waitUntil('the client noticing', () => !client.isReady);

    // Each call returns while Redis is still down: one that queued would wait for it for ever.
    const read = await cache.get('fitstreak:user:r:kept');
    await cache.put('fitstreak:user:r:new', { objectId: 'n' });
    await cache.del('fitstreak:user:r:kept');
    await cache.clear();
    const hit = await new RedisHitCounter(client).hit('/login:ip:10.0.0.2', 60_000);

    expect(read).toBeNull();
    expect(hit).toBeUndefined();

    await redis.start();
    await waitUntil('the client reconnected', () => client.isReady, 10_000);
    expect(await cache.get('fitstreak:user:r:new')).toBeNull();
    expect(await new RedisHitCounter(client).hit('/login:ip:10.0.0.2', 60_000)).toBe(1);
  });
});
