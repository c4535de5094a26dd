import type { MealType } from './contract';

/** What the "+" in the app's frame logs: each opens its page's window at once. */
export const LOG_KINDS = ['workout', 'strength', 'meal', 'weigh-in'] as const;
export type LogKind = (typeof LOG_KINDS)[number];

/** The query parameter that asks a page to open its logging window (`?log=meal`). */
export const LOG_PARAM = 'log';

/** The page that logs each kind, with the request to open its window. */
export function logPath(kind: LogKind): string {
  const page =
    kind === 'workout' || kind === 'strength' ? '/' : kind === 'meal' ? '/nutrition-log' : '/weight-tracking';
  return `${page}?${LOG_PARAM}=${kind}`;
}

/**
 * The meal a person most likely logs at a local time of day ("HH:MM" as minutes since midnight):
 * breakfast until 10:30, lunch until 15:00, a snack until 17:30, dinner until 21:30, then a snack.
 */
export function mealTypeAt(minutes: number): MealType {
  if (minutes < 4 * 60) return 'snack';
  if (minutes < 10 * 60 + 30) return 'breakfast';
  if (minutes < 15 * 60) return 'lunch';
  if (minutes < 17 * 60 + 30) return 'snack';
  if (minutes < 21 * 60 + 30) return 'dinner';
  return 'snack';
}
