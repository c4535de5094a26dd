import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { lbToKg } from '@/domain/units';
import { t } from '@/i18n/messages';
import type { ParsedWorkout } from '@/domain/track';
import { activityTypeOf, WorkoutFileError } from './formats';

/** A weigh-in from a health export, ready for `importWeightEntries`. */
export interface ImportedWeighIn {
  measuredAt: string;
  weightKg: number;
}

/** A workout of the export with the route file it names, if any (joined once the routes are read). */
export interface HealthWorkout {
  workout: ParsedWorkout;
  route: string | undefined;
}

/** "2024-01-05 07:12:00 +0100", the export's dates, as epoch milliseconds. */
export function healthDate(text: string | undefined): number | undefined {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) ([+-]\d{2})(\d{2})$/.exec(text ?? '');
  if (!match) return undefined;
  const time = Date.parse(`${match[1]}T${match[2]}${match[3]}:${match[4]}`);
  return Number.isFinite(time) ? time : undefined;
}

const number = (text: string | undefined): number | undefined => {
  const value = Number(text);
  return text !== undefined && text !== '' && Number.isFinite(value) ? value : undefined;
};

const MINUTES: Record<string, number> = { min: 1, s: 1 / 60, hr: 60, h: 60 };
const KILOMETRES: Record<string, number> = { km: 1, m: 0.001, mi: 1.609344, yd: 0.0009144, ft: 0.0003048 };
const KILOCALORIES: Record<string, number> = { kcal: 1, Cal: 1, cal: 0.001, kJ: 1 / 4.184, J: 1 / 4184 };

function scaled(value: number | undefined, unit: string | undefined, table: Record<string, number>) {
  const factor = table[unit ?? ''];
  return value === undefined || factor === undefined ? undefined : value * factor;
}

type Attributes = SaxesTagPlain['attributes'];

/** A workout being read: the <Workout> tag's attributes, then its statistics and route. */
interface OpenWorkout {
  attributes: Attributes;
  distanceKm: number | undefined;
  kcal: number | undefined;
  avgHr: number | undefined;
  maxHr: number | undefined;
  route: string | undefined;
}

function finish(open: OpenWorkout): HealthWorkout | undefined {
  const { attributes } = open;
  const start = healthDate(attributes.startDate);
  const end = healthDate(attributes.endDate);
  if (start === undefined) return undefined;
  const minutes =
    scaled(number(attributes.duration), attributes.durationUnit, MINUTES) ??
    (end === undefined ? undefined : (end - start) / 60_000);
  if (minutes === undefined || minutes <= 0) return undefined;
  const distanceKm =
    open.distanceKm ?? scaled(number(attributes.totalDistance), attributes.totalDistanceUnit, KILOMETRES);
  const kcal =
    open.kcal ?? scaled(number(attributes.totalEnergyBurned), attributes.totalEnergyBurnedUnit, KILOCALORIES);
  const sport = (attributes.workoutActivityType ?? '').replace(/^HKWorkoutActivityType/, '');
  const workout: ParsedWorkout = {
    type: activityTypeOf(sport),
    source: 'apple-health',
    startedAt: new Date(start).toISOString(),
    durationMin: Math.min(1440, Math.max(1, Math.round(minutes))),
    movingTimeS: Math.min(86_400, Math.round(minutes * 60)),
    ...(distanceKm && distanceKm > 0 ? { distanceKm: Math.round(distanceKm * 100) / 100 } : {}),
    ...(kcal && kcal > 0 ? { caloriesKcal: Math.round(kcal) } : {}),
    ...(open.avgHr ? { avgHr: Math.round(open.avgHr) } : {}),
    ...(open.maxHr ? { maxHr: Math.round(open.maxHr) } : {}),
  };
  return { workout, route: open.route?.split('/').pop() };
}

/**
 * Reads an Apple Health `export.xml` as it streams in (it can be hundreds of megabytes): its
 * workouts and its body-mass records, nothing else kept. The export's DOCTYPE is passed over and
 * never processed, so no entity it declares is ever expanded.
 */
export class AppleHealthReader {
  readonly workouts: HealthWorkout[] = [];
  readonly weighIns: ImportedWeighIn[] = [];
  private readonly parser = new SaxesParser();
  private readonly decoder = new TextDecoder();
  private open: OpenWorkout | undefined;
  private sawRoot = false;

  constructor() {
    this.parser.on('opentag', (tag) => this.onOpen(tag));
    this.parser.on('closetag', (tag) => {
      if (tag.name === 'Workout' && this.open) {
        const read = finish(this.open);
        if (read) this.workouts.push(read);
        this.open = undefined;
      }
    });
  }

  private onOpen({ name, attributes }: SaxesTagPlain): void {
    if (name === 'HealthData') this.sawRoot = true;
    else if (name === 'Record' && attributes.type === 'HKQuantityTypeIdentifierBodyMass') {
      const measuredAt = healthDate(attributes.startDate);
      const value = number(attributes.value);
      const weightKg =
        attributes.unit === 'lb' && value !== undefined
          ? lbToKg(value)
          : attributes.unit === 'kg'
            ? value
            : undefined;
      if (measuredAt !== undefined && weightKg !== undefined && weightKg >= 20 && weightKg <= 500) {
        this.weighIns.push({
          measuredAt: new Date(measuredAt).toISOString(),
          weightKg: Math.round(weightKg * 100) / 100,
        });
      }
    } else if (name === 'Workout') {
      this.open = {
        attributes,
        distanceKm: undefined,
        kcal: undefined,
        avgHr: undefined,
        maxHr: undefined,
        route: undefined,
      };
    } else if (this.open && name === 'WorkoutStatistics') {
      const type = attributes.type ?? '';
      if (/^HKQuantityTypeIdentifierDistance/.test(type)) {
        this.open.distanceKm = scaled(number(attributes.sum), attributes.unit, KILOMETRES);
      } else if (type === 'HKQuantityTypeIdentifierActiveEnergyBurned') {
        this.open.kcal = scaled(number(attributes.sum), attributes.unit, KILOCALORIES);
      } else if (type === 'HKQuantityTypeIdentifierHeartRate') {
        this.open.avgHr = number(attributes.average);
        this.open.maxHr = number(attributes.maximum);
      }
    } else if (this.open && name === 'FileReference') {
      this.open.route = attributes.path;
    }
  }

  /** The next piece of the file, as it arrives. */
  write(chunk: Uint8Array): void {
    try {
      this.parser.write(this.decoder.decode(chunk, { stream: true }));
    } catch {
      throw new WorkoutFileError(t('imports.problem.badHealthXml'));
    }
  }

  close(): void {
    try {
      this.parser.write(this.decoder.decode()).close();
    } catch {
      throw new WorkoutFileError(t('imports.problem.badHealthXml'));
    }
    if (!this.sawRoot) throw new WorkoutFileError(t('imports.problem.notHealthExport'));
  }
}
