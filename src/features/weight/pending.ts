import type { WeightEntryRow, WeightSummary } from '@/domain/weight';
import {
  dateOf,
  numberOf,
  pendingView,
  stringOf,
  type PendingChange,
  type PendingEntry,
} from '@/lib/offline/changes';

function rowOf(entry: PendingEntry, saved: WeightEntryRow | undefined): WeightEntryRow | null {
  const measuredAt = dateOf(entry.fields.measuredAt)?.toISOString() ?? saved?.measuredAt;
  const weightKg = numberOf(entry.fields.weightKg) ?? saved?.weightKg;
  if (measuredAt === undefined || weightKg === undefined) return null;
  return {
    id: entry.id,
    measuredAt,
    weightKg,
    bodyFatPct:
      'bodyFatPct' in entry.fields ? numberOf(entry.fields.bodyFatPct) : (saved?.bodyFatPct ?? null),
    note: 'note' in entry.fields ? stringOf(entry.fields.note) : (saved?.note ?? ''),
    sync: entry.refusal ? 'refused' : 'waiting',
  };
}

/**
 * The weigh-in list with this device's waiting changes applied and marked: new ones on the first
 * page in date order, edits in place, deletions gone. The chart and trend stay the server's.
 */
export function withWaitingWeighIns(
  summary: WeightSummary,
  changes: readonly PendingChange[],
): WeightSummary {
  const { entries: waiting, deleted } = pendingView(changes, 'WeightEntry');
  if (waiting.length === 0 && deleted.size === 0) return summary;
  const byId = new Map(waiting.map((entry) => [entry.id, entry]));
  const rows = summary.entries
    .filter((row) => !deleted.has(row.id))
    .map((row) => {
      const entry = byId.get(row.id);
      return entry ? (rowOf(entry, row) ?? row) : row;
    });
  if (summary.page === 0) {
    for (const entry of waiting) {
      const row = entry.isNew ? rowOf(entry, undefined) : null;
      if (row) rows.push(row);
    }
  }
  rows.sort((a, b) => b.measuredAt.localeCompare(a.measuredAt));
  return { ...summary, entries: rows };
}
