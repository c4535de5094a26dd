/**
 * Race predictions from a runner's best efforts: Riegel's power law and Daniels' VDOT, with the
 * estimated VO₂max that VDOT is.
 */
import { addDays } from './calendarDays';

/** Riegel (1981), American Scientist 69:285–290: T2 = T1 × (D2 / D1)^1.06. */
export const RIEGEL_EXPONENT = 1.06;

export function riegelSeconds(seconds: number, fromM: number, toM: number): number {
  return seconds * (toM / fromM) ** RIEGEL_EXPONENT;
}

/**
 * Daniels & Gilbert (1979), Oxygen Power: the oxygen cost of running at `metresPerMinute`,
 * ml/kg/min: −4.60 + 0.182258·v + 0.000104·v².
 */
export function oxygenCost(metresPerMinute: number): number {
  return -4.6 + 0.182258 * metresPerMinute + 0.000104 * metresPerMinute ** 2;
}

/**
 * Daniels & Gilbert (1979): the share of VO₂max a runner can hold for `minutes`:
 * 0.8 + 0.1894393·e^(−0.012778·t) + 0.2989558·e^(−0.1932605·t).
 */
export function sustainableShare(minutes: number): number {
  return 0.8 + 0.1894393 * Math.exp(-0.012778 * minutes) + 0.2989558 * Math.exp(-0.1932605 * minutes);
}

/** Daniels' VDOT of a race: its oxygen cost over the share of VO₂max held that long. */
export function vdot(distanceM: number, seconds: number): number {
  const minutes = seconds / 60;
  return oxygenCost(distanceM / minutes) / sustainableShare(minutes);
}

/**
 * The time over `distanceM` that a VDOT stands for (the inverse of `vdot`, by bisection: VDOT falls
 * as the time grows), seconds.
 */
export function vdotSeconds(value: number, distanceM: number): number {
  let fast = 1;
  let slow = 3000;
  for (let step = 0; step < 60; step += 1) {
    const middle = (fast + slow) / 2;
    if (vdot(distanceM, middle * 60) > value) fast = middle;
    else slow = middle;
  }
  return ((fast + slow) / 2) * 60;
}

/** The distances predicted, metres: 5 km, 10 km, half and full marathon. */
export const PREDICTED_DISTANCES_M = [5000, 10_000, 21_097.5, 42_195] as const;

/** Efforts from 1 km to the half marathon count; shorter ones are too much speed, too little endurance. */
export const EFFORT_RANGE_M = { min: 1000, max: 21_097.5 } as const;

/** Only efforts this recent count: older ones tell of a fitness the runner may no longer have. */
export const EFFORT_WINDOW_DAYS = 90;

/** What a prediction needs of a best effort; the caller's own fields come back with it. */
export interface DatedEffort {
  distanceM: number;
  seconds: number;
  /** `YYYY-MM-DD` of the run. */
  date: string;
}

export interface RacePrediction<E extends DatedEffort> {
  distanceM: number;
  riegelS: number;
  vdotS: number;
  /** The effort the prediction comes from: the one nearest in distance. */
  from: E;
}

export interface RacePredictions<E extends DatedEffort> {
  /** The estimated VO₂max, ml/kg/min: the highest VDOT of the efforts. */
  vdot: number;
  vdotFrom: E;
  predictions: RacePrediction<E>[];
}

/** How far apart two distances are for a prediction: the size of their ratio. */
const distanceGap = (a: number, b: number) => Math.abs(Math.log(a / b));

/**
 * Predicted 5 k, 10 k, half and marathon from the fastest effort at each distance from 1 km to
 * the half in the 90 days to `today`; null with fewer than two such efforts. Each prediction comes
 * from the effort nearest in distance (on a tie, the longer), since both methods err more the
 * further they reach.
 */
export function racePredictions<E extends DatedEffort>(
  efforts: readonly E[],
  today: string,
): RacePredictions<E> | null {
  const since = addDays(today, -EFFORT_WINDOW_DAYS);
  const fastest = new Map<number, E>();
  for (const effort of efforts) {
    if (effort.date < since || effort.date > today) continue;
    if (effort.distanceM < EFFORT_RANGE_M.min || effort.distanceM > EFFORT_RANGE_M.max) continue;
    const known = fastest.get(effort.distanceM);
    if (!known || effort.seconds < known.seconds) fastest.set(effort.distanceM, effort);
  }
  const counted = [...fastest.values()];
  if (counted.length < 2) return null;
  const best = counted.reduce((a, b) =>
    vdot(b.distanceM, b.seconds) > vdot(a.distanceM, a.seconds) ? b : a,
  );
  const predictions = PREDICTED_DISTANCES_M.map((distanceM) => {
    const from = counted.reduce((a, b) => {
      const closer = distanceGap(b.distanceM, distanceM) - distanceGap(a.distanceM, distanceM);
      return closer < 0 || (closer === 0 && b.distanceM > a.distanceM) ? b : a;
    });
    return {
      distanceM,
      riegelS: riegelSeconds(from.seconds, from.distanceM, distanceM),
      vdotS: vdotSeconds(vdot(from.distanceM, from.seconds), distanceM),
      from,
    };
  });
  return { vdot: vdot(best.distanceM, best.seconds), vdotFrom: best, predictions };
}

/** A best effort as `racePredictions()` answers it: which run it comes from. */
export interface RaceEffort extends DatedEffort {
  activityId: string;
}

/** What `racePredictions()` answers: null with fewer than two efforts in the last 90 days. */
export type RacePredictionsAnswer = RacePredictions<RaceEffort> | null;
