import {
  MEASUREMENT_FIELDS,
  type BodyMeasurementRow,
  type MeasurementImportResult,
  type MeasurementImportRow,
  type MeasurementValues,
} from '@/domain/bodyMeasurements';
import type { Sex } from '@/domain/goals';
import type { Units } from '@/domain/units';
import { callCloud } from '@/lib/cloud';
import { restDate, type RestFields } from '@/lib/offline/changes';
import { saveOrQueue, type SaveOutcome } from '@/lib/offline/outbox';
import { getParse } from '@/lib/parse';
import { browserTimeZone } from '@/lib/timeZone';

/** What the measurements section shows: the rows of the range, newest first, and who they are of. */
export interface MeasurementsView {
  rows: BodyMeasurementRow[];
  units: Units;
  sex: Sex | null;
  heightCm: number | null;
  timeZone: string;
}

/** More rows than a range ever holds (a measurement a day for almost three years). */
const MAX_ROWS = 1000;

type Stored = { id?: string | undefined; get(field: string): unknown };

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** A stored row as the page shows it. */
export function toMeasurementRow(stored: Stored): BodyMeasurementRow {
  const measuredAt = stored.get('measuredAt');
  const values = Object.fromEntries(
    MEASUREMENT_FIELDS.map((field) => [field, numberOrNull(stored.get(field))]),
  ) as MeasurementValues;
  return {
    id: stored.id ?? '',
    measuredAt: measuredAt instanceof Date ? measuredAt.toISOString() : '',
    ...values,
  };
}

/** The person's measurements since `from` (all without it), with their units, sex and height. */
export async function loadBodyMeasurements(from: Date | null): Promise<MeasurementsView> {
  const Parse = await getParse();
  const query = new Parse.Query('BodyMeasurement').descending('measuredAt').limit(MAX_ROWS);
  if (from) query.greaterThanOrEqualTo('measuredAt', from);
  // Only the owner can read either class: what the queries find is the person's own.
  const [found, settings] = await Promise.all([
    query.find(),
    new Parse.Query('Settings').select('units', 'sex', 'heightCm').first(),
  ]);
  const sex: unknown = settings?.get('sex');
  return {
    rows: found.map(toMeasurementRow),
    units: (settings?.get('units') as unknown) === 'imperial' ? 'imperial' : 'metric',
    sex: sex === 'female' || sex === 'male' || sex === 'other' ? sex : null,
    heightCm: numberOrNull(settings?.get('heightCm')),
    timeZone: browserTimeZone() ?? 'UTC',
  };
}

/** A day's measurements as stored: centimetres, null where not measured. */
export interface MeasurementInput extends MeasurementValues {
  measuredAt: Date;
}

function measurementFields(input: MeasurementInput): RestFields {
  const fields: RestFields = { measuredAt: restDate(input.measuredAt) };
  for (const field of MEASUREMENT_FIELDS) fields[field] = input[field];
  return fields;
}

/** Saves a day's measurements, or keeps them on this device to be sent when there is a network. */
export async function saveBodyMeasurement(input: MeasurementInput, id?: string): Promise<SaveOutcome> {
  return saveOrQueue({
    className: 'BodyMeasurement',
    op: id ? 'update' : 'create',
    target: id,
    fields: measurementFields(input),
  });
}

export async function deleteBodyMeasurement(id: string): Promise<SaveOutcome> {
  return saveOrQueue({ className: 'BodyMeasurement', op: 'delete', target: id });
}

export async function importBodyMeasurements(
  rows: readonly MeasurementImportRow[],
  dryRun: boolean,
): Promise<MeasurementImportResult> {
  return callCloud('importBodyMeasurements', { rows, dryRun });
}
