import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar, { type Header, type Pack } from 'tar-stream';

type EntryHeader = Partial<Header> & Pick<Header, 'name' | 'size'>;

/**
 * A backup is one gzipped tar: `manifest.json` first, then `secrets.json`, the embedded cluster
 * under `postgres/` and the uploaded files under `files/` (named as the files adapter names them
 * on disk, which is how a restore into a directory or a bucket finds each file's name).
 */
export const ARCHIVE_FORMAT = 'fitstreak-backup';
export const ARCHIVE_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const SECRETS_ENTRY = 'secrets.json';
export const CLUSTER_PREFIX = 'postgres/';
export const FILES_PREFIX = 'files/';
/** The pax record that carries a file's content type when it came from a bucket. */
export const CONTENT_TYPE_RECORD = 'FITSTREAK.contentType';

export type DatabaseCopyMethod = 'base-backup' | 'stopped-cluster';

export interface BackupManifest {
  format: typeof ARCHIVE_FORMAT;
  version: typeof ARCHIVE_VERSION;
  createdAt: string;
  /** The embedded cluster: its PostgreSQL major version, and whether it ran during the copy. */
  database: { kind: 'embedded-postgres'; postgresVersion: string; method: DatabaseCopyMethod };
  /** Where the files were read from: DATA_DIR/files or the named bucket. */
  files: { source: 'directory' } | { source: 'bucket'; bucket: string };
  secrets: typeof SECRETS_ENTRY;
}

/** A backup or restore that cannot go on, told in one plain line. */
export class BackupError extends Error {}

const CHUNK_BYTES = 1024 * 1024;

/** An entry's bytes, read one piece at a time. */
export type Chunks = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

export interface ArchiveWriter {
  /** Adds a small entry held in memory. */
  addBytes(name: string, data: Uint8Array, mode?: number): Promise<void>;
  addDirectory(name: string, mode: number, mtime: Date): Promise<void>;
  /**
   * Adds the file at `source` as it is when opened: exactly as many bytes as it had then, the end
   * padded with zeros if it shrinks while read (as pg_basebackup does; WAL replay puts it right).
   * Answers false, adding nothing, when the file is gone before it could be opened.
   */
  addFile(name: string, source: string): Promise<boolean>;
  /** Adds an entry of `size` bytes read from `chunks`, which must yield exactly that many. */
  addStream(name: string, size: number, chunks: Chunks, pax?: Record<string, string>): Promise<void>;
  readonly bytesIn: number;
  /** Ends the archive and waits until it is on disk. */
  finish(): Promise<void>;
  /** Stops writing after a failure; the caller removes the file. */
  abort(): Promise<void>;
}

/** Writes one entry's bytes, waiting whenever the archive has enough buffered. */
async function writeEntry(pack: Pack, header: EntryHeader, chunks: Chunks): Promise<void> {
  let settled: (error?: Error | null) => void = () => undefined;
  const done = new Promise<void>((resolve, reject) => {
    settled = (error) => (error ? reject(error) : resolve());
  });
  const entry = pack.entry(header, settled);
  for await (const chunk of chunks) {
    if (!entry.write(chunk)) await Promise.race([once(entry, 'drain'), done]);
  }
  entry.end(null);
  await done;
}

/** `size` bytes of the open file, in pieces; zeros where it has become shorter since. */
export async function* fixedSizeChunks(handle: FileHandle, size: number): AsyncGenerator<Uint8Array> {
  let position = 0;
  let ended = false;
  while (position < size) {
    const length = Math.min(CHUNK_BYTES, size - position);
    const chunk = Buffer.alloc(length);
    let filled = 0;
    while (!ended && filled < length) {
      const { bytesRead } = await handle.read(chunk, filled, length - filled, position + filled);
      if (bytesRead === 0) ended = true;
      filled += bytesRead;
    }
    position += length;
    yield chunk;
  }
}

