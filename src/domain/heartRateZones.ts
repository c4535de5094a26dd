/**
 * Heart-rate zones: the maximum heart rate (the person's own or Tanaka's estimate), five zones by
 * heart-rate reserve (Karvonen), and the time a heart-rate track spends in each.
 */
import { settingsRules } from './contract';
import { fieldError, fieldProblem, type FieldError } from './fieldRules';

/** One heart-rate reading of a track: `t` in milliseconds since the epoch, `hr` in beats a minute. */
export interface HeartRateSample {
  t: number;
  hr: number;
}

/**
 * The length of the best rolling average that counts as a person's maximum: long enough that a
 * strap's or optical sensor's spike of a few seconds cannot set it, short enough to reach the peak
 * at the end of an all-out effort.
 */
export const SUSTAINED_WINDOW_S = 30;

/**
 * A reading holds until the next one, but not across a gap longer than this: a pause, a lost
 * sensor. Stored tracks are simplified (`simplifyTrack`), so on a straight road two kept points
 * may lie most of a minute apart.
 */
export const MAX_SAMPLE_GAP_S = 60;

/** Readings outside this range are a sensor's error, not a heart. */
export const PLAUSIBLE_HR = { min: 25, max: 250 } as const;

/** Used until the person enters their resting heart rate: a typical adult's. */
export const DEFAULT_RESTING_HR = 60;

/** Resting heart rate as settings take it, beats a minute. */
export const RESTING_HR_RULE = settingsRules.restingHr;

/**
 * Zone bounds in percent of heart-rate reserve: the lower bound of zone 1, then the upper bound of
 * zones 1 to 5. The default is the customary 10-point bands from 50 % to 100 % of reserve.
 */
export type ZoneBounds = readonly [number, number, number, number, number, number];
export const DEFAULT_ZONE_BOUNDS: ZoneBounds = [50, 60, 70, 80, 90, 100];

/** Tanaka, Monahan & Seals (2001), J Am Coll Cardiol 37:153–156: HRmax = 208 − 0.7 × age. */
export function tanakaMaxHr(ageYears: number): number {
  return 208 - 0.7 * ageYears;
}

/** The plausible readings of a track in time order, with the ones lacking a heart rate left out. */
function cleanSamples(samples: readonly { t: number; hr?: number | undefined }[]): HeartRateSample[] {
  return samples
    .filter(
      (sample): sample is HeartRateSample =>
        typeof sample.hr === 'number' && sample.hr >= PLAUSIBLE_HR.min && sample.hr <= PLAUSIBLE_HR.max,
    )
    .sort((a, b) => a.t - b.t);
}

