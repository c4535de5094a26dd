import { createClient } from 'redis';

export type RedisClient = ReturnType<typeof createClient>;

const CONNECT_TIMEOUT_MS = 2_000;
const MAX_RECONNECT_DELAY_MS = 2_000;

/**
 * A Redis connection that never holds a request hostage: while Redis is unreachable a command
 * fails at once instead of waiting in an offline queue, and the client keeps reconnecting in the
 * background. Each outage and each recovery is logged once.
 */
export function connectRedis(url: string, purpose: string, log: (line: string) => void): RedisClient {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, MAX_RECONNECT_DELAY_MS),
    },
  });
  let unreachable = false;
  client.on('error', (error: unknown) => {
    if (unreachable) return;
    unreachable = true;
    log(
      `Redis (${purpose}) is unreachable, retrying: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  client.on('ready', () => {
    if (!unreachable) return;
    unreachable = false;
    log(`Redis (${purpose}) is reachable again.`);
  });
  // The first connection is retried like any later one; the process starts meanwhile.
  client.connect().catch(() => undefined);
  return client;
}

/** Closes the connection, or drops it when Redis is gone and a polite QUIT would wait. */
export async function closeRedis(client: RedisClient): Promise<void> {
  if (!client.isOpen) return;
  if (client.isReady) await client.close().catch(() => client.destroy());
  else client.destroy();
}
