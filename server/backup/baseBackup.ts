import { randomBytes } from 'node:crypto';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { BackupError, CLUSTER_PREFIX, type ArchiveWriter } from './backupArchive';
import { clusterDirOf, embeddedDatabaseUri, runningCluster } from '../database/embeddedCluster';

/**
 * Copies the embedded cluster into an archive. While PostgreSQL runs, this is its documented
 * low-level base backup (pg_backup_start, a file copy, pg_backup_stop, backup_label and the WAL of
 * the copy's span): the embedded package ships no pg_dump, and Debian's is older than the server.
 */

/** Top-level files a base backup leaves out (PostgreSQL's "Backup and Restore" chapter, pg_basebackup). */
const LEFT_OUT_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
  'backup_manifest',
  'current_logfiles.tmp',
  'postgresql.auto.conf.tmp',
]);
/** A stopped cluster is copied whole but for the files of a server that is no longer there. */
const LEFT_OUT_FILES_WHEN_STOPPED = new Set(['postmaster.pid', 'postmaster.opts']);
/** Top-level directories copied empty: PostgreSQL rebuilds their contents, and pg_wal gets the backup's WAL. */
const EMPTIED_DIRECTORIES = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const CONTROL_FILE = 'global/pg_control';

/**
 * What a copy does with the cluster's entry at `relativePath` (parts joined by `/`): copy it (and
 * for a directory, what is in it), leave it out, keep a directory but not its contents, or copy it
 * last (pg_control, as pg_basebackup does, so it is the newest file of the copy).
 */
export type ClusterEntryRule = 'copy' | 'leave-out' | 'directory-only' | 'last';

export function clusterEntryRule(
  relativePath: string,
  isDirectory: boolean,
  running: boolean,
): ClusterEntryRule {
  const parts = relativePath.split('/');
  const name = parts[parts.length - 1] ?? '';
  const top = parts[0] ?? '';
  if (name.startsWith('pgsql_tmp') || name === 'pg_internal.init') return 'leave-out';
  if (relativePath === CONTROL_FILE) return 'last';
  if (parts.length === 1 && !isDirectory) {
    return (running ? LEFT_OUT_FILES : LEFT_OUT_FILES_WHEN_STOPPED).has(name) ? 'leave-out' : 'copy';
  }
  if (!running || !EMPTIED_DIRECTORIES.has(top)) return 'copy';
  if (parts.length === 1) return top === 'pg_wal' ? 'copy' : 'directory-only';
  // pg_wal keeps its subdirectories (archive_status, summaries), empty.
  return top === 'pg_wal' && isDirectory ? 'directory-only' : 'leave-out';
}

function isGone(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** Adds the cluster's tree under `postgres/`; files that vanish while it is read (temporary, dropped) are skipped. */
async function copyTree(clusterDir: string, archive: ArchiveWriter, running: boolean): Promise<void> {
  const walk = async (relative: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(path.join(clusterDir, relative), { withFileTypes: true });
    } catch (error) {
      if (isGone(error)) return;
      throw error;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const relativePath = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink()) {
        throw new BackupError(
          `The cluster holds a symbolic link (${relativePath}), as a tablespace or a moved pg_wal makes; this backup copies a plain cluster only.`,
        );
      }
      const isDirectory = entry.isDirectory();
      if (!isDirectory && !entry.isFile()) continue;
      const rule = clusterEntryRule(relativePath, isDirectory, running);
      if (rule === 'leave-out' || rule === 'last') continue;
      const source = path.join(clusterDir, relativePath);
      if (!isDirectory) {
        await archive.addFile(`${CLUSTER_PREFIX}${relativePath}`, source);
        continue;
      }
      const stats = await lstat(source).catch((error: unknown) => {
        if (isGone(error)) return undefined;
        throw error;
      });
      if (!stats) continue;
      await archive.addDirectory(`${CLUSTER_PREFIX}${relativePath}`, stats.mode & 0o7777, stats.mtime);
      if (rule === 'copy') await walk(relativePath);
    }
  };
  const top = await lstat(clusterDir);
  await archive.addDirectory(CLUSTER_PREFIX, top.mode & 0o7777, top.mtime);
  await walk('');
  if (!(await archive.addFile(`${CLUSTER_PREFIX}${CONTROL_FILE}`, path.join(clusterDir, CONTROL_FILE)))) {
    throw new BackupError(`The cluster has no ${CONTROL_FILE}.`);
  }
}

const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/** A WAL segment's number from its file name (timeline, then the high and low parts of the number). */
function segmentNumber(name: string, segmentBytes: number): bigint {
  const perHigh = 0x1_0000_0000n / BigInt(segmentBytes);
  return BigInt(`0x${name.slice(8, 16)}`) * perHigh + BigInt(`0x${name.slice(16, 24)}`);
}

