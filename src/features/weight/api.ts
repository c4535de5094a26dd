import type { WeightRange, WeightSummary } from '@/domain/weight';
import { getParse } from '@/lib/parse';
import { browserTimeZone } from '@/lib/timeZone';

export async function loadWeightSummary(query: { range: WeightRange; page: number }): Promise<WeightSummary> {
  const Parse = await getParse();
  return Parse.Cloud.run<(params: Record<string, unknown>) => WeightSummary>('weightSummary', {
    ...query,
    timeZone: browserTimeZone(),
  });
}

/** A weigh-in as stored: kilograms. */
export interface WeighInInput {
  measuredAt: Date;
  weightKg: number;
  bodyFatPct: number | null;
  note: string;
}

export async function saveWeighIn(input: WeighInInput, id?: string): Promise<void> {
  const Parse = await getParse();
  const entry = new Parse.Object('WeightEntry');
  if (id) entry.id = id;
  entry.set('measuredAt', input.measuredAt);
  entry.set('weightKg', input.weightKg);
  if (input.bodyFatPct === null) entry.unset('bodyFatPct');
  else entry.set('bodyFatPct', input.bodyFatPct);
  entry.set('note', input.note);
  await entry.save();
}

export async function deleteWeighIn(id: string): Promise<void> {
  const Parse = await getParse();
  const entry = new Parse.Object('WeightEntry');
  entry.id = id;
  await entry.destroy();
}

export interface ImportResult {
  imported: number;
  wouldImport: number;
  /** 1-based positions in the rows sent that repeat a saved weigh-in or an earlier row. */
  duplicates: number[];
}

export async function importWeighIns(
  rows: readonly { measuredAt: string; weightKg: number }[],
  dryRun: boolean,
): Promise<ImportResult> {
  const Parse = await getParse();
  return Parse.Cloud.run<(params: Record<string, unknown>) => ImportResult>('importWeightEntries', {
    rows,
    dryRun,
  });
}
