/**
 * A recorded route (GPX, TCX, FIT): its distance, moving time, climb and heart rate, splits, best
 * efforts, and a simplified copy small enough to store.
 */
// `t` is a track point's time here, so the messages' `t` goes by another name.
import { t as translate, type MessageId } from '../i18n/messages';
import type { ActivitySource, ActivityType } from './contract';
import { fieldError, type FieldError } from './fieldRules';

export interface TrackPoint {
  /** Milliseconds since the epoch. */
  t: number;
  lat: number;
  lon: number;
  /** Metres above sea level. */
  ele?: number;
  /** Beats per minute. */
  hr?: number;
}

/** A workout read from a file, ready for `importWorkouts`. */
export interface ParsedWorkout {
  type: ActivityType;
  source: ActivitySource;
  startedAt: string;
  durationMin: number;
  movingTimeS: number;
  distanceKm?: number;
  elevationGainM?: number;
  avgHr?: number;
  maxHr?: number;
  caloriesKcal?: number;
  /** Simplified to at most 2 000 points; absent for a workout without positions (a pool swim). */
  track?: TrackPoint[];
}

/** A parsed workout as the import sends it: its key makes sending it again add nothing twice. */
export type KeyedWorkout = ParsedWorkout & {
  clientKey: string;
  /** The kept original file (a Parse File's JSON) and the name it had. */
  originalFile?: unknown;
  originalName?: string;
};

/** The most workouts one `importWorkouts` call takes; a long history comes in batches. */
export const MAX_IMPORT_WORKOUTS = 500;

/** The answer of `importWorkouts` (cloud/functions/imports.ts). */
export interface ImportAnswer {
  /** Workouts saved by this call (0 for a dry run). */
  imported: number;
  /** Workouts that would be or were saved. */
  wouldImport: number;
  /** 1-based positions of the workouts already saved (same type, start within two minutes, or the same key). */
  duplicates: number[];
  /** 1-based positions of the workouts refused, with the reason. */
  refused: { row: number; reason: string }[];
}

/** The most points a stored track keeps. */
export const MAX_TRACK_POINTS = 2000;

/** Slower than this between two points counts as standing still (a pause, a traffic light). */
const MOVING_SPEED_MS = 0.5;

/** Climbs smaller than this between two counted heights are a barometer's or GPS's noise. */
const CLIMB_THRESHOLD_M = 3;

