import {
  MAX_IMPORT_WORKOUTS,
  type ImportAnswer,
  type KeyedWorkout,
  type ParsedWorkout,
} from '@/domain/track';
import { MAX_IMPORT_WEIGH_INS, type WeighInImportResult } from '@/domain/weight';
import { importWeighIns as importWeighInRows } from '@/features/weight';
import type { ImportedWeighIn } from './appleHealth';
import {
  isGzip,
  MAX_ORIGINAL_BYTES,
  ORIGINAL_KINDS,
  originalUploadName,
  type OriginalKind,
} from '@/domain/originals';
import { getParse } from '@/lib/parse';
import { callCloud } from '@/lib/cloud';

/**
 * Uploads a chosen workout file as a kept original, gzipped (a file that is gzipped already, as
 * Strava's are, goes as it is); null when even gzipped it is over the limit, or not a workout file.
 */
export async function uploadOriginal(
  file: File,
): Promise<{ originalFile: unknown; originalName: string } | null> {
  const kind = file.name.toLowerCase().replace(/\.gz$/, '').split('.').pop() ?? '';
  if (!(ORIGINAL_KINDS as readonly string[]).includes(kind)) return null;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const gzipped = isGzip(bytes) ? bytes : (await import('fflate')).gzipSync(bytes, { level: 6 });
  if (gzipped.length > MAX_ORIGINAL_BYTES) return null;
  const Parse = await getParse();
  const stored = new Parse.File(
    originalUploadName(kind as OriginalKind),
    new Blob([gzipped], { type: 'application/gzip' }),
    'application/gzip',
  );
  await stored.save();
  return { originalFile: stored.toJSON(), originalName: file.name };
}

/**
 * The same key for the same workout every time its file is read (a UUID made from a digest of its
 * source, type and start), so an import stopped half way and started again adds nothing twice.
 */
export async function keyOf(workout: ParsedWorkout): Promise<string> {
  const text = `${workout.source}|${workout.type}|${workout.startedAt}`;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  const hex = [...digest.slice(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  // Version 8 (a UUID of one's own making), RFC 4122 variant.
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function importBatch(workouts: readonly KeyedWorkout[], dryRun: boolean): Promise<ImportAnswer> {
  return callCloud('importWorkouts', { workouts, dryRun });
}

/**
 * Sends the workouts in batches (a preview when `dryRun`), adding up the answers with positions
 * counted over the whole list. Each workout keeps its key, so running it again adds nothing twice.
 */
export async function importWorkouts(
  workouts: readonly KeyedWorkout[],
  dryRun: boolean,
  onProgress: (done: number) => void = () => undefined,
): Promise<ImportAnswer> {
  const total: ImportAnswer = { imported: 0, wouldImport: 0, duplicates: [], refused: [] };
  for (let start = 0; start < workouts.length; start += MAX_IMPORT_WORKOUTS) {
    const answer = await importBatch(workouts.slice(start, start + MAX_IMPORT_WORKOUTS), dryRun);
    total.imported += answer.imported;
    total.wouldImport += answer.wouldImport;
    total.duplicates.push(...answer.duplicates.map((row) => row + start));
    total.refused.push(...answer.refused.map((refusal) => ({ ...refusal, row: refusal.row + start })));
    onProgress(Math.min(workouts.length, start + MAX_IMPORT_WORKOUTS));
  }
  return total;
}

/** Weigh-ins from a health export, in batches the same way; one already saved is skipped. */
export async function importWeighIns(
  weighIns: readonly ImportedWeighIn[],
  dryRun: boolean,
  onProgress: (done: number) => void = () => undefined,
): Promise<WeighInImportResult> {
  const total: WeighInImportResult = { imported: 0, wouldImport: 0, duplicates: [] };
  for (let start = 0; start < weighIns.length; start += MAX_IMPORT_WEIGH_INS) {
    const answer = await importWeighInRows(weighIns.slice(start, start + MAX_IMPORT_WEIGH_INS), dryRun);
    total.imported += answer.imported;
    total.wouldImport += answer.wouldImport;
    total.duplicates.push(...answer.duplicates.map((row) => row + start));
    onProgress(Math.min(weighIns.length, start + MAX_IMPORT_WEIGH_INS));
  }
  return total;
}
