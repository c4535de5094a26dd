import { MAX_IMPORT_WORKOUTS, type ImportAnswer } from '@/domain/track';
import type { ParsedWorkout } from './formats';
import { getParse } from '@/lib/parse';

export type KeyedWorkout = ParsedWorkout & { clientKey: string };

async function importBatch(workouts: readonly KeyedWorkout[], dryRun: boolean): Promise<ImportAnswer> {
  const Parse = await getParse();
  return Parse.Cloud.run<(params: object) => ImportAnswer>('importWorkouts', { workouts, dryRun });
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