const EARTH_RADIUS_M = 6_371_008.8;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, metres (haversine). */
export function distanceM(a: Pick<TrackPoint, 'lat' | 'lon'>, b: Pick<TrackPoint, 'lat' | 'lon'>): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLon = toRadians(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Metres from the start at each point. */
export function cumulativeDistancesM(points: readonly TrackPoint[]): number[] {
  const distances: number[] = [];
  let total = 0;
  points.forEach((point, index) => {
    const previous = points[index - 1];
    if (previous) total += distanceM(previous, point);
    distances.push(total);
  });
  return distances;
}

export interface TrackSummary {
  distanceKm: number;
  /** From the first point to the last, pauses included. */
  elapsedS: number;
  /** Time spent moving faster than a slow walk's fraction. */
  movingTimeS: number;
  elevationGainM: number | null;
  avgHr: number | null;
  maxHr: number | null;
}

/** Climb summed over rises of at least the noise threshold. */
function elevationGain(points: readonly TrackPoint[]): number | null {
  const heights = points.flatMap((point) => (point.ele === undefined ? [] : [point.ele]));
  if (heights.length < 2) return null;
  let gain = 0;
  let reference = heights[0] ?? 0;
  for (const height of heights) {
    if (height - reference >= CLIMB_THRESHOLD_M) {
      gain += height - reference;
      reference = height;
    } else if (height < reference) {
      reference = height;
    }
  }
  return Math.round(gain);
}

export function summarizeTrack(points: readonly TrackPoint[]): TrackSummary {
  let moving = 0;
  for (let index = 1; index < points.length; index += 1) {
    const previous = points[index - 1] as TrackPoint;
    const point = points[index] as TrackPoint;
    const seconds = (point.t - previous.t) / 1000;
    if (seconds > 0 && distanceM(previous, point) / seconds >= MOVING_SPEED_MS) moving += seconds;
  }
  const rates = points.flatMap((point) => (point.hr === undefined ? [] : [point.hr]));
  const first = points[0];
  const last = points.at(-1);
  return {
    distanceKm: Math.round((cumulativeDistancesM(points).at(-1) ?? 0) / 10) / 100,
    elapsedS: first && last ? Math.round((last.t - first.t) / 1000) : 0,
    movingTimeS: Math.round(moving),
    elevationGainM: elevationGain(points),
    avgHr: rates.length === 0 ? null : Math.round(rates.reduce((sum, rate) => sum + rate, 0) / rates.length),
    maxHr: rates.length === 0 ? null : Math.max(...rates),
  };
}

/**
 * Douglas–Peucker run once to the end: for each point, the largest tolerance in metres at which
 * it would still be kept (its own offset, capped by the splits above it). The ends get Infinity.
 */
function significanceM(points: readonly TrackPoint[]): Float64Array {
  const metresPerDegree = 111_320;
  const lat = Float64Array.from(points, (point) => point.lat);
  const lon = Float64Array.from(points, (point) => point.lon);
  const significance = new Float64Array(points.length);
  const last = points.length - 1;
  significance[0] = Infinity;
  significance[last] = Infinity;
  const stack: [start: number, end: number, cap: number][] = [[0, last, Infinity]];
  while (stack.length > 0) {
    const [start, end, cap] = stack.pop() as [number, number, number];
    if (end - start < 2) continue;
    // A flat projection around the segment's start, in metres: fine at a track's scale.
    const startLat = lat[start] as number;
    const startLon = lon[start] as number;
    const metresPerDegreeLon = metresPerDegree * Math.cos(toRadians(startLat));
    const bx = ((lon[end] as number) - startLon) * metresPerDegreeLon;
    const by = ((lat[end] as number) - startLat) * metresPerDegree;
    const length = bx * bx + by * by;
    let farthest = start + 1;
    let farthestOffset = -1;
    for (let index = start + 1; index < end; index += 1) {
      const px = ((lon[index] as number) - startLon) * metresPerDegreeLon;
      const py = ((lat[index] as number) - startLat) * metresPerDegree;
      const along = length === 0 ? 0 : Math.max(0, Math.min(1, (px * bx + py * by) / length));
      const offset = Math.hypot(px - along * bx, py - along * by);
      if (offset > farthestOffset) {
        farthest = index;
        farthestOffset = offset;
      }
    }
    const kept = Math.min(cap, farthestOffset);
    significance[farthest] = kept;
    stack.push([start, farthest, kept], [farthest, end, kept]);
  }
  return significance;
}

/**
 * At most `maxPoints` points keeping the route's shape: what Douglas–Peucker keeps at the smallest
 * tolerance (1 m or more) that fits.
 */
export function simplifyTrack(points: readonly TrackPoint[], maxPoints = MAX_TRACK_POINTS): TrackPoint[] {
  if (points.length <= 2) return [...points];
  const significance = significanceM(points);
  const ranked = Float64Array.from(significance).sort().reverse();
  const tolerance = Math.max(1, ranked[maxPoints] ?? 0);
  return points.filter((_, index) => (significance[index] as number) > tolerance);
}

export interface Split {
  /** 1 for the first kilometre (or mile). */
  index: number;
  /** The split's length in metres: the unit, or what is left of the last. */
  distanceM: number;
  seconds: number;
}

/** Time at distance `target`, interpolated between the points around it. */
function timeAt(points: readonly TrackPoint[], distances: readonly number[], target: number): number {
  let low = 0;
  let high = distances.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((distances[middle] ?? 0) < target) low = middle + 1;
    else high = middle;
  }
  const after = points[low] as TrackPoint;
  const before = points[Math.max(0, low - 1)] as TrackPoint;
  const from = distances[Math.max(0, low - 1)] ?? 0;
  const to = distances[low] ?? 0;
  const share = to === from ? 0 : (target - from) / (to - from);
  return before.t + share * (after.t - before.t);
}

