import { useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { FormError } from '@/components/FormError';
import { Popup } from '@/components/Popup';
import { formatMeasurement, MEASUREMENT_FIELDS } from '@/domain/bodyMeasurements';
import { girthUnitLabel, type Units } from '@/domain/units';
import { useT } from '@/i18n';
import { formatDate } from '@/i18n/dates';
import { T } from '@/i18n/T';
import { refusalIn } from '@/lib/routeActions';
import type { MeasurementActionResult } from '../actionResult';
import { parseMeasurementCsv, type CsvMeasurement, type ParsedMeasurementCsv } from '../csv';
import { MEASUREMENT_LABELS } from '../form';

export interface MeasurementImportWindowProps {
  open: boolean;
  onClose: () => void;
  units: Units;
}

/** Import body measurements from a CSV file: read it, check what would happen, then import. */
export function MeasurementImportWindow({ open, onClose, units }: MeasurementImportWindowProps) {
  const t = useT();
  return (
    <Popup open={open} title={t('weight.measurements.importWindow.title')} onClose={onClose}>
      <ImportForm units={units} />
    </Popup>
  );
}

const PREVIEW_ROWS = 8;

/** What the server is sent: the rows without their line numbers. */
const rowsJson = (rows: readonly CsvMeasurement[]) =>
  JSON.stringify(rows.map(({ line: _line, ...row }) => row));

function ImportForm({ units }: { units: Units }) {
  const t = useT();
  const fileId = useId();
  const [parsed, setParsed] = useState<ParsedMeasurementCsv | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = useFetcher<MeasurementActionResult>();
  const importer = useFetcher<MeasurementActionResult>();
  const checked = preview.state === 'idle' && preview.data?.kind === 'checked' ? preview.data : undefined;
  const duplicateLines = new Set(
    (checked?.duplicates ?? []).map((position) => parsed?.rows[position - 1]?.line),
  );
  const imported =
    importer.state === 'idle' && importer.data?.kind === 'imported' ? importer.data : undefined;

  const readFile = async (file: File | undefined) => {
    setParsed(null);
    setFileError(null);
    if (!file) return;
    if (file.size > 1_000_000) {
      setFileError(t('weight.measurements.importWindow.fileTooLarge'));
      return;
    }
    const result = parseMeasurementCsv(await file.text(), units);
    setFileError(result.fileError);
    setParsed(result);
    if (result.rows.length > 0) {
      void preview.submit(
        { intent: 'measurementImportPreview', rows: rowsJson(result.rows) },
        { method: 'post' },
      );
    }
  };

  const summary = (row: CsvMeasurement) =>
    MEASUREMENT_FIELDS.flatMap((field) => {
      const value = row[field];
      return value === undefined
        ? []
        : [`${t(MEASUREMENT_LABELS[field])} ${formatMeasurement(field, value, units)}`];
    }).join(' · ');

  return (
    <div className="import-form">
      <p className="field-hint">
        <T
          id="weight.measurements.importWindow.hint"
          values={{ unit: girthUnitLabel(units) }}
          components={{ 0: <code />, 1: <code />, 2: <code /> }}
        />
      </p>
      <div className="form-field">
        <label htmlFor={fileId}>{t('weight.measurements.importWindow.file')}</label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv,text/plain"
          onChange={(event) => void readFile(event.target.files?.[0])}
        />
      </div>
      <FormError>{fileError}</FormError>
      {parsed && !parsed.fileError ? (
        <div role="status" className="import-report">
          <p>
            {t('weight.measurements.importWindow.report', {
              count: parsed.rows.length,
              checked: checked ? 'yes' : 'no',
              fresh: checked?.wouldImport ?? 0,
              duplicates: checked?.duplicates.length ?? 0,
              rejected: parsed.rejected.length,
            })}
          </p>
          {parsed.rejected.length > 0 ? (
            <ul className="rejected-lines">
              {parsed.rejected.map((row) => (
                <li key={row.line}>
                  {t('weight.import.rejectedLine', { line: row.line, text: row.text, reason: row.reason })}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {parsed && parsed.rows.length > 0 ? (
        <ul className="measurement-days" aria-label={t('weight.import.caption')}>
          {parsed.rows.slice(0, PREVIEW_ROWS).map((row) => (
            <li key={row.line}>
              <span>
                <strong>{formatDate(new Date(row.measuredAt), 'd MMM yyyy')}</strong> {summary(row)}
              </span>
              <span>
                {duplicateLines.has(row.line) ? t('weight.import.alreadySaved') : t('weight.import.new')}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <FormError>{refusalIn(preview.data)?.formError}</FormError>
      <FormError>{refusalIn(importer.data)?.formError}</FormError>
      {imported ? (
        <p role="status" className="form-notice">
          {t('weight.measurements.importWindow.imported', { count: imported.count })}
        </p>
      ) : (
        <importer.Form method="post">
          <input type="hidden" name="intent" value="measurementImport" />
          <input type="hidden" name="rows" value={parsed ? rowsJson(parsed.rows) : ''} />
          <button
            type="submit"
            className="button-primary"
            disabled={!checked?.wouldImport || importer.state !== 'idle'}
          >
            {checked?.wouldImport
              ? t('weight.measurements.importWindow.importCount', { count: checked.wouldImport })
              : t('weight.import.import')}
          </button>
        </importer.Form>
      )}
    </div>
  );
}
