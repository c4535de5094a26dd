import {
  MEASUREMENT_FIELDS,
  type BodyMeasurementRow,
  type MeasurementValues,
} from '@/domain/bodyMeasurements';
import {
  applyWaiting,
  dateOf,
  numberOf,
  pendingView,
  type PendingChange,
  type PendingEntry,
} from '@/lib/offline/changes';
import type { MeasurementsView } from './api';

function rowOf(entry: PendingEntry, saved: BodyMeasurementRow | undefined): BodyMeasurementRow | null {
  const measuredAt = dateOf(entry.fields.measuredAt)?.toISOString() ?? saved?.measuredAt;
  if (measuredAt === undefined) return null;
  const values = Object.fromEntries(
    MEASUREMENT_FIELDS.map((field) => [
      field,
      field in entry.fields ? numberOf(entry.fields[field]) : (saved?.[field] ?? null),
    ]),
  ) as MeasurementValues;
  return { id: entry.id, measuredAt, ...values, sync: entry.refusal ? 'refused' : 'waiting' };
}

/**
 * The measurements with this device's waiting changes applied and marked: new rows in date order,
 * edits in place, deletions gone; the chart and the latest values then include them.
 */
export function withWaitingMeasurements(
  view: MeasurementsView,
  changes: readonly PendingChange[],
): MeasurementsView {
  const rows = applyWaiting(view.rows, pendingView(changes, 'BodyMeasurement'), rowOf);
  if (rows === view.rows) return view;
  return { ...view, rows: [...rows].sort((a, b) => b.measuredAt.localeCompare(a.measuredAt)) };
}