/** Splits per `unitM` (1 000 m, or 1 609.344 m for miles); the last one is what is left. */
export function splitsOf(points: readonly TrackPoint[], unitM: number): Split[] {
  const distances = cumulativeDistancesM(points);
  const total = distances.at(-1) ?? 0;
  const splits: Split[] = [];
  let previousTime = points[0]?.t ?? 0;
  for (let start = 0, index = 1; start < total - 1; start += unitM, index += 1) {
    const end = Math.min(total, start + unitM);
    const time = timeAt(points, distances, end);
    splits.push({
      index,
      distanceM: Math.round(end - start),
      seconds: Math.round((time - previousTime) / 1000),
    });
    previousTime = time;
  }
  return splits;
}

/** The distances of a run's best efforts, metres, with the message that names each. */
export const BEST_EFFORT_DISTANCES: readonly { label: MessageId; m: number }[] = [
  { label: 'training.bestEffort.400m', m: 400 },
  { label: 'training.bestEffort.1km', m: 1000 },
  { label: 'training.bestEffort.1mile', m: 1609.344 },
  { label: 'training.bestEffort.5km', m: 5000 },
  { label: 'training.bestEffort.10km', m: 10_000 },
  { label: 'training.bestEffort.halfMarathon', m: 21_097.5 },
  { label: 'training.bestEffort.marathon', m: 42_195 },
];

export interface BestEffort {
  /** The distance's name in the language shown. */
  label: string;
  distanceM: number;
  seconds: number;
}

/**
 * The fastest time over each best-effort distance anywhere in the track (two pointers over the
 * cumulative distances, the far end interpolated); distances longer than the track are left out.
 */
export function bestEfforts(points: readonly TrackPoint[]): BestEffort[] {
  const distances = cumulativeDistancesM(points);
  const total = distances.at(-1) ?? 0;
  const efforts: BestEffort[] = [];
  for (const { label, m } of BEST_EFFORT_DISTANCES) {
    if (m > total) continue;
    let best = Infinity;
    for (let start = 0; start < points.length; start += 1) {
      const from = distances[start] ?? 0;
      if (from + m > total) break;
      const seconds = (timeAt(points, distances, from + m) - (points[start] as TrackPoint).t) / 1000;
      if (seconds < best) best = seconds;
    }
    efforts.push({ label: translate(label), distanceM: m, seconds: Math.round(best) });
  }
  return efforts;
}

export interface ProfilePoint {
  distanceM: number;
  /** Metres a second over the minute around the point; null when standing still. */
  speedMs: number | null;
  ele?: number;
  hr?: number;
}

/**
 * The track against distance for charts: speed smoothed over the minute around each point (GPS
 * jitters from second to second), heights and heart rates as recorded, at most `maxSamples` points.
 */
export function profileOf(points: readonly TrackPoint[], windowS = 60, maxSamples = 500): ProfilePoint[] {
  const distances = cumulativeDistancesM(points);
  const half = (windowS * 1000) / 2;
  const stride = Math.max(1, Math.ceil(points.length / maxSamples));
  const profile: ProfilePoint[] = [];
  let from = 0;
  let to = 0;
  for (let index = 0; index < points.length; index += 1) {
    const point = points[index] as TrackPoint;
    while ((points[from] as TrackPoint).t < point.t - half) from += 1;
    while (to + 1 < points.length && (points[to + 1] as TrackPoint).t <= point.t + half) to += 1;
    if (index % stride !== 0 && index !== points.length - 1) continue;
    const seconds = ((points[to] as TrackPoint).t - (points[from] as TrackPoint).t) / 1000;
    const speed = seconds > 0 ? ((distances[to] ?? 0) - (distances[from] ?? 0)) / seconds : 0;
    profile.push({
      distanceM: distances[index] ?? 0,
      speedMs: speed >= MOVING_SPEED_MS ? speed : null,
      ...(point.ele === undefined ? {} : { ele: point.ele }),
      ...(point.hr === undefined ? {} : { hr: point.hr }),
    });
  }
  return profile;
}

