import { Gunzip, Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import { t } from '@/i18n/messages';
import { WorkoutFileError } from './formats';

/** All an archive may unpack to: an Apple Health export of many years is a few gigabytes. */
export const MAX_UNPACKED_BYTES = 4 * 1024 ** 3;

/**
 * Past this size an archive may unpack to at most this many times what it holds. Workout files
 * and health exports compress 5 to 30 times; a zip bomb, thousands of times.
 */
const RATIO_FREE_BYTES = 64 * 1024 ** 2;
const MAX_RATIO = 100;

/** Fed in small slices, so one slice of a bomb unpacks to at most tens of megabytes before it is caught. */
const SLICE_BYTES = 64 * 1024;

/** Where an entry's unpacked bytes go. */
export interface EntrySink {
  write(chunk: Uint8Array): void;
  end(): void;
}

/** Counts what an archive unpacks to against what it holds, refusing a bomb as it goes off. */
class Budget {
  packed = 0;
  unpacked = 0;

  add(bytes: number): string | undefined {
    this.unpacked += bytes;
    if (this.unpacked > MAX_UNPACKED_BYTES)
      return t('imports.problem.unpacksOverGigabytes', { size: MAX_UNPACKED_BYTES / 1024 ** 3 });
    if (this.unpacked > RATIO_FREE_BYTES && this.unpacked > this.packed * MAX_RATIO) {
      return t('imports.problem.zipBomb', { ratio: MAX_RATIO });
    }
    return undefined;
  }
}

/** A zip starts with a local file header, or is an empty archive's end record alone. */
function startsLikeZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
}

/**
 * Streams a zip's entries without holding the archive: each entry's bytes go to the sink that
 * `sinkFor` gives for its name, and an entry without one is skipped. An archive that unpacks out
 * of proportion is refused with a WorkoutFileError as soon as it does.
 */
export async function readZip(
  chunks: AsyncIterable<Uint8Array>,
  sinkFor: (name: string) => EntrySink | undefined,
  onRead: (bytes: number) => void = () => undefined,
): Promise<void> {
  const budget = new Budget();
  let problem: string | undefined;
  const unzip = new Unzip((file) => {
    const sink = file.name.endsWith('/') ? undefined : sinkFor(file.name);
    if (!sink) return;
    file.ondata = (error, chunk, final) => {
      if (problem) return;
      if (error) {
        problem = t('imports.problem.unreadableZip');
        return;
      }
      problem = budget.add(chunk.length);
      if (problem) {
        file.terminate();
        return;
      }
      try {
        sink.write(chunk);
        if (final) sink.end();
      } catch (failure) {
        // An entry read as it streams (an Apple Health export) may be refused half way.
        problem = t('imports.problem.inArchive', {
          name: file.name,
          problem: failure instanceof WorkoutFileError ? failure.message : t('imports.problem.unreadable'),
        });
        file.terminate();
      }
    };
    try {
      file.start();
    } catch {
      problem = t('imports.problem.packedUnknown', { name: file.name });
    }
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  let sawAny = false;
  try {
    for await (const chunk of chunks) {
      if (!sawAny && chunk.length > 0 && !startsLikeZip(chunk)) {
        throw new WorkoutFileError(t('imports.problem.notZip'));
      }
      for (let start = 0; start < chunk.length; start += SLICE_BYTES) {
        const slice = chunk.subarray(start, start + SLICE_BYTES);
        budget.packed += slice.length;
        sawAny ||= slice.length > 0;
        unzip.push(slice);
        if (problem) throw new WorkoutFileError(problem);
      }
      onRead(chunk.length);
    }
    unzip.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof WorkoutFileError) throw error;
    throw new WorkoutFileError(problem ?? t('imports.problem.unreadableZip'));
  }
  if (problem) throw new WorkoutFileError(problem);
  if (!sawAny) throw new WorkoutFileError(t('imports.problem.empty'));
}

/** A gzip file's contents (Strava keeps its FIT, GPX and TCX files gzipped), with the same limits as a zip. */
export function gunzip(bytes: Uint8Array, maxBytes: number): Uint8Array {
  const budget = new Budget();
  const parts: Uint8Array[] = [];
  let size = 0;
  let problem: string | undefined;
  if (bytes.length === 0) throw new WorkoutFileError(t('imports.problem.empty'));
  const stream = new Gunzip((chunk) => {
    if (problem) return;
    problem = budget.add(chunk.length);
    size += chunk.length;
    if (!problem && size > maxBytes)
      problem = t('imports.problem.unpacksOverMegabytes', { size: maxBytes / 1024 ** 2 });
    parts.push(chunk);
  });
  try {
    for (let start = 0; start < bytes.length; start += SLICE_BYTES) {
      const slice = bytes.subarray(start, start + SLICE_BYTES);
      budget.packed += slice.length;
      stream.push(slice, start + SLICE_BYTES >= bytes.length);
      if (problem) throw new WorkoutFileError(problem);
    }
  } catch (error) {
    if (error instanceof WorkoutFileError) throw error;
    throw new WorkoutFileError(t('imports.problem.unreadableGzip'));
  }
  return joinBytes(parts, size);
}

/** The parts of a stream in one array of `size` bytes. */
export function joinBytes(parts: readonly Uint8Array[], size: number): Uint8Array {
  const joined = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
