import type { ActivityType } from './contract';
import { KM_PER_MILE, type Units } from './units';

/** Workouts on foot read as pace (time per km or mile); the rest as speed. */
export const PACED_TYPES: ReadonlySet<ActivityType> = new Set(['run', 'walk', 'hike']);

export function showsPace(type: ActivityType): boolean {
  return PACED_TYPES.has(type);
}

/** A workout's average: seconds per km or mile on foot, else km or miles per hour. */
export type PaceOrSpeed = { kind: 'pace'; secondsPerUnit: number } | { kind: 'speed'; perHour: number };

/**
 * The average pace or speed of `distanceKm` in `seconds`, in the person's units; null without a
 * distance or a time to divide by.
 */
export function paceOrSpeed(
  type: ActivityType,
  distanceKm: number | null,
  seconds: number,
  units: Units,
): PaceOrSpeed | null {
  if (distanceKm === null || distanceKm <= 0 || seconds <= 0) return null;
  const distance = units === 'imperial' ? distanceKm / KM_PER_MILE : distanceKm;
  return showsPace(type)
    ? { kind: 'pace', secondsPerUnit: seconds / distance }
    : { kind: 'speed', perHour: distance / (seconds / 3600) };
}

/** Seconds as m:ss, or h:mm:ss from an hour on ("5:07", "1:02:03"). */
export function clockText(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
