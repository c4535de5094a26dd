import { bodyMeasurementRules } from '@/domain/contract';
import { checkField } from '@/domain/fieldRules';
import {
  MEASUREMENT_FIELDS,
  type MeasurementField,
  type MeasurementImportRow,
} from '@/domain/bodyMeasurements';
import { CM_PER_INCH, type Units } from '@/domain/units';
import { t } from '@/i18n';
import { readCsvDate, splitCsvLine } from '@/lib/csvLines';
import { MEASUREMENT_LABELS, rangeSentence } from './form';

export interface CsvMeasurement extends MeasurementImportRow {
  /** 1-based line in the file. */
  line: number;
}

export interface CsvRejection {
  line: number;
  text: string;
  reason: string;
}

export interface ParsedMeasurementCsv {
  rows: CsvMeasurement[];
  rejected: CsvRejection[];
  /** Set when the file cannot be read at all (no header naming a date and a measurement). */
  fileError: string | null;
}

type Column = MeasurementField | 'date' | 'unit';

/**
 * Header names, compared without case, spaces, `_` and `-`. The export's own names (`measuredAt`,
 * `waistCm`…) are there, so an exported file imports again; a name ending in `cm` is in centimetres.
 */
const HEADERS: Readonly<Record<string, Column>> = {
  date: 'date',
  measuredat: 'date',
  waist: 'waistCm',
  hips: 'hipsCm',
  hip: 'hipsCm',
  chest: 'chestCm',
  neck: 'neckCm',
  upperarm: 'upperArmCm',
  arm: 'upperArmCm',
  thigh: 'thighCm',
  bodyfat: 'bodyFatPct',
  bodyfatpct: 'bodyFatPct',
  unit: 'unit',
};

const UNITS: Readonly<Record<string, 'cm' | 'in'>> = { cm: 'cm', in: 'in', inch: 'in', inches: 'in' };

function columnOf(header: string): { column: Column; inCm: boolean } | null {
  const name = header.toLowerCase().replace(/[\s_-]/g, '');
  const direct = HEADERS[name];
  if (direct) return { column: direct, inCm: false };
  const girth = name.endsWith('cm') ? HEADERS[name.slice(0, -2)] : undefined;
  return girth && girth !== 'date' && girth !== 'unit' && girth !== 'bodyFatPct'
    ? { column: girth, inCm: true }
    : null;
}

/**
 * Reads a CSV file of body measurements. The first line names the columns: `date` and any of
 * `waist`, `hips`, `chest`, `neck`, `upper arm`, `thigh`, `body fat`, and optionally `unit`
 * (`cm` or `in` per row); without a unit, girths are in the person's units (a header ending in
 * `cm` is in centimetres). Every other line is either a row, in centimetres, or a rejection with a
 * reason naming the column.
 */
export function parseMeasurementCsv(
  text: string,
  units: Units,
  now: Date = new Date(),
): ParsedMeasurementCsv {
  const rows: CsvMeasurement[] = [];
  const rejected: CsvRejection[] = [];
  const lines = text.split(/\r?\n/);
  const header = splitCsvLine(lines[0]?.trim() ?? '').map(columnOf);
  const dateAt = header.findIndex((column) => column?.column === 'date');
  const valueColumns = header.flatMap((column, index) =>
    column && column.column !== 'date' && column.column !== 'unit'
      ? [{ index, field: column.column, inCm: column.inCm }]
      : [],
  );
  if (dateAt < 0 || valueColumns.length === 0) {
    return { rows, rejected, fileError: t('weight.measurements.csv.noHeader') };
  }
  const unitAt = header.findIndex((column) => column?.column === 'unit');
  lines.slice(1).forEach((raw, index) => {
    const line = index + 2;
    const content = raw.trim();
    if (!content) return;
    const cells = splitCsvLine(content);
    const reject = (reason: string) => rejected.push({ line, text: content.slice(0, 80), reason });
    const measuredAt = readCsvDate(cells[dateAt] ?? '');
    if (!measuredAt) return reject(t('weight.measurements.csv.badDate'));
    if (checkField('date', bodyMeasurementRules.measuredAt, measuredAt, now)) {
      return reject(t('weight.measurements.csv.futureDate'));
    }
    const unitText = unitAt < 0 ? '' : (cells[unitAt] ?? '').toLowerCase();
    const rowUnit = unitText === '' ? null : UNITS[unitText];
    if (rowUnit === undefined) return reject(t('weight.measurements.csv.badUnit', { unit: unitText }));
    const row: CsvMeasurement = { line, measuredAt: measuredAt.toISOString() };
    for (const { index: at, field, inCm } of valueColumns) {
      const cell = cells[at] ?? '';
      if (cell === '') continue;
      const label = t(MEASUREMENT_LABELS[field]);
      const typed = Number(cell.replace(',', '.'));
      if (!Number.isFinite(typed)) return reject(t('weight.measurements.csv.badNumber', { column: label }));
      const inches =
        field !== 'bodyFatPct' && !inCm && (rowUnit ?? (units === 'imperial' ? 'in' : 'cm')) === 'in';
      const value = Math.round((inches ? typed * CM_PER_INCH : typed) * 100) / 100;
      if (checkField(field, bodyMeasurementRules[field], value)) {
        const shownIn: Units = inches ? 'imperial' : 'metric';
        return reject(
          t('weight.measurements.csv.outOfRange', { column: label, problem: rangeSentence(field, shownIn) }),
        );
      }
      row[field] = value;
    }
    if (!MEASUREMENT_FIELDS.some((field) => row[field] !== undefined)) {
      return reject(t('weight.measurements.csv.nothing'));
    }
    rows.push(row);
  });
  return { rows, rejected, fileError: null };
}