export interface CopiedRange {
  startLsn: string;
  stopLsn: string;
  walSegments: number;
}

/** Adds the WAL segments from `first` to `last` (file names) and any timeline history files. */
async function copyWal(
  clusterDir: string,
  archive: ArchiveWriter,
  first: string,
  last: string,
  segmentBytes: number,
): Promise<number> {
  const walDir = path.join(clusterDir, 'pg_wal');
  const names = (await readdir(walDir)).sort();
  const timeline = first.slice(0, 8);
  const segments = names.filter(
    (name) => WAL_SEGMENT.test(name) && name.startsWith(timeline) && name >= first && name <= last,
  );
  const expected = segmentNumber(last, segmentBytes) - segmentNumber(first, segmentBytes) + 1n;
  if (BigInt(segments.length) !== expected) {
    throw new BackupError(`pg_wal lacks segments of the backup (${first} to ${last}); run the backup again.`);
  }
  for (const name of [...segments, ...names.filter((other) => /^[0-9A-F]{8}\.history$/.test(other))]) {
    if (!(await archive.addFile(`${CLUSTER_PREFIX}pg_wal/${name}`, path.join(walDir, name)))) {
      throw new BackupError(`pg_wal/${name} vanished while it was copied; run the backup again.`);
    }
  }
  return segments.length;
}

/**
 * The base backup of a running cluster. One connection holds the backup open from start to stop,
 * and a temporary replication slot on it keeps every WAL segment from the start on until the
 * segments are copied, whatever checkpoints run meanwhile; both end with the connection.
 */
export async function copyRunningCluster(
  dataDir: string,
  port: number,
  password: string,
  archive: ArchiveWriter,
): Promise<CopiedRange> {
  const clusterDir = clusterDirOf(dataDir);
  const client = new pg.Client({
    connectionString: embeddedDatabaseUri(port, password, 'postgres'),
    application_name: 'fitstreak backup',
  });
  // A dropped connection fails the query in progress; the event itself must not end the process.
  client.on('error', () => undefined);
  await client.connect().catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNREFUSED') throw error;
    throw new BackupError(
      `The embedded database runs but does not answer on port ${port}; it may be starting or stopping: try again.`,
    );
  });
  try {
    const slot = `fitstreak_backup_${randomBytes(6).toString('hex')}`;
    await client.query('SELECT pg_create_physical_replication_slot($1, true, true)', [slot]);
    const segment = await client.query<{ bytes: string }>(
      "SELECT setting AS bytes FROM pg_settings WHERE name = 'wal_segment_size'",
    );
    const segmentBytes = Number(segment.rows[0]?.bytes);
    const label = `fitstreak ${new Date().toISOString()}`;
    const started = await client.query<{ lsn: string }>(
      'SELECT pg_backup_start($1, fast => true)::text AS lsn',
      [label],
    );
    await copyTree(clusterDir, archive, true);
    const stopped = await client.query<{ lsn: string; labelfile: string; spcmapfile: string | null }>(
      'SELECT lsn::text AS lsn, labelfile, spcmapfile FROM pg_backup_stop(wait_for_archive => false)',
    );
    const stop = stopped.rows[0];
    if (!stop) throw new BackupError('pg_backup_stop answered nothing.');
    if (stop.spcmapfile?.trim()) {
      throw new BackupError('The cluster has tablespaces; this backup copies a plain cluster only.');
    }
    const first = /^START WAL LOCATION: \S+ \(file ([0-9A-F]{24})\)$/m.exec(stop.labelfile)?.[1];
    if (!first) throw new BackupError('The backup label names no starting WAL file.');
    // The segment holding the backup's end must be complete on disk before it is copied; pg_backup_stop
    // switches to a new segment itself, and this makes sure of it.
    const files = await client.query<{ last: string; current: string }>(
      'SELECT pg_walfile_name($1::pg_lsn) AS last, pg_walfile_name(pg_current_wal_insert_lsn()) AS current',
      [stop.lsn],
    );
    const { last, current } = files.rows[0] ?? { last: '', current: '' };
    if (last === current) await client.query('SELECT pg_switch_wal()');
    await archive.addBytes(`${CLUSTER_PREFIX}backup_label`, Buffer.from(stop.labelfile));
    const walSegments = await copyWal(clusterDir, archive, first, last, segmentBytes);
    return { startLsn: started.rows[0]?.lsn ?? '', stopLsn: stop.lsn, walSegments };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A stopped cluster is consistent as it lies; it is copied whole, pg_wal included. */
export async function copyStoppedCluster(dataDir: string, archive: ArchiveWriter): Promise<void> {
  await copyTree(clusterDirOf(dataDir), archive, false);
  if (await runningCluster(dataDir)) {
    throw new BackupError(
      'The database started while its stopped cluster was being copied; run the backup again.',
    );
  }
}
