/** Body measurements over time: series with their trend, the latest values and the Navy estimate. */
import { navyBodyFatPct } from './bodyFat';
import { localDay } from './calendarDays';
import type { Sex } from './goals';
import { formatDecimal } from './labels';
import type { SyncState } from './sync';
import { cmToDisplay, girthUnitLabel, type Units } from './units';
import { trendOf } from './weight';

/** Circumferences, stored in centimetres and shown in the person's units. */
export const GIRTH_FIELDS = ['waistCm', 'hipsCm', 'chestCm', 'neckCm', 'upperArmCm', 'thighCm'] as const;
export type GirthField = (typeof GIRTH_FIELDS)[number];

/** Every value a measurement row may hold: the girths and a measured body-fat percentage. */
export const MEASUREMENT_FIELDS = [...GIRTH_FIELDS, 'bodyFatPct'] as const;
export type MeasurementField = (typeof MEASUREMENT_FIELDS)[number];

export type MeasurementValues = Record<MeasurementField, number | null>;

/** One `BodyMeasurement` row as the weight page shows it. */
export interface BodyMeasurementRow extends MeasurementValues {
  id: string;
  /** ISO instant. */
  measuredAt: string;
  /** Set only for a row changed on this device and not yet saved on the server. */
  sync?: SyncState;
}

/** The most rows one `importBodyMeasurements` call takes. */
export const MAX_IMPORT_MEASUREMENTS = 2000;

/** One row sent to `importBodyMeasurements`: a date and at least one value, all in cm. */
export type MeasurementImportRow = { measuredAt: string } & Partial<Record<MeasurementField, number>>;

/** What `importBodyMeasurements` answers: with `dryRun`, `imported` is 0 and nothing is saved. */
export interface MeasurementImportResult {
  imported: number;
  wouldImport: number;
  /** 1-based positions in the rows sent that repeat a saved row or an earlier one (the same minute). */
  duplicates: number[];
}

export interface MeasurementPoint {
  /** `YYYY-MM-DD` in the person's zone. */
  date: string;
  /** The day's mean. */
  value: number;
  /** The smoothed trend on that day (the weight trend's smoothing, src/domain/weight.ts). */
  trend: number;
}

/** One measurement's values, a point a day with its trend, oldest first. */
export function measurementSeries(
  rows: readonly BodyMeasurementRow[],
  field: MeasurementField,
  timeZone: string,
): MeasurementPoint[] {
  const days = new Map<string, { sum: number; count: number }>();
  for (const row of rows) {
    const value = row[field];
    if (value === null) continue;
    const day = localDay(new Date(row.measuredAt), timeZone);
    const totals = days.get(day) ?? { sum: 0, count: 0 };
    totals.sum += value;
    totals.count += 1;
    days.set(day, totals);
  }
  const daily = [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, { sum, count }]) => ({ date, weightKg: sum / count }));
  const trend = trendOf(daily);
  return daily.map((day, index) => ({
    date: day.date,
    value: day.weightKg,
    trend: trend[index]?.trendKg ?? day.weightKg,
  }));
}

/** A measurement's newest value and how far it moved since the oldest in the rows (null from one). */
export interface LatestMeasurement {
  field: MeasurementField;
  latest: number;
  change: number | null;
}

/** The newest value of each measurement the rows hold, with its change over them, in field order. */
export function latestMeasurements(rows: readonly BodyMeasurementRow[]): LatestMeasurement[] {
  const byTime = [...rows].sort((a, b) => a.measuredAt.localeCompare(b.measuredAt));
  return MEASUREMENT_FIELDS.flatMap((field) => {
    const values = byTime.flatMap((row) => (row[field] === null ? [] : [row[field]]));
    const first = values[0];
    const last = values.at(-1);
    if (first === undefined || last === undefined) return [];
    return [{ field, latest: last, change: values.length > 1 ? last - first : null }];
  });
}

/** What the Navy estimate needs and may lack. */
export type NavyNeed = 'sex' | 'height' | 'waist' | 'neck' | 'hips';

export type NavyEstimate =
  | { kind: 'estimate'; bodyFatPct: number }
  /** What is missing, in the order a person would add it. */
  | { kind: 'missing'; missing: NavyNeed[] }
  /** Everything is there but the formula has no answer (a neck as wide as the waist). */
  | { kind: 'noAnswer' };

/**
 * The U.S. Navy estimate (src/domain/bodyFat.ts) from the newest waist, neck and (for women) hips
 * in the rows and the height in settings; else what is missing. The formula was fitted to men and
 * women apart, so a sex other than those two is missing too.
 */
export function navyEstimate(
  rows: readonly BodyMeasurementRow[],
  person: { sex: Sex | null; heightCm: number | null },
): NavyEstimate {
  const newest = new Map(latestMeasurements(rows).map((entry) => [entry.field, entry.latest]));
  const waistCm = newest.get('waistCm');
  const neckCm = newest.get('neckCm');
  const hipsCm = newest.get('hipsCm');
  const sex = person.sex === 'male' || person.sex === 'female' ? person.sex : undefined;
  const missing: NavyNeed[] = [];
  if (!sex) missing.push('sex');
  if (person.heightCm === null) missing.push('height');
  if (waistCm === undefined) missing.push('waist');
  if (neckCm === undefined) missing.push('neck');
  if (sex === 'female' && hipsCm === undefined) missing.push('hips');
  if (missing.length > 0 || !sex || person.heightCm === null || !waistCm || !neckCm) {
    return { kind: 'missing', missing };
  }
  const bodyFatPct = navyBodyFatPct({ sex, heightCm: person.heightCm, neckCm, waistCm, hipsCm });
  return bodyFatPct === null ? { kind: 'noAnswer' } : { kind: 'estimate', bodyFatPct };
}

/** A row with none of the values is no measurement: the form and the import refuse it. */
export function hasAnyValue(values: Partial<Record<MeasurementField, number | null>>): boolean {
  return MEASUREMENT_FIELDS.some((field) => typeof values[field] === 'number');
}

/** A value as the person reads it: "84.5 cm", "33.3 in", "21.4 %" (with the language's decimal sign). */
export function formatMeasurement(field: MeasurementField, value: number, units: Units): string {
  if (field === 'bodyFatPct') return `${formatDecimal(value, 1)} %`;
  return `${formatDecimal(cmToDisplay(value, units), 1)} ${girthUnitLabel(units)}`;
}

/** A change with its sign: "−1.5 cm", "+0.4 in", "±0.0 %". */
export function formatMeasurementChange(field: MeasurementField, change: number, units: Units): string {
  const rounded = Math.round((field === 'bodyFatPct' ? change : cmToDisplay(change, units)) * 10) / 10;
  const sign = rounded > 0 ? '+' : rounded < 0 ? '−' : '±';
  return `${sign}${formatMeasurement(field, Math.abs(change), units)}`;
}
