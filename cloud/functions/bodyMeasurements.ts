import {
  hasAnyValue,
  MAX_IMPORT_MEASUREMENTS,
  MEASUREMENT_FIELDS,
  type MeasurementField,
  type MeasurementImportResult,
} from '../../src/domain/bodyMeasurements';
import { bodyMeasurementRules } from '../../src/domain/contract';
import { checkFields } from '../../src/domain/fieldRules';
import { t } from '../../src/i18n/messages';
import { MASTER_PAGES, ownerAcl, Parse, requireUser, validationError } from '../parse';
import { bodyMeasurementClass } from '../schema/bodyMeasurement';
import { queryOf, rowOf } from '../schema/rows';
import { defineFunction, type CloudRequest } from './define';

type ImportRow = { measuredAt: Date } & Partial<Record<MeasurementField, number>>;

/** The rows as sent, each checked by the class's rules; any problem refuses the whole import. */
function readImportRows(rows: unknown): ImportRow[] {
  if (!Array.isArray(rows) || rows.length === 0) throw validationError('server.measurements.noRows');
  if (rows.length > MAX_IMPORT_MEASUREMENTS) {
    throw validationError('server.measurements.tooManyRows', { field: 'rows', max: MAX_IMPORT_MEASUREMENTS });
  }
  const problems: string[] = [];
  const parsed = rows.map((row: unknown, index): ImportRow => {
    const fields = typeof row === 'object' && row !== null ? (row as Record<string, unknown>) : {};
    const candidate: Record<string, unknown> = {
      measuredAt: typeof fields.measuredAt === 'string' ? new Date(fields.measuredAt) : undefined,
    };
    // Only the measurements are taken from a row: nothing else of the class is the caller's to set.
    for (const field of MEASUREMENT_FIELDS) {
      if (fields[field] !== undefined && fields[field] !== null) candidate[field] = fields[field];
    }
    const [first] = checkFields(bodyMeasurementRules, candidate);
    const problem = first?.message ?? (hasAnyValue(candidate) ? null : t('server.measurements.emptyRow'));
    if (problem) problems.push(t('server.weight.rowProblem', { row: String(index + 1), problem }));
    return candidate as ImportRow;
  });
  if (problems.length > 0) {
    const shown = problems.slice(0, 5).join('; ');
    throw problems.length > 5
      ? validationError('server.weight.nothingImportedMore', { problems: shown, more: problems.length - 5 })
      : validationError('server.weight.nothingImported', { problems: shown });
  }
  return parsed;
}

const MINUTE_MS = 60_000;
const minuteOf = (date: Date) => Math.floor(date.getTime() / MINUTE_MS);

/**
 * Imports body measurements all or nothing: any malformed row refuses the whole file. Rows that
 * repeat a saved row's minute or an earlier row's are skipped and counted (a date alone is read
 * as 08:00, so importing a file twice adds nothing). With `dryRun` nothing is saved.
 */
async function importBodyMeasurements(
  request: CloudRequest<'importBodyMeasurements'>,
): Promise<MeasurementImportResult> {
  const { user, userId } = requireUser(request.user);
  const rows = readImportRows(request.params.rows);
  const dryRun = request.params.dryRun === true;
  const minutes = rows.map((row) => minuteOf(row.measuredAt));
  const existing = await queryOf(bodyMeasurementClass)
    .equalTo('user', user)
    .greaterThanOrEqualTo('measuredAt', new Date(Math.min(...minutes) * MINUTE_MS))
    .lessThan('measuredAt', new Date((Math.max(...minutes) + 1) * MINUTE_MS))
    .select('measuredAt')
    .findAll(MASTER_PAGES);
  const seen = new Set(existing.map((row) => minuteOf(row.get('measuredAt'))));
  const duplicates: number[] = [];
  const fresh: ImportRow[] = [];
  rows.forEach((row, index) => {
    const minute = minuteOf(row.measuredAt);
    if (seen.has(minute)) {
      duplicates.push(index + 1);
      return;
    }
    seen.add(minute);
    fresh.push(row);
  });
  if (!dryRun && fresh.length > 0) {
    const objects = fresh.map((row) => {
      const measurement = rowOf(bodyMeasurementClass);
      measurement.set({ user, ...row });
      measurement.setACL(ownerAcl(userId));
      return measurement;
    });
    // The master key saves the caller's own rows in one request; beforeSave still checks each.
    await Parse.Object.saveAll(objects, { useMasterKey: true });
  }
  return { imported: dryRun ? 0 : fresh.length, wouldImport: fresh.length, duplicates };
}

export function registerBodyMeasurementFunctions(): void {
  defineFunction('importBodyMeasurements', importBodyMeasurements);
}
