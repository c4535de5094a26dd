import type { ActivityType } from '@/domain/contract';
import type { ActivityStats } from '@/domain/activityStats';
import type { Units } from '@/domain/units';

/** One workout as the activitySummary function returns it. */
export interface ActivityRow {
  id: string;
  type: ActivityType;
  startedAt: string;
  durationMin: number;
  distanceKm: number | null;
  caloriesKcal: number | null;
  caloriesEstimated: boolean;
  notes: string;
}

/** The answer of the activitySummary cloud function. */
export interface ActivitySummary extends ActivityStats {
  month: string;
  date: string;
  timeZone: string;
  weekStartsOn: number;
  weeklyGoalMin: number;
  units: Units;
  dayActivities: ActivityRow[];
}
