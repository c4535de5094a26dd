import type { WeighInImportResult, WeightRange, WeightSummary } from '@/domain/weight';
import { restDate, type RestFields } from '@/lib/offline/changes';
import { saveOrQueue, type SaveOutcome } from '@/lib/offline/outbox';
import { browserTimeZone } from '@/lib/timeZone';
import { callCloud } from '@/lib/cloud';

export async function loadWeightSummary(query: { range: WeightRange; page: number }): Promise<WeightSummary> {
  return callCloud('weightSummary', {
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

function weighInFields(input: WeighInInput): RestFields {
  return {
    measuredAt: restDate(input.measuredAt),
    weightKg: input.weightKg,
    bodyFatPct: input.bodyFatPct,
    note: input.note,
  };
}

/** Saves a weigh-in, or keeps it on this device to be sent when there is a network. */
export async function saveWeighIn(input: WeighInInput, id?: string): Promise<SaveOutcome> {
  const write = {
    className: 'WeightEntry',
    op: id ? 'update' : 'create',
    target: id,
    fields: weighInFields(input),
  } as const;
  return saveOrQueue(write);
}

export async function deleteWeighIn(id: string): Promise<SaveOutcome> {
  return saveOrQueue({ className: 'WeightEntry', op: 'delete', target: id });
}

export async function importWeighIns(
  rows: readonly { measuredAt: string; weightKg: number }[],
  dryRun: boolean,
): Promise<WeighInImportResult> {
  return callCloud('importWeightEntries', {
    rows,
    dryRun,
  });
}
