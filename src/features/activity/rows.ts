import { ACTIVITY_TYPES, type ActivityType } from '@/domain/contract';
import { isActivityVisibility } from '@/domain/sharing';
import type { ActivityRow } from './types';

export function isActivityType(value: unknown): value is ActivityType {
  return typeof value === 'string' && (ACTIVITY_TYPES as readonly string[]).includes(value);
}

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** A workout carried through a form field as JSON (for undo), read back defensively. */
export function parseActivityRow(json: string): ActivityRow | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const row = value as Record<string, unknown>;
  const durationMin = numberOrNull(row.durationMin);
  if (!isActivityType(row.type) || typeof row.startedAt !== 'string' || durationMin === null) return null;
  if (Number.isNaN(new Date(row.startedAt).getTime())) return null;
  return {
    id: typeof row.id === 'string' ? row.id : '',
    type: row.type,
    startedAt: row.startedAt,
    durationMin,
    distanceKm: numberOrNull(row.distanceKm),
    caloriesKcal: numberOrNull(row.caloriesKcal),
    caloriesEstimated: row.caloriesEstimated === true,
    notes: typeof row.notes === 'string' ? row.notes : '',
    ...(isActivityVisibility(row.visibility) ? { visibility: row.visibility } : {}),
    ...(typeof row.showRoute === 'boolean' ? { showRoute: row.showRoute } : {}),
    ...(typeof row.showHeartRate === 'boolean' ? { showHeartRate: row.showHeartRate } : {}),
    ...(typeof row.commentsOff === 'boolean' ? { commentsOff: row.commentsOff } : {}),
    ...(typeof row.effort === 'number' ? { effort: row.effort } : {}),
  };
}
