import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { parse } from 'csv-parse';

/**
 * The products of an export file, one at a time, in constant memory whatever the file's size:
 * JSON lines or the tab-separated CSV export, gzip-compressed or not (told by the file's first
 * bytes, not its name). Counts the file's bytes read, for the progress line.
 */

export type ExportFormat = 'jsonl' | 'csv';

/** A product as the file holds it, or the text of a line that is not JSON. */
export type ExportRecord = { record: Record<string, unknown> } | { unreadable: string };

export interface ExportStream {
  records: AsyncIterable<ExportRecord>;
  /** Bytes of the file read so far (compressed bytes for a .gz). */
  bytesRead(): number;
  size: number;
  /** Stops reading (an import that ends early). */
  close(): void;
}

const GZIP_MAGIC = [0x1f, 0x8b];

async function isGzip(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === GZIP_MAGIC[0] && buffer[1] === GZIP_MAGIC[1];
  } finally {
    await handle.close();
  }
}

/** The format a file's name says: `.csv` (or `.csv.gz`) is the CSV export, anything else JSON lines. */
export function formatOf(file: string): ExportFormat {
  return /\.csv(\.gz)?$/i.test(file) ? 'csv' : 'jsonl';
}

async function* jsonLines(input: Readable): AsyncIterable<ExportRecord> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    try {
      const value: unknown = JSON.parse(line);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        yield { record: value as Record<string, unknown> };
      } else {
        yield { unreadable: line.slice(0, 80) };
      }
    } catch {
      yield { unreadable: line.slice(0, 80) };
    }
  }
}

async function* csvRows(input: Readable): AsyncIterable<ExportRecord> {
  // Tab-separated, no quoting (the export removes tabs and line breaks from values, and a value may
  // hold a lone quote), a header line naming the columns.
  const rows = input.pipe(
    parse({ delimiter: '\t', quote: false, columns: true, relax_column_count: true, skip_empty_lines: true }),
  );
  for await (const row of rows as AsyncIterable<Record<string, string>>) yield { record: row };
}

export async function openExport(file: string, format: ExportFormat): Promise<ExportStream> {
  const compressed = await isGzip(file);
  const { size } = await stat(file);
  const raw = createReadStream(file, { highWaterMark: 1 << 20 });
  let read = 0;
  raw.on('data', (chunk: Buffer | string) => {
    read += chunk.length;
  });
  const input: Readable = compressed ? raw.pipe(createGunzip()) : raw;
  raw.on('error', (error) => input.destroy(error));
  return {
    records: format === 'csv' ? csvRows(input) : jsonLines(input),
    bytesRead: () => read,
    size,
    close: () => {
      raw.destroy();
      input.destroy();
    },
  };
}
