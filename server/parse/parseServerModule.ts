import { createRequire } from 'node:module';
import type http from 'node:http';
import type express from 'express';

/**
 * parse-server's bundled type declarations are incomplete (several options are typed as required,
 * classes as plain functions), so this is the one typed door to the parts we use.
 */
/** The pg pool behind Parse's Postgres adapter (pg-promise's `$pool`); absent on MongoDB. */
export interface AdapterPool {
  readonly _clients: ReadonlyArray<{ once(event: 'end', listener: () => void): unknown }>;
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
  readonly options: { readonly max?: number };
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * The PostgreSQL adapter's schema-change listener (with `databaseOptions.enableSchemaHooks`): one
 * dedicated connection (pg-promise's, around a pg client) and the callback that reloads the schema.
 */
export interface SchemaListeningAdapter {
  _stream?: { client: NodeJS.EventEmitter; done(): void };
  _listenToSchema(): Promise<void>;
  _onchange(): void;
}

export interface DatabaseAdapter extends Partial<SchemaListeningAdapter> {
  handleShutdown(): unknown;
  _client?: { $pool?: AdapterPool };
}

/** One class as Parse keeps it in its `_SCHEMA` table (Parse's own format). */
export interface StoredClass {
  className: string;
  fields: Record<string, { type: string; targetClass?: string }>;
  classLevelPermissions?: Record<string, unknown>;
  indexes?: Record<string, Record<string, unknown>>;
}

export interface ParseServerInstance {
  start(): Promise<unknown>;
  readonly app: express.Handler;
  readonly config: {
    /** Tells every node's LiveQuery (through Redis in a cluster) to read a person's roles afresh. */
    liveQueryController?: { clearCachedRoles(user: { id: string }): unknown };
    databaseController: {
      adapter: DatabaseAdapter;
      loadSchema(options?: { clearCache: boolean }): Promise<{
        getAllClasses(options?: { clearCache: boolean }): Promise<StoredClass[]>;
        /** Creates one of Parse's own classes (`_Session`…) with its default fields, unless it exists. */
        enforceClassExists(className: string): Promise<unknown>;
      }>;
    };
  };
}

/** What a socket's subscription records: its query, and the session it was made with. */
export interface LiveQuerySubscriptionInfo {
  readonly subscription?: { readonly className?: unknown; readonly query?: unknown };
  readonly sessionToken?: string;
}

/** A connected LiveQuery socket; `subscriptionInfos` holds its subscriptions by request id. */
export interface LiveQueryClient {
  readonly subscriptionInfos: ReadonlyMap<unknown, LiveQuerySubscriptionInfo>;
  readonly parseWebSocket: LiveQuerySocket;
  /** The session the socket connected with. */
  readonly sessionToken?: string;
}

/** Parse's wrapper of one WebSocket (it carries the client id Parse gave the socket). */
export interface LiveQuerySocket {
  ws: { close(code?: number, reason?: string): void };
}

export interface LiveQueryServer {
  /** Sockets whose `connect` was accepted, by client id (ParseLiveQueryServer's own map). */
  readonly clients: ReadonlyMap<unknown, LiveQueryClient>;
  /** Where saved objects arrive from: a Redis client with REDIS_URL, else an in-process emitter. */
  readonly subscriber: { on(event: string, listener: (...args: unknown[]) => void): unknown };
  /** Ends one subscription of a socket, as the client's own `unsubscribe` would, telling it or not. */
  _handleUnsubscribe(socket: LiveQuerySocket, request: { requestId: unknown }, notifyClient: boolean): void;
  /** Whose session a token is (kept a few seconds; no user for an unknown or ended session). */
  getAuthForSessionToken(sessionToken?: string): Promise<{ userId?: string }>;
  shutdown(): Promise<void>;
}

interface ParseServerModule {
  ParseServer: {
    new (options: object): ParseServerInstance;
    createLiveQueryServer(server: http.Server, config: object, options: object): Promise<LiveQueryServer>;
  };
  FileSystemAdapter: new (options: { filesSubDirectory: string }) => object;
}

const require = createRequire(import.meta.url);

export const { ParseServer, FileSystemAdapter } = require('parse-server') as ParseServerModule;

/**
 * The classes Parse keeps in memory (`_Audience`, `_PushStatus`, `_Idempotency`…) and closes to every
 * client without the master key; a definition of one can never be saved.
 */
export const PARSE_IN_MEMORY_CLASSES: readonly string[] = (
  require('parse-server/lib/Controllers/SchemaController') as {
    VolatileClassesSchemas: readonly { className: string }[];
  }
).VolatileClassesSchemas.map((schema) => schema.className);
