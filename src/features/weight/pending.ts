import type { WeightEntryRow, WeightSummary } from '@/domain/weight';
import {
  applyWaiting,
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
  const rows = applyWaiting(summary.entries, pendingView(changes, 'WeightEntry'), rowOf, summary.page === 0);
  if (rows === summary.entries) return summary;
  return { ...summary, entries: [...rows].sort((a, b) => b.measuredAt.localeCompare(a.measuredAt)) };
}
