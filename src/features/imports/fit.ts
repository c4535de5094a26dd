import { Decoder, Stream, type RecordMesg, type SessionMesg } from '@garmin/fitsdk';
import type { ActivitySource } from '@/domain/contract';
import type { TrackPoint } from '@/domain/track';
import { t } from '@/i18n/messages';
import type { ParsedWorkout } from '@/domain/track';
import { activityTypeOf, WorkoutFileError, workoutOf } from './formats';

/** FIT stores positions in semicircles: 2^31 of them make 180 degrees. */
const DEGREES_PER_SEMICIRCLE = 180 / 2 ** 31;

const timeOf = (value: unknown): number | undefined =>
  value instanceof Date && Number.isFinite(value.getTime()) ? value.getTime() : undefined;

const numberOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

interface Moment {
  t: number;
  point: TrackPoint | undefined;
}

function momentOf(record: RecordMesg): Moment | undefined {
  const t = timeOf(record.timestamp);
  if (t === undefined) return undefined;
  const lat = numberOf(record.positionLat);
  const lon = numberOf(record.positionLong);
  if (lat === undefined || lon === undefined) return { t, point: undefined };
  const ele = numberOf(record.enhancedAltitude) ?? numberOf(record.altitude);
  const hr = numberOf(record.heartRate);
  return {
    t,
    point: {
      t,
      lat: lat * DEGREES_PER_SEMICIRCLE,
      lon: lon * DEGREES_PER_SEMICIRCLE,
      ...(ele === undefined ? {} : { ele }),
      ...(hr === undefined || hr <= 0 ? {} : { hr }),
    },
  };
}

/** The session's sub-sport where it names one of the app's types ("yoga" under "training"), else its sport. */
function sportOf(session: SessionMesg | undefined): string | undefined {
  const sub = session?.subSport;
  if (typeof sub === 'string' && activityTypeOf(sub) !== 'other') return sub;
  return typeof session?.sport === 'string' ? session.sport : undefined;
}

/** A session's workout from the records inside its time span. */
function sessionWorkout(
  session: SessionMesg | undefined,
  moments: readonly Moment[],
  source: ActivitySource,
): ParsedWorkout {
  const start = timeOf(session?.startTime);
  const elapsedS = numberOf(session?.totalElapsedTime);
  const inside =
    start === undefined || elapsedS === undefined
      ? moments
      : moments.filter((moment) => moment.t >= start && moment.t <= start + elapsedS * 1000);
  const points = inside.flatMap((moment) => (moment.point ? [moment.point] : []));
  const times = inside.flatMap((moment) => (moment.point ? [] : [moment.t]));
  if (start !== undefined) times.push(start);
  return workoutOf(source, points, {
    sport: sportOf(session),
    times,
    elapsedS,
    movingTimeS: numberOf(session?.totalTimerTime),
    distanceM: numberOf(session?.totalDistance),
    elevationGainM: numberOf(session?.totalAscent),
    avgHr: numberOf(session?.avgHeartRate),
    maxHr: numberOf(session?.maxHeartRate),
    calories: numberOf(session?.totalCalories),
  });
}

/**
 * A FIT activity file's workouts, one per session (a triathlon is three), read with Garmin's own
 * SDK. A file that fails its checksum or ends early is refused whole rather than half read.
 */
export function parseFitFile(bytes: Uint8Array, source: ActivitySource = 'fit'): ParsedWorkout[] {
  if (bytes.length === 0) throw new WorkoutFileError(t('imports.problem.empty'));
  const stream = Stream.fromByteArray(bytes);
  if (!Decoder.isFIT(stream)) throw new WorkoutFileError(t('imports.problem.notKind', { kind: 'FIT' }));
  const decoder = new Decoder(stream);
  if (!decoder.checkIntegrity()) {
    throw new WorkoutFileError(t('imports.problem.badChecksum'));
  }
  const { messages, errors } = decoder.read();
  if (errors.length > 0) throw new WorkoutFileError(t('imports.problem.damaged'));
  const moments = (messages.recordMesgs ?? [])
    .flatMap((record) => {
      const moment = momentOf(record);
      return moment ? [moment] : [];
    })
    .sort((a, b) => a.t - b.t);
  const sessions = messages.sessionMesgs ?? [];
  if (sessions.length === 0) return [sessionWorkout(undefined, moments, source)];
  return sessions.map((session) => sessionWorkout(session, moments, source));
}
