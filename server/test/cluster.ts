import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../database/embeddedDatabase';
import type { ServerTarget } from './rest';
import {
  createDataDir,
  freePort,
  removeDataDir,
  startServerProcess,
  type ServerProcess,
} from './serverProcess';

/**
 * The scale-out topology as plain processes: one PostgreSQL, one Redis, one S3-compatible store and
 * several app nodes sharing one master key, each started as `npm start` would start it.
 */

export const APP_ID = 'fitstreak';
export const BUCKET = 'fitstreak-files';
const S3_KEY = { id: 'S3RVER', secret: 'S3RVER' };

async function waitUntil(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The `redis-server` binary: REDIS_SERVER_PATH, else the one on PATH. */
function redisServerPath(): string {
  const configured = process.env.REDIS_SERVER_PATH;
  if (configured) return configured;
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim();
  if (!found) {
    throw new Error(
      'redis-server was not found: install it (Debian: apt-get install -y redis-server) or set REDIS_SERVER_PATH.',
    );
  }
  return found;
}

export class RedisProcess {
  private child: ChildProcess | undefined;

  private constructor(
    readonly port: number,
    private readonly binary: string,
  ) {}

  static async start(): Promise<RedisProcess> {
    const redis = new RedisProcess(await freePort(), redisServerPath());
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts it (again) on its port, without persistence: a restart comes back empty, as after a crash. */
  async start(): Promise<void> {
    const child = spawn(
      this.binary,
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.child = child;
    await waitUntil('Redis accepting connections', () => this.answers());
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.child = undefined;
  }

  private async answers(): Promise<boolean> {
    const net = await import('node:net');
    return new Promise((resolve) => {
      const socket = net.connect(this.port, '127.0.0.1');
      socket.once('connect', () => {
        socket.write('PING\r\n');
      });
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
    });
  }
}

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}

/** An S3-compatible server (s3rver) with one bucket, its objects in a folder of the test's. */
export class S3Server {
  private constructor(
    private readonly server: S3rverInstance,
    readonly endpoint: string,
    readonly directory: string,
  ) {}

  static async start(directory: string): Promise<S3Server> {
    const require = createRequire(import.meta.url);
    const S3rver = require('s3rver') as new (options: object) => S3rverInstance;
    const port = await freePort();
    const server = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: BUCKET }],
    });
    await server.run();
    return new S3Server(server, `http://127.0.0.1:${port}`, directory);
  }

  get env(): Record<string, string> {
    return {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: this.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_KEY.id,
      S3_SECRET_ACCESS_KEY: S3_KEY.secret,
      S3_FORCE_PATH_STYLE: 'true',
    };
  }

  close(): Promise<void> {
    return this.server.close();
  }
}

/** A PostgreSQL of its own that keeps its port across restarts, as an operator's server does. */
export class DatabaseServer {
  private running: EmbeddedDatabase | undefined;

  private constructor(
    private readonly dataDir: string,
    private readonly password: string,
    readonly port: number,
  ) {}

  static async start(dataDir: string): Promise<DatabaseServer> {
    const database = new DatabaseServer(dataDir, randomBytes(12).toString('hex'), await freePort());
    await database.start();
    return database;
  }

  get uri(): string {
    return `postgres://postgres:${this.password}@127.0.0.1:${this.port}/fitstreak`;
  }

  async start(): Promise<void> {
    this.running = await startEmbeddedDatabase(this.dataDir, this.password, () => undefined, this.port);
  }

  async stop(): Promise<void> {
    await this.running?.stop();
    this.running = undefined;
  }

  /** Runs SQL of the test's own; the connection is closed afterwards. */
  async query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<Row[]> {
    const client = new pg.Client({ connectionString: this.uri });
    await client.connect();
    try {
      return (await client.query<Row>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  /** An empty application database, as on the first start of a cluster. */
  async recreate(): Promise<void> {
    const client = new pg.Client({ connectionString: this.uri.replace(/\/fitstreak$/, '/postgres') });
    await client.connect();
    try {
      await client.query('DROP DATABASE IF EXISTS fitstreak WITH (FORCE)');
      await client.query('CREATE DATABASE fitstreak');
    } finally {
      await client.end();
    }
  }
}

export interface ClusterNode extends ServerProcess {
  readonly name: string;
  readonly target: ServerTarget;
  /** Set by a test that killed it on purpose. */
  killed: boolean;
}

export interface Cluster {
  readonly masterKey: string;
  readonly database: DatabaseServer;
  readonly redis: RedisProcess;
  readonly s3: S3Server;
  readonly nodes: ClusterNode[];
  /** Starts app nodes (all at the same moment, with `env` besides the cluster's) and adds them to `nodes`. */
  startNodes(count: number, env?: Record<string, string>): Promise<ClusterNode[]>;
  /** Stops these nodes (SIGTERM), removes their folders and drops them from `nodes`. */
  stopNodes(which: readonly ClusterNode[]): Promise<void>;
  /** Stops every node and engine and removes their folders. */
  stop(): Promise<void>;
}

const NODE_NAMES = ['A', 'B', 'C', 'D', 'E', 'F'];

export async function startCluster(nodeCount = 3): Promise<Cluster> {
  const root = await createDataDir('cluster');
  // PostgreSQL runs as its own user when the tests run as root, and must enter this folder.
  await chmod(root, 0o755);
  const masterKey = randomBytes(24).toString('base64url');
  const database = await DatabaseServer.start(path.join(root, 'database'));
  const redis = await RedisProcess.start();
  const s3 = await S3Server.start(path.join(root, 's3'));
  const nodes: ClusterNode[] = [];
  let started = 0;

  const startNodes = async (count: number, env: Record<string, string> = {}): Promise<ClusterNode[]> => {
    const fresh = await Promise.all(
      Array.from({ length: count }, async () => {
        const name = NODE_NAMES[started++ % NODE_NAMES.length] ?? `node${started}`;
        const dataDir = await createDataDir(`cluster-node-${name}`);
        const node = await startServerProcess({
          dataDir,
          env: { DATABASE_URI: database.uri, MASTER_KEY: masterKey, REDIS_URL: redis.url, ...s3.env, ...env },
          readyTimeoutMs: 120_000,
        });
        return { ...node, name, target: { baseUrl: node.baseUrl, appId: APP_ID, masterKey }, killed: false };
      }),
    );
    nodes.push(...fresh);
    return fresh;
  };

  const stopNodes = async (which: readonly ClusterNode[]) => {
    await Promise.all(which.map((node) => node.stop()));
    await Promise.all(which.map((node) => removeDataDir(node.dataDir)));
    for (const node of which) nodes.splice(nodes.indexOf(node), 1);
  };

  const stop = async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await Promise.all(nodes.map((node) => removeDataDir(node.dataDir)));
    await s3.close();
    await redis.stop();
    await database.stop();
    await removeDataDir(root);
  };

  try {
    await startNodes(nodeCount);
  } catch (error) {
    await stop();
    throw error;
  }
  return { masterKey, database, redis, s3, nodes, startNodes, stopNodes, stop };
}

export { waitUntil };
