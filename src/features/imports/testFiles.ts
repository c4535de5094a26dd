import {
  Encoder,
  Profile,
  type Encodable,
  type FileIdMesg,
  type RecordMesg,
  type SessionMesg,
} from '@garmin/fitsdk';

/** Workout files the tests make themselves: GPX as text, FIT through Garmin's own encoder. */

export const START = Date.parse('2026-10-04T07:30:00Z');
/** About 1 m of latitude. */
const METRE = 1 / 111_195;

export interface Sample {
  second: number;
  metres: number;
  ele?: number;
  hr?: number;
}

/** A GPX track north from 48°N 11°E, one point per sample. */
export function gpx(samples: Sample[], type = 'running'): string {
  const points = samples
    .map(
      ({ second, metres, ele, hr }) =>
        `<trkpt lat="${(48 + metres * METRE).toFixed(7)}" lon="11.0000000">` +
        (ele === undefined ? '' : `<ele>${ele}</ele>`) +
        `<time>${new Date(START + second * 1000).toISOString()}</time>` +
        (hr === undefined
          ? ''
          : `<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>${hr}</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions>`) +
        '</trkpt>',
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
  <trk><name>Morning</name><type>${type}</type><trkseg>
${points}
  </trkseg></trk>
</gpx>`;
}

/** Steady samples: `seconds` long at `speed` m/s from `fromSecond`/`fromMetres`. */
export function steady(
  fromSecond: number,
  fromMetres: number,
  seconds: number,
  speed: number,
  extra: Partial<Sample> = {},
) {
  return Array.from({ length: seconds }, (_, index) => ({
    second: fromSecond + index + 1,
    metres: fromMetres + (index + 1) * speed,
    ...extra,
  }));
}

function mesgNum(name: 'FILE_ID' | 'RECORD' | 'SESSION'): number {
  const value = Profile.MesgNum[name];
  if (value === undefined) throw new Error(`The FIT profile has no ${name} message.`);
  return value;
}

const semicircles = (degrees: number) => Math.round((degrees * 2 ** 31) / 180);

export interface FitSession {
  sport: NonNullable<SessionMesg['sport']>;
  subSport?: NonNullable<SessionMesg['subSport']>;
  /** Seconds after START. */
  from: number;
  samples: Sample[];
  /** Records without a position (a pool swim). */
  indoor?: boolean;
  calories?: number;
}

/** A FIT activity file with one session per entry, its totals as a watch writes them. */
export function fitFile(sessions: FitSession[]): Uint8Array {
  const encoder = new Encoder();
  const at = (second: number) => new Date(START + second * 1000);
  const fileId: Encodable<FileIdMesg> = {
    mesgNum: mesgNum('FILE_ID'),
    type: 'activity',
    manufacturer: 'development',
    product: 0,
    serialNumber: 1,
    timeCreated: at(0),
  };
  encoder.writeMesg(fileId);
  for (const session of sessions) {
    for (const { second, metres, ele, hr } of session.samples) {
      const record: Encodable<RecordMesg> = {
        mesgNum: mesgNum('RECORD'),
        timestamp: at(second),
        distance: metres,
        ...(session.indoor
          ? {}
          : { positionLat: semicircles(48 + metres / 111_195), positionLong: semicircles(11) }),
        ...(ele === undefined ? {} : { altitude: ele }),
        ...(hr === undefined ? {} : { heartRate: hr }),
      };
      encoder.writeMesg(record);
    }
    const last = session.samples.at(-1);
    const first = session.samples[0];
    const elapsed = (last?.second ?? session.from) - session.from;
    const totals: Encodable<SessionMesg> = {
      mesgNum: mesgNum('SESSION'),
      timestamp: at(last?.second ?? session.from),
      startTime: at(session.from),
      sport: session.sport,
      ...(session.subSport ? { subSport: session.subSport } : {}),
      totalElapsedTime: elapsed,
      totalTimerTime: elapsed,
      totalDistance: (last?.metres ?? 0) - (first?.metres ?? 0),
      ...(session.calories === undefined ? {} : { totalCalories: session.calories }),
    };
    encoder.writeMesg(totals);
  }
  return encoder.close();
}
