import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type express from 'express';
import pg from 'pg';
import { provideSqlClient } from '../cloud/database';
import { createApp } from './app';
import type { AppConfig } from './config';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embeddedDatabase';
import { buildParseOptions, IDEMPOTENCY_TTL_S, LIVE_QUERY_CLASSES } from './parseOptions';
import {
  createClientKeyIndexes,
  createSettingsOwnerIndex,
  scheduleIdempotencyCleanup,
  type RecurringTask,
} from './postgres';
import { ParseServer, type ParseServerInstance } from './parseServerModule';
import { loadOrCreateSecrets } from './secrets';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A failure at start that deserves one plain line, not a stack trace. */
export class StartError extends Error {}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Creates `dir` and any missing parents one level at a time. `mkdir({ recursive: true })` never
 * settles on some pseudo file systems (e.g. under /proc), where a plain mkdir fails at once.
 */
async function makeDirectory(dir: string): Promise<void> {
  try {
    await mkdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    const parent = path.dirname(dir);
    if (code !== 'ENOENT' || parent === dir) throw error;
    await makeDirectory(parent);
    await mkdir(dir).catch((again: NodeJS.ErrnoException) => {
      if (again.code !== 'EEXIST') throw again;
    });
  }
}

async function ensureWritable(dataDir: string): Promise<void> {
  try {
    await makeDirectory(path.resolve(dataDir));
    await access(dataDir, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new StartError(`DATA_DIR ${dataDir} cannot be written (${code}).`);
  }
}

function listen(server: http.Server, config: AppConfig): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(new StartError(`Port ${config.port} is already in use: stop the other program or set PORT.`));
      } else if (error.code === 'EACCES') {
        reject(new StartError(`Port ${config.port} needs more privileges: choose PORT above 1024.`));
      } else {
        reject(error);
      }
    });
    server.listen(config.port, config.host, () => resolve());
  });
}

/**
 * `ParseServer.handleShutdown` assumes Parse started its own HTTP server; we only close its pool.
 * The adapter's `handleShutdown` does not wait for the pool's connections to end, and Postgres
 * stopping under a live connection would be reported as an error, so we wait for them here.
 */
async function closeDatabaseAdapter(parseServer: ParseServerInstance): Promise<void> {
  const adapter = parseServer.config.databaseController.adapter;
  const pool = adapter._client?.$pool;
  pool?.on('error', () => undefined);
  const ended = (pool?._clients ?? []).map(
    (client) => new Promise<void>((resolve) => client.once('end', resolve)),
  );
  await adapter.handleShutdown();
  await Promise.all(ended);
}

/** Any fixed number: the key of the advisory lock nodes take while they seed shared rows. */
const SEED_LOCK_KEY = 4_184_017;

/**
 * Several nodes starting at once on one PostgreSQL database seed one after the other, so the second
 * finds the first one's rows instead of creating them again. Without SQL there is one node.
 */
async function withStartLock<T>(pool: pg.Pool | undefined, work: () => Promise<T>): Promise<T> {
  if (!pool) return work();
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SEED_LOCK_KEY]);
    return await work();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [SEED_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}

export async function startServer(config: AppConfig, log: (line: string) => void): Promise<RunningServer> {
  await ensureWritable(config.dataDir);
  const secrets = await loadOrCreateSecrets(config.dataDir);
  const masterKey = config.masterKey ?? secrets.masterKey;

  // Claim the port before the slow parts, so a busy port fails at once; Parse answers 503 until ready.
  let parseHandler: express.Handler = (_request, response) => {
    response.status(503).json({ code: 1, error: 'FITSTREAK is starting, try again in a moment.' });
  };
  let database: EmbeddedDatabase | undefined;
  let pool: pg.Pool | undefined;
  let idempotencyCleanup: RecurringTask | undefined;
  let ready = false;
  const app = createApp({
    config,
    distDir: path.join(ROOT, 'dist'),
    parseApp: (request, response, next) => parseHandler(request, response, next),
    checkDatabase: async () => {
      if (!pool || !ready) throw new Error('starting');
      await pool.query('SELECT 1');
    },
  });
  const httpServer = http.createServer(app);
  await listen(httpServer, config);

  try {
    database = config.databaseUri
      ? undefined
      : await startEmbeddedDatabase(config.dataDir, secrets.postgresPassword, log);
    const databaseUri = config.databaseUri ?? database?.uri ?? '';
    if (databaseUri.startsWith('postgres')) {
      // The health check and cloud code's aggregates (cloud/database.ts) share this small pool.
      pool = new pg.Pool({ connectionString: databaseUri, max: 4 });
      // An idle connection dropped by the database must not crash the process; /healthz reports it.
      pool.on('error', () => undefined);
      // Without it cloud code takes the Parse-query paths it takes on MongoDB; the server's own SQL stays.
      if (config.cloudSql) provideSqlClient(pool);
      else log('Cloud code reads through Parse queries only (CLOUD_SQL=false).');
    }

    const options = buildParseOptions({
      config,
      databaseUri,
      masterKey,
      cloud: () => import('../cloud/main'),
      log,
    });
    const parseServer = new ParseServer(options);
    await parseServer.start();
    // Parse has added the declared columns by now, so the unique keys hold before the first request.
    // Under the start lock: two nodes creating the same index at once can fail on PostgreSQL's catalog.
    const sql = pool;
    if (sql) {
      await withStartLock(sql, async () => {
        await createClientKeyIndexes(sql);
        const removed = await createSettingsOwnerIndex(sql);
        if (removed > 0)
          log(`Deleted ${removed} older duplicate Settings rows, keeping each person's newest.`);
      });
    }
    idempotencyCleanup = scheduleIdempotencyCleanup(pool, IDEMPOTENCY_TTL_S * 1000, log);
    // Parse applies its `trustProxy` option only to an express app it listens with itself. Rate
    // limits and MASTER_KEY_IPS must see the client behind a proxy on this machine, as app.ts does.
    (parseServer.app as unknown as express.Express).set('trust proxy', 'loopback');
    parseHandler = parseServer.app;
    // Cloud code reads the `Parse` global that Parse Server installs, and its requests go through the
    // handler just mounted, so the seeding is imported and run only now.
    const { seedFoodCatalogue } = await import('../cloud/catalogue/seed');
    await withStartLock(pool, () => seedFoodCatalogue(log));
    const liveQueryServer = await ParseServer.createLiveQueryServer(
      httpServer,
      {
        appId: config.appId,
        masterKey,
        serverURL: config.serverUrl,
        ...(config.redisUrl ? { redisURL: config.redisUrl } : {}),
      },
      options,
    );
    log(`LiveQuery serves ${LIVE_QUERY_CLASSES.join(', ')} on the same port.`);
    ready = true;

    let stopping: Promise<void> | undefined;
    const stop = () => {
      stopping ??= (async () => {
        // Stop accepting, let requests in flight finish, then close sockets and the database.
        const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
        httpServer.closeIdleConnections();
        await liveQueryServer.shutdown();
        await closed;
        await closeDatabaseAdapter(parseServer);
        provideSqlClient(undefined);
        await idempotencyCleanup?.stop();
        await pool?.end();
        await database?.stop();
      })();
      return stopping;
    };
    return { url: `http://localhost:${config.port}`, stop };
  } catch (error) {
    httpServer.close();
    provideSqlClient(undefined);
    await idempotencyCleanup?.stop();
    await pool?.end().catch(() => undefined);
    await database?.stop().catch(() => undefined);
    throw error;
  }
}
