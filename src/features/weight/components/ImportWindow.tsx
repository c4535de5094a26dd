import { format } from 'date-fns';
import { useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { Popup } from '@/components/Popup';
import { formatWeight, type WeightUnit } from '@/domain/units';
import type { WeightActionResult } from '../actionResult';
import { parseWeightCsv, type ParsedCsv } from '../csv';

export interface ImportWindowProps {
  open: boolean;
  onClose: () => void;
  unit: WeightUnit;
}

/** Import weigh-ins from a CSV file: read it, preview what will happen, then import. */
export function ImportWindow({ open, onClose, unit }: ImportWindowProps) {
  return (
    <Popup open={open} title="Import weigh-ins" onClose={onClose}>
      <ImportForm unit={unit} />
    </Popup>
  );
}

const PREVIEW_ROWS = 8;

function ImportForm({ unit }: { unit: WeightUnit }) {
  const fileId = useId();
  const [parsed, setParsed] = useState<ParsedCsv | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = useFetcher<WeightActionResult>();
  const importer = useFetcher<WeightActionResult>();
  const rowsJson = parsed
    ? JSON.stringify(parsed.rows.map(({ measuredAt, weightKg }) => ({ measuredAt, weightKg })))
    : '';
  const checked = preview.state === 'idle' ? preview.data : undefined;
  const duplicateLines = new Set(
    (checked?.duplicates ?? []).map((position) => parsed?.rows[position - 1]?.line),
  );
  const imported = importer.state === 'idle' ? importer.data : undefined;

  const readFile = async (file: File | undefined) => {
    setParsed(null);
    setFileError(null);
    if (!file) return;
    if (file.size > 1_000_000) {
      setFileError('The file is larger than 1 MB. Split it into smaller files.');
      return;
    }
    const result = parseWeightCsv(await file.text(), unit);
    setParsed(result);
    if (result.rows.length > 0) {
      void preview.submit(
        {
          intent: 'importPreview',
          rows: JSON.stringify(result.rows.map(({ measuredAt, weightKg }) => ({ measuredAt, weightKg }))),
        },
        { method: 'post' },
      );
    }
  };

  return (
    <div className="import-form">
      <p className="field-hint">
        One weigh-in per line: <code>date, weight[, unit]</code>, e.g. <code>2026-11-01, 80.5, kg</code> or{' '}
        <code>2026-11-01 07:30, 177.4, lb</code>. Without a unit, weights are read in{' '}
        {unit === 'kg' ? 'kg' : 'lb'}.
      </p>
      <div className="form-field">
        <label htmlFor={fileId}>CSV file</label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv,text/plain"
          onChange={(event) => void readFile(event.target.files?.[0])}
        />
      </div>
      {fileError ? (
        <p role="alert" className="form-error">
          {fileError}
        </p>
      ) : null}
      {parsed ? (
        <div role="status" className="import-report">
          <p>
            {parsed.rows.length} {parsed.rows.length === 1 ? 'line' : 'lines'} read
            {checked?.wouldImport !== undefined ? `: ${checked.wouldImport} new` : ''}
            {checked?.duplicates?.length ? `, ${checked.duplicates.length} already saved (skipped)` : ''}
            {parsed.rejected.length > 0 ? `; ${parsed.rejected.length} rejected.` : '.'}
          </p>
          {parsed.rejected.length > 0 ? (
            <ul className="rejected-lines">
              {parsed.rejected.map((row) => (
                <li key={row.line}>
                  Line {row.line} ({row.text}): {row.reason}.
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {parsed && parsed.rows.length > 0 ? (
        <table className="data-table">
          <caption className="visually-hidden">First lines to import</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Date</th>
              <th scope="col">Weight</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {parsed.rows.slice(0, PREVIEW_ROWS).map((row) => (
              <tr key={row.line}>
                <td>{row.line}</td>
                <td>{format(new Date(row.measuredAt), 'd MMM yyyy, HH:mm')}</td>
                <td>{formatWeight(row.weightKg, unit)}</td>
                <td>{duplicateLines.has(row.line) ? 'Already saved' : 'New'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {preview.data?.formError ? (
        <p role="alert" className="form-error">
          {preview.data.formError}
        </p>
      ) : null}
      {importer.data?.formError ? (
        <p role="alert" className="form-error">
          {importer.data.formError}
        </p>
      ) : null}
      {imported?.imported !== undefined ? (
        <p role="status" className="form-notice">
          Imported {imported.imported} {imported.imported === 1 ? 'weigh-in' : 'weigh-ins'}.
        </p>
      ) : (
        <importer.Form method="post">
          <input type="hidden" name="intent" value="import" />
          <input type="hidden" name="rows" value={rowsJson} />
          <button
            type="submit"
            className="button-primary"
            disabled={!checked?.wouldImport || importer.state !== 'idle'}
          >
            {checked?.wouldImport
              ? `Import ${checked.wouldImport} ${checked.wouldImport === 1 ? 'weigh-in' : 'weigh-ins'}`
              : 'Import'}
          </button>
        </importer.Form>
      )}
    </div>
  );
}