/** Stretches of a track with no gap longer than `MAX_SAMPLE_GAP_S` between readings. */
function continuousRuns(samples: readonly HeartRateSample[]): HeartRateSample[][] {
  const runs: HeartRateSample[][] = [];
  let run: HeartRateSample[] = [];
  for (const sample of samples) {
    const last = run.at(-1);
    if (last && (sample.t - last.t) / 1000 > MAX_SAMPLE_GAP_S) {
      runs.push(run);
      run = [];
    }
    run.push(sample);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/**
 * The highest average heart rate over `windowS` seconds of one track, each reading holding until
 * the next; null when no stretch of continuous readings is that long. The average of a stepwise
 * value is highest for a window that starts or ends at a reading, so only those are tried.
 */
export function sustainedMaxHr(
  track: readonly { t: number; hr?: number | undefined }[],
  windowS = SUSTAINED_WINDOW_S,
): number | null {
  const windowMs = windowS * 1000;
  let best: number | null = null;
  for (const run of continuousRuns(cleanSamples(track))) {
    const times = run.map(({ t }) => t);
    // Beat-milliseconds from the run's first reading to each reading.
    const area = [0];
    for (let index = 1; index < run.length; index += 1) {
      const previous = run[index - 1] as HeartRateSample;
      area.push((area[index - 1] as number) + previous.hr * ((run[index] as HeartRateSample).t - previous.t));
    }
    const first = times[0] as number;
    const last = times.at(-1) as number;
    if (last - first < windowMs) continue;
    const areaAt = (time: number) => {
      // The last reading at or before `time`, by bisection: a year of tracks has a million readings.
      let index = 0;
      let after = times.length;
      while (after - index > 1) {
        const middle = (index + after) >> 1;
        if ((times[middle] as number) <= time) index = middle;
        else after = middle;
      }
      const sample = run[index] as HeartRateSample;
      return (area[index] as number) + sample.hr * (time - sample.t);
    };
    for (const time of times) {
      for (const start of [time, time - windowMs]) {
        if (start < first || start + windowMs > last) continue;
        const average = (areaAt(start + windowMs) - areaAt(start)) / windowMs;
        if (best === null || average > best) best = average;
      }
    }
  }
  return best === null ? null : Math.round(best);
}

/**
 * The person's maximum heart rate: the highest sustained value over their tracks with heart rate,
 * else Tanaka's estimate for their age, else null (no data and no birth year).
 */
export function maxHeartRate(
  tracks: readonly (readonly { t: number; hr?: number | undefined }[])[],
  ageYears: number | null,
): { bpm: number; source: 'tracks' | 'age' } | null {
  let best: number | null = null;
  for (const track of tracks) {
    const value = sustainedMaxHr(track);
    if (value !== null && (best === null || value > best)) best = value;
  }
  if (best !== null) return { bpm: best, source: 'tracks' };
  return ageYears === null ? null : { bpm: Math.round(tanakaMaxHr(ageYears)), source: 'age' };
}

export interface HeartRateZone {
  /** 1 … 5. */
  zone: number;
  /** Beats a minute, inclusive. */
  fromBpm: number;
  /** Beats a minute, exclusive (zone 5 includes its upper bound). */
  toBpm: number;
}

/**
 * Karvonen, Kentala & Mustala (1957), Ann Med Exp Biol Fenn 35:307–315: the heart rate at a share
 * of reserve is rest + share × (max − rest).
 */
export function karvonenBpm(percentOfReserve: number, restingHr: number, maxHr: number): number {
  return restingHr + (percentOfReserve / 100) * (maxHr - restingHr);
}

/** The five zones in beats a minute, rounded to whole beats. */
export function heartRateZones(
  restingHr: number,
  maxHr: number,
  bounds: ZoneBounds = DEFAULT_ZONE_BOUNDS,
): HeartRateZone[] {
  const bpm = bounds.map((percent) => Math.round(karvonenBpm(percent, restingHr, maxHr)));
  return [1, 2, 3, 4, 5].map((zone) => ({
    zone,
    fromBpm: bpm[zone - 1] as number,
    toBpm: bpm[zone] as number,
  }));
}

/** What is wrong with edited zone bounds, naming the field; null when they are fine. */
export function zoneBoundsProblem(bounds: unknown, field = 'zoneBounds'): FieldError | null {
  if (!Array.isArray(bounds) || bounds.length !== DEFAULT_ZONE_BOUNDS.length) {
    return fieldError(field, 'domain.field.zoneBoundsCount', { count: DEFAULT_ZONE_BOUNDS.length });
  }
  const rule = { kind: 'number', min: 0, max: 100, integer: true } as const;
  for (const value of bounds as unknown[]) {
    const problem = fieldProblem(field, rule, value);
    if (problem) return problem;
  }
  const numbers = bounds as number[];
  if (numbers.some((value, index) => index > 0 && value <= (numbers[index - 1] as number))) {
    return fieldError(field, 'domain.field.zoneBoundsRising');
  }
  return null;
}

/** Seconds of a track in each zone; `below` is the time under zone 1 (easy walking, standing). */
export interface TimeInZones {
  below: number;
  zones: [number, number, number, number, number];
}

/** One reading and the seconds it holds for, until the next reading of its continuous stretch. */
export interface HeartRateStretch {
  hr: number;
  seconds: number;
}

/**
 * A track as readings that each hold until the next; gaps longer than `MAX_SAMPLE_GAP_S` count
 * nowhere, nor do readings without a plausible heart rate.
 */
export function heartRateStretches(
  track: readonly { t: number; hr?: number | undefined }[],
): HeartRateStretch[] {
  const stretches: HeartRateStretch[] = [];
  for (const run of continuousRuns(cleanSamples(track))) {
    for (let index = 0; index + 1 < run.length; index += 1) {
      const sample = run[index] as HeartRateSample;
      const seconds = ((run[index + 1] as HeartRateSample).t - sample.t) / 1000;
      if (seconds > 0) stretches.push({ hr: sample.hr, seconds });
    }
  }
  return stretches;
}

/** Seconds spent in each zone (see `heartRateStretches`); readings above zone 5 count in zone 5. */
export function timeInZones(
  track: readonly { t: number; hr?: number | undefined }[],
  zones: readonly HeartRateZone[],
): TimeInZones {
  const result: TimeInZones = { below: 0, zones: [0, 0, 0, 0, 0] };
  for (const { hr, seconds } of heartRateStretches(track)) {
    const zone = zones.findLastIndex(({ fromBpm }) => hr >= fromBpm);
    if (zone < 0) result.below += seconds;
    else result.zones[zone] = (result.zones[zone] ?? 0) + seconds;
  }
  return result;
}

/** What `heartRateZones()` answers: the person's zones and where each number comes from. */
export interface PersonHeartRateZones {
  restingHr: number;
  /** False while the resting heart rate is the default (`DEFAULT_RESTING_HR`). */
  restingHrSet: boolean;
  /** Null with neither a track with heart rate nor a birth year. */
  maxHr: number | null;
  /** `tracks`: the highest 30-second average of their workouts; `age`: Tanaka's estimate. */
  maxHrSource: 'tracks' | 'age' | null;
  /** The workout the maximum comes from, when it comes from tracks. */
  maxHrActivityId: string | null;
  bounds: ZoneBounds;
  boundsEdited: boolean;
  /** Null when there is no maximum. */
  zones: HeartRateZone[] | null;
}
