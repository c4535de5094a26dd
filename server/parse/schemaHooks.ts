import type { DatabaseAdapter, SchemaListeningAdapter } from './parseServerModule';

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 10_000;

/** PostgreSQL's adapter listens for schema changes; MongoDB's watches a change stream of its own. */
export function listensForSchemaChanges(
  adapter: DatabaseAdapter,
): adapter is DatabaseAdapter & SchemaListeningAdapter {
  return typeof adapter._listenToSchema === 'function' && typeof adapter._onchange === 'function';
}

export interface SchemaHooksWatch {
  stop(): void;
}

/**
 * With `enableSchemaHooks`, each node hears every other node's schema change through a PostgreSQL
 * LISTEN on one dedicated connection, and stops reloading its schema cache on its own. Parse never
 * opens that connection again once it is lost (a database restart, a network cut), and an 'error'
 * on it would crash the process. This watches the connection, listens again with backoff once the
 * database answers, and reloads the schema then, since changes made meanwhile were not heard.
 */
export function keepListeningForSchemaChanges(
  adapter: SchemaListeningAdapter,
  log: (line: string) => void,
): SchemaHooksWatch {
  const watched = new WeakSet<object>();
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const listenAgain = async (delayMs: number): Promise<void> => {
    if (stopped) return;
    try {
      await adapter._listenToSchema();
      watch();
      adapter._onchange();
      log('Listening for schema changes of other nodes again.');
    } catch {
      const stream = adapter._stream;
      delete adapter._stream;
      try {
        stream?.done();
      } catch {
        // Already closed.
      }
      retry = setTimeout(() => void listenAgain(Math.min(delayMs * 2, MAX_RETRY_MS)), delayMs);
      retry.unref();
    }
  };

  const lost = (stream: NonNullable<SchemaListeningAdapter['_stream']>) => () => {
    if (stopped || adapter._stream !== stream) return;
    log('The connection that hears schema changes was lost; listening again once the database answers.');
    delete adapter._stream;
    try {
      stream.done();
    } catch {
      // Already closed.
    }
    retry = setTimeout(() => void listenAgain(FIRST_RETRY_MS), FIRST_RETRY_MS);
    retry.unref();
  };

  function watch(): void {
    const stream = adapter._stream;
    if (!stream || watched.has(stream.client)) return;
    watched.add(stream.client);
    const onLost = lost(stream);
    stream.client.on('error', onLost);
    stream.client.on('end', onLost);
  }

  watch();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(retry);
    },
  };
}