/** What a track keeps of its best efforts for personal bests: a run's, and nothing of other workouts. */
export function effortsOf(
  type: unknown,
  points: readonly TrackPoint[],
): { distanceM: number; seconds: number }[] {
  if (type !== 'run') return [];
  return bestEfforts(points).map(({ distanceM, seconds }) => ({ distanceM, seconds }));
}

/** The fastest time at each distance over many runs' best efforts. */
export function personalBests(
  efforts: readonly (readonly { distanceM: number; seconds: number }[])[],
): { distanceM: number; seconds: number }[] {
  const best = new Map<number, number>();
  for (const run of efforts) {
    for (const { distanceM, seconds } of run) {
      if (seconds < (best.get(distanceM) ?? Infinity)) best.set(distanceM, seconds);
    }
  }
  return [...best].sort(([a], [b]) => a - b).map(([distanceM, seconds]) => ({ distanceM, seconds }));
}

/** What is wrong with a track as the server stores it, naming the field; null when it is fine. */
export function trackProblem(points: unknown, field = 'track'): FieldError | null {
  if (!Array.isArray(points)) return fieldError(field, 'training.track.notList');
  if (points.length > MAX_TRACK_POINTS)
    return fieldError(field, 'training.track.tooMany', { max: MAX_TRACK_POINTS });
  let previous = -Infinity;
  for (const [index, raw] of points.entries()) {
    const point = raw as Partial<Record<keyof TrackPoint, unknown>> | null;
    const where = { point: index + 1 };
    if (typeof point !== 'object' || point === null)
      return fieldError(field, 'training.track.notObject', where);
    const { t, lat, lon, ele, hr } = point;
    if (typeof t !== 'number' || !Number.isFinite(t))
      return fieldError(field, 'training.track.noTime', where);
    if (t < previous) return fieldError(field, 'training.track.backInTime', where);
    previous = t;
    if (typeof lat !== 'number' || lat < -90 || lat > 90)
      return fieldError(field, 'training.track.latitude', where);
    if (typeof lon !== 'number' || lon < -180 || lon > 180)
      return fieldError(field, 'training.track.longitude', where);
    if (ele !== undefined && (typeof ele !== 'number' || ele < -500 || ele > 9000)) {
      return fieldError(field, 'training.track.elevation', where);
    }
    if (hr !== undefined && (typeof hr !== 'number' || hr < 20 || hr > 250)) {
      return fieldError(field, 'training.track.heartRate', where);
    }
  }
  return null;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** A track as a GPX 1.1 file (heart rate in Garmin's extension), for other apps to read. */
export function trackToGpx(
  points: readonly TrackPoint[],
  { name, type }: { name: string; type: string },
): string {
  const trackpoints = points
    .map(({ t, lat, lon, ele, hr }) => {
      const elevation = ele === undefined ? '' : `<ele>${ele}</ele>`;
      const heartRate =
        hr === undefined
          ? ''
          : `<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>${Math.round(hr)}</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions>`;
      return `      <trkpt lat="${lat}" lon="${lon}">${elevation}<time>${new Date(t).toISOString()}</time>${heartRate}</trkpt>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="FITSTREAK" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
  <trk>
    <name>${escapeXml(name)}</name>
    <type>${escapeXml(type)}</type>
    <trkseg>
${trackpoints}
    </trkseg>
  </trk>
</gpx>
`;
}
