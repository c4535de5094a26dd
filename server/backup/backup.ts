import { readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  BackupError,
  MANIFEST_ENTRY,
  SECRETS_ENTRY,
  createArchive,
  type BackupManifest,
  type DatabaseCopyMethod,
} from './backupArchive';
import { fileStoreFor } from './backupFiles';
import { writeBackupRecord } from '../../cloud/backupRecord';
import { copyRunningCluster, copyStoppedCluster } from './baseBackup';
import type { AppConfig } from '../config';
import { clusterDirOf, runningCluster } from '../database/embeddedCluster';
import { exists } from '../database/embeddedDatabase';
import { parseSecrets, SECRETS_FILE } from '../secrets';

export interface BackupReport {
  file: string;
  method: DatabaseCopyMethod;
  files: number;
  /** Bytes read into the archive, and the archive's size on disk. */
  bytesIn: number;
  archiveBytes: number;
  durationMs: number;
}

async function readOrRefuse(file: string, refusal: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError(refusal);
    throw error;
  }
}

/** Where a backup writes until it is complete; the process id keeps two runs apart. */
export function partialFileOf(file: string): string {
  return `${file}.partial-${process.pid}`;
}

/**
 * Writes one archive of DATA_DIR's embedded database, its secrets.json and the uploaded files (the
 * directory or the bucket), while the app may go on running. The archive appears under its name
 * only once complete; until then it is `<file>.partial-<pid>`.
 */
export async function backUp(config: AppConfig, file: string): Promise<BackupReport> {
  const startedAt = performance.now();
  if (config.databaseUri) {
    throw new BackupError(
      "DATABASE_URI is set: back up that database with pg_dump of its server's own major version, and the files with the store's tools (docs/operations.md, Backups).",
    );
  }
  const { dataDir } = config;
  const postgresVersion = (
    await readOrRefuse(
      path.join(clusterDirOf(dataDir), 'PG_VERSION'),
      `${dataDir} holds no embedded database (no postgres/PG_VERSION): check DATA_DIR.`,
    )
  ).trim();
  const secretsText = await readOrRefuse(
    path.join(dataDir, SECRETS_FILE),
    `${dataDir} has no ${SECRETS_FILE}, which holds the database's password: check DATA_DIR.`,
  );
  const secrets = parseSecrets(secretsText);
  if (!secrets)
    throw new BackupError(
      `${path.join(dataDir, SECRETS_FILE)} lacks the master key or the database password.`,
    );
  if (await exists(file)) throw new BackupError(`${file} exists already: choose a new name.`);

  const partial = partialFileOf(file);
  const archive = await createArchive(partial).catch((error: NodeJS.ErrnoException) => {
    throw new BackupError(`${partial} cannot be written (${error.code ?? error.message}).`);
  });
  try {
    const running = await runningCluster(dataDir);
    const store = fileStoreFor(config);
    const method: DatabaseCopyMethod = running ? 'base-backup' : 'stopped-cluster';
    const manifest: BackupManifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      createdAt: new Date().toISOString(),
      database: { kind: 'embedded-postgres', postgresVersion, method },
      files: store.source,
      secrets: SECRETS_ENTRY,
    };
    await archive.addBytes(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await archive.addBytes(SECRETS_ENTRY, Buffer.from(secretsText));
    // The database first: every file it names was uploaded before, so the later file copy holds it.
    if (running) await copyRunningCluster(dataDir, running.port, secrets.postgresPassword, archive);
    else await copyStoppedCluster(dataDir, archive);
    const files = await store.copyInto(archive);
    await archive.finish();
    await rename(partial, file);
    const archiveBytes = (await stat(file)).size;
    // What the admins' page shows as the last backup.
    await writeBackupRecord(dataDir, { at: new Date().toISOString(), bytes: archiveBytes, file });
    return {
      file,
      method,
      files,
      bytesIn: archive.bytesIn,
      archiveBytes,
      durationMs: performance.now() - startedAt,
    };
  } catch (error) {
    await archive.abort();
    await rm(partial, { force: true });
    throw error;
  }
}