export async function createArchive(file: string): Promise<ArchiveWriter> {
  const pack = tar.pack();
  const output = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  await once(output, 'open');
  // The fastest level: a 347 MB copy took 40% less time than at the default level, for 0.3% more bytes.
  const written = pipeline(pack, createGzip({ level: 1 }), output);
  // The failure is read in finish() or abort(); until then it must not count as unhandled.
  written.catch(() => undefined);
  let bytesIn = 0;

  const add = async (header: EntryHeader, chunks: Chunks) => {
    await Promise.race([writeEntry(pack, header, chunks), written.then(() => undefined)]);
    bytesIn += header.size;
  };

  return {
    get bytesIn() {
      return bytesIn;
    },
    async addBytes(name, data, mode = 0o600) {
      await add({ name, size: data.byteLength, mode, mtime: new Date(), type: 'file' }, [data]);
    },
    async addDirectory(name, mode, mtime) {
      await add(
        { name: name.endsWith('/') ? name : `${name}/`, mode, mtime, type: 'directory', size: 0 },
        [],
      );
    },
    async addFile(name, source) {
      let handle;
      try {
        handle = await open(source, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
      try {
        const stats = await handle.stat();
        await add(
          { name, size: stats.size, mode: stats.mode & 0o7777, mtime: stats.mtime, type: 'file' },
          fixedSizeChunks(handle, stats.size),
        );
        return true;
      } finally {
        await handle.close();
      }
    },
    async addStream(name, size, chunks, pax) {
      await add(
        { name, size, mode: 0o644, mtime: new Date(), type: 'file', ...(pax ? { pax } : {}) },
        chunks,
      );
    },
    async finish() {
      pack.finalize();
      await written;
      const handle = await open(file, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    },
    async abort() {
      pack.destroy(new Error('backup stopped'));
      await written.catch(() => undefined);
    },
  };
}

export interface ArchiveEntry {
  /** The name inside the archive, e.g. `postgres/base/1/1259`; directories end without a slash. */
  name: string;
  type: 'file' | 'directory';
  mode: number;
  mtime: Date;
  size: number;
  pax: Record<string, string>;
  /** The entry's bytes; read it (or leave it) before asking for the next entry. */
  body: AsyncIterable<Buffer>;
}

async function* bytesOf(source: AsyncIterable<unknown>): AsyncGenerator<Buffer> {
  for await (const chunk of source) yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
}

function stringRecords(pax: unknown): Record<string, string> {
  if (typeof pax !== 'object' || pax === null) return {};
  return Object.fromEntries(
    Object.entries(pax).filter((record): record is [string, string] => typeof record[1] === 'string'),
  );
}

/** The entries of a backup archive in order. Anything but files and directories is refused. */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  const extract = tar.extract();
  const read = pipeline(createReadStream(file), createGunzip(), extract);
  read.catch((error: unknown) => extract.destroy(error instanceof Error ? error : new Error(String(error))));
  try {
    for await (const entry of extract) {
      const { header } = entry;
      if (header.type !== 'file' && header.type !== 'directory') {
        throw new BackupError(
          `${file} holds ${header.name}, of type ${header.type}, which no backup writes.`,
        );
      }
      yield {
        name: header.name.replace(/\/+$/, ''),
        type: header.type,
        mode: header.mode,
        mtime: header.mtime,
        size: header.size,
        pax: stringRecords(header.pax),
        body: bytesOf(entry),
      };
      // Whatever the caller left unread is skipped, so the next header can be parsed.
      entry.resume();
    }
    await read;
  } catch (error) {
    if (error instanceof BackupError) throw error;
    // zlib's and tar's own words ("unexpected end of file", "Invalid tar header") name no file.
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(`${file} is not a whole backup archive (${reason}).`);
  } finally {
    extract.destroy();
  }
}

/**
 * The part of an entry's name under `prefix` (e.g. `base/1/1259` of `postgres/base/1/1259`), checked
 * to stay inside the directory it is restored into: no absolute path, no `..`, no empty part.
 */
export function entryPath(name: string, prefix: string): string | undefined {
  if (!name.startsWith(prefix)) return undefined;
  const rest = name.slice(prefix.length);
  const parts = rest.split('/');
  if (
    rest === '' ||
    parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\0'))
  ) {
    throw new BackupError(`The archive holds an entry with an unsafe name: ${JSON.stringify(name)}.`);
  }
  return parts.join(path.sep);
}

/** The manifest's fields, checked, from the text of the `manifest.json` that `file` starts with. */
export function parseManifest(text: string, file: string): BackupManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupError(`${file} is not a FITSTREAK backup (its manifest.json is not JSON).`);
  }
  const manifest = value as Partial<BackupManifest> | null;
  if (manifest?.format !== ARCHIVE_FORMAT) throw new BackupError(`${file} is not a FITSTREAK backup.`);
  if (manifest.version !== ARCHIVE_VERSION) {
    throw new BackupError(
      `${file} is a backup of format ${String(manifest.version)}; this version of FITSTREAK reads format ${ARCHIVE_VERSION}.`,
    );
  }
  if (manifest.database?.kind !== 'embedded-postgres') {
    throw new BackupError(`${file} holds no embedded database this version can restore.`);
  }
  return manifest as BackupManifest;
}
