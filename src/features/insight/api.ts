import { addDays, localDay } from '@/domain/calendarDays';
import type { RacePredictionsAnswer } from '@/domain/racePredictions';
import type { TrainingLoadSeries } from '@/domain/trainingLoad';
import { callCloud } from '@/lib/cloud';
import { browserTimeZone } from '@/lib/timeZone';

/** How far back the training-load chart reaches, in months. */
export type LoadMonths = 6 | 12;
export const LOAD_MONTHS: readonly LoadMonths[] = [6, 12];

/** The days of the last `months` months to today (in the browser's zone), both ends included. */
export function loadRange(months: LoadMonths, now: Date = new Date()): { from: string; to: string } {
  const to = localDay(now, browserTimeZone() ?? 'UTC');
  return { from: addDays(to, -Math.round((months * 365) / 12)), to };
}

/** Fitness, fatigue and form for each day of the last `months` months. */
export async function loadTrainingLoad(months: LoadMonths): Promise<TrainingLoadSeries> {
  return callCloud('trainingLoad', { ...loadRange(months), timeZone: browserTimeZone() });
}

/** Predicted race times from the person's best efforts of the last 90 days; null from fewer than two. */
export async function loadRacePredictions(): Promise<RacePredictionsAnswer> {
  return callCloud('racePredictions', { timeZone: browserTimeZone() });
}
