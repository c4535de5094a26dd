import { SaxesParser } from 'saxes';
import type { ActivitySource, ActivityType } from '@/domain/contract';
import { simplifyTrack, summarizeTrack, type ParsedWorkout, type TrackPoint } from '@/domain/track';
import { t } from '@/i18n/messages';

/** The one table from the sports files name to the app's types; anything else is "other". */
const SPORTS: Readonly<Record<string, ActivityType>> = {
  run: 'run',
  running: 'run',
  trail_running: 'run',
  treadmill_running: 'run',
  walk: 'walk',
  walking: 'walk',
  hike: 'hike',
  hiking: 'hike',
  ride: 'cycle',
  biking: 'cycle',
  cycling: 'cycle',
  road_biking: 'cycle',
  mountain_biking: 'cycle',
  swim: 'swim',
  swimming: 'swim',
  lap_swimming: 'swim',
  open_water_swimming: 'swim',
  row: 'row',
  rowing: 'row',
  yoga: 'yoga',
  strength: 'strength',
  strength_training: 'strength',
  training: 'strength',
  hiit: 'hiit',
  e_biking: 'cycle',
  indoor_cycling: 'cycle',
  virtual_ride: 'cycle',
  indoor_rowing: 'row',
  weight_training: 'strength',
  traditional_strength_training: 'strength',
  functional_strength_training: 'strength',
  high_intensity_interval_training: 'hiit',
};

export function activityTypeOf(sport: string | undefined): ActivityType {
  // "Trail Running", "trail-running", "trailRunning" and "trail_running" are one sport.
  const key = (sport ?? '')
    .trim()
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return SPORTS[key] ?? 'other';
}

export class WorkoutFileError extends Error {}

interface Collected {
  sport: string | undefined;
  points: TrackPoint[];
  /** Time stamps of points without a position (a TCX lap without GPS). */
  times: number[];
  calories: number;
  /** Summed lap distances of a TCX file, metres. */
  lapDistanceM: number;
}

/**
 * Reads GPX 1.1 or TCX text as a stream of tags: never a DOCTYPE (so no entity is expanded), never
 * a whole document tree in memory.
 */
function collect(text: string, kind: 'gpx' | 'tcx'): Collected {
  const parser = new SaxesParser();
  const collected: Collected = { sport: undefined, points: [], times: [], calories: 0, lapDistanceM: 0 };
  const path: string[] = [];
  let current: Partial<TrackPoint> | undefined;
  let textValue = '';
  parser.on('doctype', () => {
    throw new WorkoutFileError(t('imports.problem.doctype'));
  });
  parser.on('opentag', (tag) => {
    const name = tag.name.replace(/^.*:/, '');
    path.push(name);
    textValue = '';
    if (kind === 'gpx' && (name === 'trkpt' || name === 'rtept')) {
      current = { lat: Number(tag.attributes.lat), lon: Number(tag.attributes.lon) };
    } else if (kind === 'tcx' && name === 'Trackpoint') {
      current = {};
    } else if (kind === 'tcx' && name === 'Activity') {
      const sport = tag.attributes.Sport;
      collected.sport = typeof sport === 'string' ? sport : undefined;
    }
  });
  parser.on('text', (value) => {
    textValue += value;
  });
  parser.on('closetag', (tag) => {
    const name = tag.name.replace(/^.*:/, '');
    const parent = path.at(-2);
    const value = textValue.trim();
    path.pop();
    if (current) {
      if (name === 'time' || name === 'Time') current.t = Date.parse(value);
      else if (name === 'ele' || name === 'AltitudeMeters') current.ele = Number(value);
      else if (name === 'LatitudeDegrees') current.lat = Number(value);
      else if (name === 'LongitudeDegrees') current.lon = Number(value);
      // Garmin's GPX extension and TCX's <HeartRateBpm><Value>.
      else if (name === 'hr' || (name === 'Value' && parent === 'HeartRateBpm')) current.hr = Number(value);
    }
    if (kind === 'gpx' && name === 'type' && parent === 'trk') collected.sport = value;
    if (kind === 'tcx' && name === 'Calories' && parent === 'Lap') collected.calories += Number(value) || 0;
    if (kind === 'tcx' && name === 'DistanceMeters' && parent === 'Lap')
      collected.lapDistanceM += Number(value) || 0;
    if ((name === 'trkpt' || name === 'rtept' || name === 'Trackpoint') && current) {
      const { t, lat, lon, ele, hr } = current;
      if (t !== undefined && Number.isFinite(t)) {
        if (lat !== undefined && lon !== undefined && Number.isFinite(lat) && Number.isFinite(lon)) {
          collected.points.push({
            t,
            lat,
            lon,
            ...(ele !== undefined && Number.isFinite(ele) ? { ele } : {}),
            ...(hr !== undefined && Number.isFinite(hr) && hr > 0 ? { hr } : {}),
          });
        } else {
          collected.times.push(t);
        }
      }
      current = undefined;
    }
    textValue = '';
  });
  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof WorkoutFileError) throw error;
    throw new WorkoutFileError(t('imports.problem.badXml'));
  }
  return collected;
}

