import { ErrorCode } from '../src/domain/errors';
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type express from 'express';
import pg from 'pg';
import { provideSqlClient } from '../cloud/database';
import { provideServerFacts, type ServerFacts } from '../cloud/serverFacts';
import { provideFoodLookup } from '../cloud/foodLookupConfig';
import { providePush } from '../cloud/pushConfig';
import { createSsoTicketTable, oidcAuthAdapter, oidcRoutes } from './auth/oidc';
import { provideSignupRules } from '../cloud/signupRules';
import { provideRoomClosing } from '../cloud/roomClosing';
import { classDefinitions } from '../cloud/schema';
import { createApp, type HealthChecks } from './http/app';
import { unlessClusterLockHeld, withClusterLock } from './cluster/clusterLock';
import type { AppConfig } from './config';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './database/embeddedDatabase';
import { createFileStore } from './parse/files';
import { closeRoomsEverywhere, type RoomSubscriptions } from './cluster/roomSubscriptions';
import {
  closeSocketsWhenSessionsEnd,
  createSessionEndedTrigger,
  type SessionSockets,
} from './cluster/sessionSockets';
import { requestLanguages } from './http/i18n';
import { idempotencyGuard } from './http/idempotency';
import { createMetrics } from './observability/metrics';
import {
  buildParseOptions,
  IDEMPOTENCY_TTL_S,
  LIVE_QUERY_CLASSES,
  MAX_UPLOAD_SIZE,
} from './parse/parseOptions';
import {
  createClientKeyIndexes,
  createFoodCatalogueSql,
  createScheduledSendTable,
  createSettingsOwnerIndex,
  scheduleIdempotencyCleanup,
  scheduleRecurring,
  sessionOwner,
  type RecurringTask,
} from './database/postgres';
import { reopenSocketsAfterPubSubOutage } from './cluster/liveQueryRecovery';
import { ParseServer, type ParseServerInstance } from './parse/parseServerModule';
import { MemoryHitCounter, rateLimiter, RedisHitCounter } from './http/rateLimits';
import { queryGuard } from './http/queryGuard';
import { closeRedis, connectRedis, type RedisClient } from './cluster/redis';
import {
  keepListeningForSchemaChanges,
  listensForSchemaChanges,
  type SchemaHooksWatch,
} from './parse/schemaHooks';
import { schemaDifferences } from './parse/schemaCheck';
import { loadOrCreateSecrets } from './secrets';
import { SharedCache } from './cluster/sharedCache';
import { shareWeightChanges, type WeightChanges } from './cluster/weightChanges';
import { beatHeart, createServerNodeTable } from './cluster/heartbeat';
import { writeGuard } from './http/writeGuard';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const requireJson = createRequire(import.meta.url);
const versionOf = (manifest: string): string => {
  const { version } = requireJson(manifest) as { version?: unknown };
  return typeof version === 'string' ? version : 'unknown';
};

/** This node as the admins' page lists it: a new id at every start, its machine, its versions. */
function thisNode(config: AppConfig): ServerFacts {
  return {
    nodeId: randomUUID().slice(0, 8),
    host: hostname(),
    startedAt: new Date(),
    appVersion: versionOf('../package.json'),
    parseServerVersion: versionOf('parse-server/package.json'),
    dataDir: config.databaseUri ? undefined : config.dataDir,
  };
}

/** How often a node looks for people whose week has ended; each summary is sent once whatever the node. */
const SUMMARY_INTERVAL_MS = 10 * 60_000;

/** How often a node looks for reminders due; each is sent once a day whatever the node. */
const REMINDER_INTERVAL_MS = 5 * 60_000;

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
 * Starts Parse and checks that its schema migration ran to completion. In production Parse ends the
 * process itself when the migration fails, once it has logged why; the listener says what stopped.
 * Elsewhere it carries on half-migrated, which the comparison with the code catches.
 */
