import { createWriteStream } from 'node:fs';
import { access, chmod, lstat, mkdir, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  BackupError,
  CLUSTER_PREFIX,
  CONTENT_TYPE_RECORD,
  FILES_PREFIX,
  MANIFEST_ENTRY,
  SECRETS_ENTRY,
  entryPath,
  parseManifest,
  readArchive,
  type BackupManifest,
} from './backupArchive';
import { fileStoreFor } from './backupFiles';
import type { AppConfig } from '../config';
import {
  clusterDirOf,
  letPostgresIntoDataDir,
  chownTree,
  postgresSystemUser,
} from '../database/embeddedCluster';
import { parseSecrets, SECRETS_FILE } from '../secrets';

export interface RestoreReport {
  manifest: BackupManifest;
  files: number;
  clusterBytes: number;
  durationMs: number;
}

/** True when `dir` is missing or an empty directory. */
async function isMissingOrEmpty(dir: string): Promise<boolean> {
  try {
    const stats = await lstat(dir);
    return stats.isDirectory() && (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

async function textOf(body: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Restores an archive of `npm run backup` into DATA_DIR, which must hold no database yet: the
 * cluster (whose backup_label makes PostgreSQL replay the copied WAL at its first start), the
 * files (into DATA_DIR/files or the bucket of S3_BUCKET) and secrets.json. The cluster is written
 * beside its place and moved there last, so a restore cut short leaves no half cluster behind.
 */
export async function restore(config: AppConfig, file: string): Promise<RestoreReport> {
  const startedAt = performance.now();
  if (config.databaseUri) {
    throw new BackupError(
      'DATABASE_URI is set: this restores the embedded database only; unset DATABASE_URI to restore into DATA_DIR.',
    );
  }
  const { dataDir } = config;
  const clusterDir = clusterDirOf(dataDir);
  if (!(await isMissingOrEmpty(clusterDir))) {
    throw new BackupError(
      `${dataDir} already holds a database (postgres/ is not empty): restore into a new DATA_DIR, or move that one away first.`,
    );
  }
  try {
    await access(file);
  } catch {
    throw new BackupError(`${file} cannot be read.`);
  }

  await mkdir(dataDir, { recursive: true });
  const staging = `${clusterDir}.restoring`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { mode: 0o700 });
  const store = fileStoreFor(config);
  let manifest: BackupManifest | undefined;
  let secretsText: string | undefined;
  let files = 0;
  let clusterBytes = 0;
  try {
    for await (const entry of readArchive(file)) {
      if (!manifest) {
        if (entry.name !== MANIFEST_ENTRY)
          throw new BackupError(`${file} is not a FITSTREAK backup (no manifest.json).`);
        manifest = parseManifest(await textOf(entry.body), file);
        continue;
      }
      if (entry.name === SECRETS_ENTRY) {
        secretsText = await textOf(entry.body);
        continue;
      }
      if (`${entry.name}/` === CLUSTER_PREFIX || `${entry.name}/` === FILES_PREFIX) continue;
      const clusterPath = entryPath(entry.name, CLUSTER_PREFIX);
      if (clusterPath !== undefined) {
        const target = path.join(staging, clusterPath);
        if (entry.type === 'directory') {
          await mkdir(target, { recursive: true, mode: entry.mode });
        } else {
          await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
          await pipeline(
            Readable.from(entry.body),
            createWriteStream(target, { flags: 'wx', mode: entry.mode }),
          );
          clusterBytes += entry.size;
        }
        continue;
      }
      const filePath = entryPath(entry.name, FILES_PREFIX);
      if (filePath === undefined)
        throw new BackupError(`${file} holds an entry this version does not know: ${entry.name}.`);
      if (entry.type === 'file') {
        await store.put(filePath, entry.body, entry.pax[CONTENT_TYPE_RECORD]);
        files += 1;
      }
    }
    if (!manifest) throw new BackupError(`${file} is not a FITSTREAK backup (it is empty).`);
    if (!secretsText || !parseSecrets(secretsText))
      throw new BackupError(`${file} holds no usable ${SECRETS_ENTRY}.`);
    try {
      await access(path.join(staging, 'PG_VERSION'));
    } catch {
      throw new BackupError(`${file} holds no database cluster.`);
    }

    const owner = await postgresSystemUser();
    if (owner) await chownTree(staging, owner);
    // PostgreSQL refuses a cluster directory that others can read.
    await chmod(staging, 0o700);
    await letPostgresIntoDataDir(dataDir);
    await rmdir(clusterDir).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(staging, clusterDir);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  // Last, with the cluster in place: it holds the password the cluster was initialised with.
  await writeFile(path.join(dataDir, SECRETS_FILE), secretsText, { mode: 0o600 });
  return { manifest, files, clusterBytes, durationMs: performance.now() - startedAt };
}