/** What a file says of a workout beyond its points; each total wins over the one computed from them. */
export interface FileTotals {
  sport?: string;
  /** Time stamps of moments without a position (a pool swim's lengths, a TCX lap without GPS). */
  times?: readonly number[];
  elapsedS?: number;
  movingTimeS?: number;
  distanceM?: number;
  elevationGainM?: number;
  avgHr?: number;
  maxHr?: number;
  calories?: number;
}

const positive = (value: number | undefined): value is number =>
  value !== undefined && Number.isFinite(value) && value > 0;

/**
 * A workout from a file's timed points and totals: distance, times, climb and heart rate from the
 * file where it says them, else from the points, and the track simplified to what is stored.
 */
export function workoutOf(
  source: ActivitySource,
  points: TrackPoint[],
  totals: FileTotals = {},
): ParsedWorkout {
  const sorted = [...points].sort((a, b) => a.t - b.t);
  const times = [...sorted.map((point) => point.t), ...(totals.times ?? [])].sort((a, b) => a - b);
  const first = times[0];
  const last = times.at(-1);
  if (first === undefined || last === undefined)
    throw new WorkoutFileError(t('imports.problem.noTimedPoints'));
  const summary = summarizeTrack(sorted);
  const hasTrack = sorted.length > 1;
  const elapsedS = positive(totals.elapsedS) ? totals.elapsedS : (last - first) / 1000;
  const movingTimeS = positive(totals.movingTimeS)
    ? totals.movingTimeS
    : hasTrack
      ? summary.movingTimeS
      : elapsedS;
  const distanceKm = positive(totals.distanceM)
    ? Math.round(totals.distanceM / 10) / 100
    : hasTrack
      ? summary.distanceKm
      : undefined;
  const elevationGainM = positive(totals.elevationGainM) ? totals.elevationGainM : summary.elevationGainM;
  const avgHr = positive(totals.avgHr) ? Math.round(totals.avgHr) : summary.avgHr;
  const maxHr = positive(totals.maxHr) ? Math.round(totals.maxHr) : summary.maxHr;
  return {
    type: activityTypeOf(totals.sport),
    source,
    startedAt: new Date(first).toISOString(),
    durationMin: Math.min(1440, Math.max(1, Math.round(elapsedS / 60))),
    movingTimeS: Math.min(86_400, Math.round(movingTimeS)),
    ...(distanceKm === undefined ? {} : { distanceKm }),
    ...(elevationGainM === null ? {} : { elevationGainM: Math.round(elevationGainM) }),
    ...(avgHr === null ? {} : { avgHr }),
    ...(maxHr === null ? {} : { maxHr }),
    ...(positive(totals.calories) ? { caloriesKcal: Math.round(totals.calories) } : {}),
    ...(hasTrack ? { track: simplifyTrack(sorted) } : {}),
  };
}

/** A GPX or TCX file's workout, or a WorkoutFileError saying in words what is wrong with it. */
export function parseWorkoutFile(
  text: string,
  kind: 'gpx' | 'tcx',
  source: ActivitySource = kind,
): ParsedWorkout {
  if (text.trim() === '') throw new WorkoutFileError(t('imports.problem.empty'));
  const root = kind === 'gpx' ? '<gpx' : '<TrainingCenterDatabase';
  if (!text.slice(0, 4096).includes(root)) {
    throw new WorkoutFileError(t('imports.problem.notKind', { kind: kind.toUpperCase() }));
  }
  const collected = collect(text, kind);
  return workoutOf(source, collected.points, {
    sport: collected.sport,
    times: collected.times,
    // A TCX file without positions still sums its laps' distances.
    ...(collected.points.length > 1 ? {} : { distanceM: collected.lapDistanceM }),
    calories: collected.calories,
  });
}