async function startParse(parseServer: ParseServerInstance): Promise<void> {
  const explainExit = (code: number) => {
    if (code !== 0)
      console.error(
        '[fitstreak] cannot start: the database schema migration failed (the line before gives its reason, unless LOG_LEVEL=error).',
      );
  };
  process.once('exit', explainExit);
  try {
    await parseServer.start();
  } finally {
    process.off('exit', explainExit);
  }
  const schema = await parseServer.config.databaseController.loadSchema({ clearCache: true });
  const differences = schemaDifferences(classDefinitions, await schema.getAllClasses({ clearCache: true }));
  if (differences.length > 0)
    throw new StartError(
      `The database schema does not match the code after the migration: ${differences.join(' ')}`,
    );
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

/** The checks /healthz runs, by the name it reports them under. */
function healthChecks(
  isReady: () => boolean,
  pool: () => pg.Pool | undefined,
  redis: RedisClient | undefined,
  files: { check(): Promise<void> },
): HealthChecks {
  return {
    database: async () => {
      if (!isReady()) throw new Error('starting');
      // Without SQL (MongoDB) there is no pool of ours; Parse's own connection is not probed.
      await pool()?.query('SELECT 1');
    },
    ...(redis
      ? {
          redis: async () => {
            if (!redis.isReady) throw new Error('unreachable');
            await redis.ping();
          },
        }
      : {}),
    files: () => files.check(),
  };
}

export async function startServer(config: AppConfig, log: (line: string) => void): Promise<RunningServer> {
  await ensureWritable(config.dataDir);
  const secrets = await loadOrCreateSecrets(config.dataDir);
  const masterKey = config.masterKey ?? secrets.masterKey;
  // Every node of a cluster must sign with the same pair, so there it comes from the environment only.
  const vapidKeys =
    config.vapidKeys ??
    (config.databaseUri === undefined && secrets.vapidPublicKey && secrets.vapidPrivateKey
      ? { publicKey: secrets.vapidPublicKey, privateKey: secrets.vapidPrivateKey }
      : undefined);
  if (!vapidKeys)
    log('Web push is off: give every node VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to send pushes.');

  // Claim the port before the slow parts, so a busy port fails at once; Parse answers 503 until ready.
  let parseHandler: express.Handler = (_request, response) => {
    response.status(503).json({
      code: ErrorCode.INTERNAL_SERVER_ERROR,
      error: 'FITSTREAK is starting, try again in a moment.',
    });
  };
  let database: EmbeddedDatabase | undefined;
  let pool: pg.Pool | undefined;
  // Where request ids are recorded once Parse has created their table (PostgreSQL only).
  let requestIdSql: pg.Pool | undefined;
  let idempotencyCleanup: RecurringTask | undefined;
  let heartbeat: RecurringTask | undefined;
  let weeklySummaries: RecurringTask | undefined;
  let reminders: RecurringTask | undefined;
  let schemaHooks: SchemaHooksWatch | undefined;
  let roomClosing: RoomSubscriptions | undefined;
  let sessionSockets: SessionSockets | undefined;
  let weightChanges: WeightChanges | undefined;
  let ready = false;
  // With REDIS_URL, one connection carries Parse's cache and the rate-limit counters, each in its
  // own key space; LiveQuery opens its own publisher and subscriber.
  const redis = config.redisUrl ? connectRedis(config.redisUrl, 'cache and rate limits', log) : undefined;
  const files = createFileStore(config);
  const metrics = createMetrics(config);
  const app = createApp({
    config,
    metrics,
    distDir: path.join(ROOT, 'dist'),
    rateLimit: rateLimiter({
      counter: redis ? new RedisHitCounter(redis) : new MemoryHitCounter(),
      masterKey,
      // Unknown (no SQL, or the database unreachable): counted per address instead.
      personOf: (sessionToken) =>
        pool ? sessionOwner(pool, sessionToken).catch(() => undefined) : Promise.resolve(undefined),
      maxBodySize: MAX_UPLOAD_SIZE,
      log,
    }),
    writeGuard: writeGuard({ classes: classDefinitions, maxBodySize: MAX_UPLOAD_SIZE }),
    queryGuard: queryGuard({ maxBodySize: MAX_UPLOAD_SIZE, masterKey }),
    ...(vapidKeys ? { vapidPublicKey: vapidKeys.publicKey } : {}),
    sso: oidcRoutes({ config, masterKey, pool: () => pool, log }),
    languages: requestLanguages(MAX_UPLOAD_SIZE),
    idempotency: idempotencyGuard(() => requestIdSql, IDEMPOTENCY_TTL_S),
    parseApp: (request, response, next) => parseHandler(request, response, next),
    health: healthChecks(
      () => ready,
      () => pool,
      redis,
      files,
    ),
  });
  const httpServer = http.createServer(app);
  await listen(httpServer, config);

  try {
    database = config.databaseUri
      ? undefined
      : await startEmbeddedDatabase(config.dataDir, secrets.postgresPassword, log);
    const databaseUri = config.databaseUri ?? database?.uri ?? '';
    if (databaseUri.startsWith('postgres')) {
      // The health check, the start locks and cloud code's aggregates (cloud/database.ts) share this pool.
      pool = new pg.Pool({ connectionString: databaseUri, max: 4 });
      // An idle connection dropped by the database must not crash the process; /healthz reports it.
      pool.on('error', () => undefined);
      // Without it cloud code takes the Parse-query paths it takes on MongoDB; the server's own SQL stays.
      if (config.cloudSql) provideSqlClient(pool);
      else log('Cloud code reads through Parse queries only (CLOUD_SQL=false).');
    }
    const sql = pool;
    provideSignupRules(config.signup);
    const node = thisNode(config);
    provideServerFacts(node);
    providePush(vapidKeys && { ...vapidKeys, subject: config.vapidSubject, services: config.pushServices });
    provideFoodLookup(config.foodLookup);
    if (config.signup.mode !== 'open')
      log(`Sign-up is ${config.signup.mode === 'invite' ? 'by invitation' : 'closed'}.`);

    const options = buildParseOptions({
      config,
      databaseUri,
      masterKey,
      cloud: () => import('../cloud/main'),
      filesAdapter: files.adapter,
      ...(redis ? { cacheAdapter: new SharedCache(redis) } : {}),
      ...(config.oidc ? { auth: { oidc: oidcAuthAdapter(() => pool, config.oidc.name, masterKey) } } : {}),
      log,
    });
    const parseServer = new ParseServer(options);
    // Parse's initialisation creates tables and SQL functions that two nodes starting at once would
    // both create (PostgreSQL refuses the second with a duplicate key in its catalog), and the unique
    // keys need the columns Parse adds: the nodes of a cluster take turns for all of it.
    await withClusterLock(sql, 'start', async () => {
      await startParse(parseServer);
      if (!sql) return;
      await createClientKeyIndexes(sql);
      await createScheduledSendTable(sql);
      await createServerNodeTable(sql);
      if (config.oidc) await createSsoTicketTable(sql);
      // Parse makes `_Session` with the first session; the trigger on it is wanted from the start.
      await (await parseServer.config.databaseController.loadSchema()).enforceClassExists('_Session');
      await createSessionEndedTrigger(sql);
      const removed = await createSettingsOwnerIndex(sql);
      if (removed > 0) log(`Deleted ${removed} older duplicate Settings rows, keeping each person's newest.`);
      const copies = await createFoodCatalogueSql(sql);
      if (copies > 0)
        log(`Deleted ${copies} later copies of catalogue foods, their meals now pointing to the first.`);
    });
    const adapter = parseServer.config.databaseController.adapter;
    if (listensForSchemaChanges(adapter)) schemaHooks = keepListeningForSchemaChanges(adapter, log);
    if (sql) heartbeat = beatHeart(sql, node, log);
    idempotencyCleanup = scheduleIdempotencyCleanup(pool, IDEMPOTENCY_TTL_S * 1000, log, (work) =>
      unlessClusterLockHeld(sql, 'idempotency-cleanup', work),
    );
    // Parse applies its `trustProxy` option only to an express app it listens with itself. MASTER_KEY_IPS
    // must see the client behind a trusted proxy (TRUST_PROXY), as app.ts does.
    const parseExpressApp = parseServer.app as unknown as express.Express;
    parseExpressApp.set('trust proxy', config.trustProxy);
    // Parse's own express app would announce itself on every /parse answer, errors and files included.
    parseExpressApp.disable('x-powered-by');
    weightChanges = shareWeightChanges(
      config.redisUrl && redis ? { url: config.redisUrl, publisher: redis } : undefined,
      log,
    );
    requestIdSql = pool;
    parseHandler = parseServer.app;
    // Cloud code reads the `Parse` global that Parse Server installs, and its requests go through the
    // handler just mounted, so the seeding is imported and run only now.
    const { seedExerciseCatalogue, seedFoodCatalogue } = await import('../cloud/catalogue/seed');
    await withClusterLock(sql, 'food-catalogue', () => seedFoodCatalogue(log));
    await withClusterLock(sql, 'exercise-catalogue', () => seedExerciseCatalogue(log));
    if (sql) {
      const { migratePrivateMessageAcls } = await import('../cloud/roomReaders');
      const migrated = await withClusterLock(sql, 'private-rooms', () => migratePrivateMessageAcls(sql));
      if (migrated) log(`Gave ${migrated} messages of private rooms their room's readers.`);
    }
    const { settleAdminRole } = await import('../cloud/admins');
    const { unclaimed } = await withClusterLock(sql, 'admins', () =>
      settleAdminRole(config.signup.adminUsernames),
    );
    if (unclaimed.length > 0) {
      log(
        `ADMIN_USERNAMES lists ${unclaimed.join(', ')}, which no account has: nobody may take ` +
          `${unclaimed.length === 1 ? 'that name' : 'those names'}, and an account made with the ` +
          'master key under one becomes admin at the next start.',
      );
    }
    const sqlOnly = [
      ...(config.weeklySummaries ? ['weekly summaries'] : []),
      ...(vapidKeys && config.reminders ? ['reminders'] : []),
    ];
    if (!sql && sqlOnly.length > 0) {
      log(
        `The ${sqlOnly.join(' and ')} need PostgreSQL in cloud code, which this server does not lend it ` +
          '(MongoDB, or CLOUD_SQL=false): they are off.',
      );
    }
    if (sql && config.weeklySummaries) {
      const { sendWeeklySummaries } = await import('../cloud/functions/summaries');
      weeklySummaries = scheduleRecurring(
        () =>
          unlessClusterLockHeld(sql, 'weekly-summaries', async () => void (await sendWeeklySummaries(sql))),
        SUMMARY_INTERVAL_MS,
        (message) => log(`Sending the weekly summaries failed: ${message}`),
      );
    }
    if (sql && vapidKeys && config.reminders) {
      const { sendReminders } = await import('../cloud/functions/reminders');
      reminders = scheduleRecurring(
        () => unlessClusterLockHeld(sql, 'reminders', async () => void (await sendReminders(sql))),
        REMINDER_INTERVAL_MS,
        (message) => log(`Sending the reminders failed: ${message}`),
      );
    }
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
    if (config.redisUrl) reopenSocketsAfterPubSubOutage(liveQueryServer, log);
    const liveQueryController = parseServer.config.liveQueryController;
    roomClosing = closeRoomsEverywhere(
      liveQueryServer,
      config.redisUrl && redis ? { url: config.redisUrl, publisher: redis } : undefined,
      (id) => void liveQueryController?.clearCachedRoles({ id }),
      log,
    );
    provideRoomClosing(roomClosing);
    if (sql) {
      sessionSockets = closeSocketsWhenSessionsEnd(
        liveQueryServer,
        sql,
        () => new pg.Client({ connectionString: databaseUri }),
        log,
      );
    }
    log(`LiveQuery serves ${LIVE_QUERY_CLASSES.join(', ')} on the same port.`);
    const parsePool = parseServer.config.databaseController.adapter._client?.$pool;
    metrics.watch({ liveQueryServer, parsePool, appPool: pool });
    ready = true;

    let stopping: Promise<void> | undefined;
    const stop = () => {
      stopping ??= (async () => {
        // Stop accepting, let requests in flight finish, then close sockets and the database.
        const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
        httpServer.closeIdleConnections();
        await liveQueryServer.shutdown();
        provideRoomClosing(undefined);
        await roomClosing?.stop();
        await sessionSockets?.stop();
        await closed;
        await weightChanges?.stop();
        schemaHooks?.stop();
        await weeklySummaries?.stop();
        await reminders?.stop();
        await closeDatabaseAdapter(parseServer);
        provideSqlClient(undefined);
        await idempotencyCleanup?.stop();
        await heartbeat?.stop();
        await pool?.end();
        if (redis) await closeRedis(redis);
        await database?.stop();
      })();
      return stopping;
    };
    return { url: `http://localhost:${config.port}`, stop };
  } catch (error) {
    httpServer.close();
    schemaHooks?.stop();
    provideSqlClient(undefined);
    provideRoomClosing(undefined);
    await roomClosing?.stop();
    await sessionSockets?.stop();
    await weightChanges?.stop();
    await idempotencyCleanup?.stop();
    await heartbeat?.stop();
    await weeklySummaries?.stop();
    await reminders?.stop();
    await pool?.end().catch(() => undefined);
    if (redis) await closeRedis(redis);
    await database?.stop().catch(() => undefined);
    throw error;
  }
}
