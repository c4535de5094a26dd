import { mkdtemp, open, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ARCHIVE_FORMAT,
  BackupError,
  CONTENT_TYPE_RECORD,
  createArchive,
  entryPath,
  fixedSizeChunks,
  parseManifest,
  readArchive,
} from './backupArchive';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'fitstreak-archive-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

describe('createArchive and readArchive', () => {
  it('read back every entry written, in order, with its bytes, mode and content type', async () => {
    const source = path.join(dir, 'relation');
    await writeFile(source, 'rows', { mode: 0o600 });
    const file = path.join(dir, 'backup.tar.gz');
    const archive = await createArchive(file);

    await archive.addBytes('manifest.json', Buffer.from('{}'));
    await archive.addDirectory('postgres', 0o700, new Date());
    expect(await archive.addFile('postgres/base/1259', source)).toBe(true);
    expect(await archive.addFile('postgres/base/gone', path.join(dir, 'missing'))).toBe(false);
    await archive.addStream('files/a%20b.png', 3, [Buffer.from('png')], {
      [CONTENT_TYPE_RECORD]: 'image/png',
    });
    await archive.finish();

    const entries = [];
    for await (const entry of readArchive(file)) {
      entries.push({
        name: entry.name,
        type: entry.type,
        mode: entry.mode,
        contentType: entry.pax[CONTENT_TYPE_RECORD],
        text: (await collect(entry.body)).toString(),
      });
    }
    expect(entries).toEqual([
      { name: 'manifest.json', type: 'file', mode: 0o600, contentType: undefined, text: '{}' },
      { name: 'postgres', type: 'directory', mode: 0o700, contentType: undefined, text: '' },
      { name: 'postgres/base/1259', type: 'file', mode: 0o600, contentType: undefined, text: 'rows' },
      {
        name: 'files/a%20b.png',
        type: 'file',
        mode: 0o644,
        contentType: 'image/png',
        text: 'png',
      },
    ]);
    expect(archive.bytesIn).toBe(2 + 4 + 3);
  });

  it('refuses to write over a file that exists', async () => {
    const file = path.join(dir, 'taken.tar.gz');
    await writeFile(file, 'already here');

    await expect(createArchive(file)).rejects.toMatchObject({ code: 'EEXIST' });
  });

  it('says in one line that a file is no archive', async () => {
    const file = path.join(dir, 'notes.txt');
    await writeFile(file, 'not gzip');

    const reading = (async () => {
      for await (const entry of readArchive(file)) void entry;
    })();

    await expect(reading).rejects.toThrow(
      new BackupError(`${file} is not a whole backup archive (incorrect header check).`),
    );
  });
});

describe('fixedSizeChunks', () => {
  it('gives the size the file had when opened, padded with zeros after it shrank', async () => {
    const file = path.join(dir, 'relation');
    await writeFile(file, Buffer.alloc(3 * 1024 * 1024, 7));
    const handle = await open(file, 'r');
    try {
      const { size } = await handle.stat();
      await truncate(file, 1024 * 1024 + 10);

      const bytes = await collect(fixedSizeChunks(handle, size));

      expect(bytes.length).toBe(3 * 1024 * 1024);
      expect(bytes.subarray(0, 1024 * 1024 + 10).every((byte) => byte === 7)).toBe(true);
      expect(bytes.subarray(1024 * 1024 + 10).every((byte) => byte === 0)).toBe(true);
    } finally {
      await handle.close();
    }
  });
});

describe('entryPath', () => {
  it('answers the part of the name under the prefix', () => {
    expect(entryPath('postgres/base/16384/1259', 'postgres/')).toBe(path.join('base', '16384', '1259'));
  });

  it('answers undefined for a name under another prefix', () => {
    expect(entryPath('files/abc.png', 'postgres/')).toBeUndefined();
  });

  it.each([
    'postgres/../secrets.json',
    'postgres/base/../../x',
    'postgres//etc',
    'postgres/./x',
    'postgres/',
  ])('refuses %s, which could leave the directory it is restored into', (name) => {
    expect(() => entryPath(name, 'postgres/')).toThrow(BackupError);
  });
});

describe('parseManifest', () => {
  const manifest = {
    format: ARCHIVE_FORMAT,
    version: 1,
    createdAt: '2025-01-01T00:00:00.000Z',
    database: { kind: 'embedded-postgres', postgresVersion: '18', method: 'base-backup' },
    files: { source: 'directory' },
    secrets: 'secrets.json',
  };

  it('answers the manifest of a backup of this format', () => {
    expect(parseManifest(JSON.stringify(manifest), 'b.tar.gz')).toEqual(manifest);
  });

  it.each([
    ['text that is not JSON', 'nope', 'b.tar.gz is not a FITSTREAK backup (its manifest.json is not JSON).'],
    [
      'another format',
      JSON.stringify({ ...manifest, format: 'other' }),
      'b.tar.gz is not a FITSTREAK backup.',
    ],
    [
      'a newer format version',
      JSON.stringify({ ...manifest, version: 2 }),
      'b.tar.gz is a backup of format 2; this version of FITSTREAK reads format 1.',
    ],
  ])('refuses %s in one sentence', (_case, text, message) => {
    expect(() => parseManifest(text, 'b.tar.gz')).toThrow(new BackupError(message));
  });
});
