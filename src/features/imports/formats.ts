import { SaxesParser } from 'saxes';
import type { ActivitySource, ActivityType } from '@/domain/contract';
import { simplifyTrack, summarizeTrack, type TrackPoint } from '@/domain/track';

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
};

export function activityTypeOf(sport: string | undefined): ActivityType {
  const key = (sport ?? '')
    .trim()
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
    throw new WorkoutFileError('it declares a DOCTYPE, which workout files never do');
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
    throw new WorkoutFileError('it is not well-formed XML (cut off, or not a workout file)');
  }
  return collected;
}

/** A GPX or TCX file's workout, or a WorkoutFileError saying in words what is wrong with it. */
export function parseWorkoutFile(text: string, kind: 'gpx' | 'tcx'): ParsedWorkout {
  if (text.trim() === '') throw new WorkoutFileError('it is empty');
  const root = kind === 'gpx' ? '<gpx' : '<TrainingCenterDatabase';
  if (!text.slice(0, 4096).includes(root)) {
    throw new WorkoutFileError(`it is not a ${kind.toUpperCase()} file`);
  }
  const collected = collect(text, kind);
  const points = collected.points.sort((a, b) => a.t - b.t);
  const times = [...points.map((point) => point.t), ...collected.times].sort((a, b) => a - b);
  const first = times[0];
  const last = times.at(-1);
  if (first === undefined || last === undefined) throw new WorkoutFileError('it holds no timed points');
  const summary = summarizeTrack(points);
  const elapsedS = Math.round((last - first) / 1000);
  const distanceKm =
    points.length > 1 ? summary.distanceKm : Math.round(collected.lapDistanceM / 10) / 100 || undefined;
  return {
    type: activityTypeOf(collected.sport),
    source: kind,
    startedAt: new Date(first).toISOString(),
    durationMin: Math.min(1440, Math.max(1, Math.round(elapsedS / 60))),
    movingTimeS: points.length > 1 ? Math.min(86_400, summary.movingTimeS) : Math.min(86_400, elapsedS),
    ...(distanceKm === undefined ? {} : { distanceKm }),
    ...(summary.elevationGainM === null ? {} : { elevationGainM: summary.elevationGainM }),
    ...(summary.avgHr === null ? {} : { avgHr: summary.avgHr }),
    ...(summary.maxHr === null ? {} : { maxHr: summary.maxHr }),
    ...(collected.calories > 0 ? { caloriesKcal: Math.round(collected.calories) } : {}),
    ...(points.length > 1 ? { track: simplifyTrack(points) } : {}),
  };
}
