import { localDay } from '@/domain/calendarDays';
import type { ActivityRow, ActivitySummary } from '@/domain/activity';
import type { LoggedExercise } from '@/domain/strength';
import { isActivityType } from './rows';
import {
  applyWaiting,
  dateOf,
  numberOf,
  pendingView,
  stringOf,
  type PendingChange,
  type PendingEntry,
} from '@/lib/offline/changes';

/** The exercises a waiting change gives a workout: its own when it sets them, else the saved ones. */
function exercisesOf(value: unknown, saved: ActivityRow | undefined): Pick<ActivityRow, 'exercises'> {
  if (Array.isArray(value)) return value.length > 0 ? { exercises: value as LoggedExercise[] } : {};
  if (value === null) return {};
  return saved?.exercises ? { exercises: saved.exercises } : {};
}

/** The effort a waiting change leaves a workout with, when any. */
const effortOf = (effort: number | null | undefined): Pick<ActivityRow, 'effort'> =>
  typeof effort === 'number' ? { effort } : {};

function rowOf(entry: PendingEntry, saved: ActivityRow | undefined): ActivityRow | null {
  const { fields } = entry;
  const type = isActivityType(fields.type) ? fields.type : saved?.type;
  const startedAt = dateOf(fields.startedAt)?.toISOString() ?? saved?.startedAt;
  const durationMin = numberOf(fields.durationMin) ?? saved?.durationMin;
  if (type === undefined || startedAt === undefined || durationMin === undefined) return null;
  const typedKcal = 'caloriesKcal' in fields ? numberOf(fields.caloriesKcal) : null;
  return {
    id: entry.id,
    type,
    startedAt,
    durationMin,
    distanceKm: 'distanceKm' in fields ? numberOf(fields.distanceKm) : (saved?.distanceKm ?? null),
    // Without a typed value the server estimates the energy when the workout reaches it.
    caloriesKcal: typedKcal,
    caloriesEstimated: false,
    notes: 'notes' in fields ? stringOf(fields.notes) : (saved?.notes ?? ''),
    ...exercisesOf(fields.exercises, saved),
    ...effortOf('effort' in fields ? numberOf(fields.effort) : saved?.effort),
    sync: entry.refusal ? 'refused' : 'waiting',
  };
}

/**
 * The day's workouts with this device's waiting changes applied and marked. Totals, streaks and
 * the calendar stay the server's until the changes are saved.
 */
export function withWaitingActivities(
  summary: ActivitySummary,
  changes: readonly PendingChange[],
): ActivitySummary {
  const rows = applyWaiting(summary.dayActivities, pendingView(changes, 'Activity'), rowOf);
  if (rows === summary.dayActivities) return summary;
  // An edit may have moved a workout to another day.
  const onDay = rows.filter((row) => localDay(new Date(row.startedAt), summary.timeZone) === summary.date);
  return { ...summary, dayActivities: onDay.sort((a, b) => a.startedAt.localeCompare(b.startedAt)) };
}
