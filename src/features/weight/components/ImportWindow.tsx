import { useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { Popup } from '@/components/Popup';
import { formatWeight, type WeightUnit } from '@/domain/units';
import { useT } from '@/i18n';
import { T } from '@/i18n/T';
import { formatDate } from '@/i18n/dates';
import type { WeightActionResult } from '../actionResult';
import { parseWeightCsv, type ParsedCsv } from '../csv';
import { FormError } from '@/components/FormError';
import { refusalIn } from '@/lib/routeActions';

export interface ImportWindowProps {
  open: boolean;
  onClose: () => void;
  unit: WeightUnit;
}

/** Import weigh-ins from a CSV file: read it, preview what will happen, then import. */
export function ImportWindow({ open, onClose, unit }: ImportWindowProps) {
  const t = useT();
  return (
    <Popup open={open} title={t('weight.import.title')} onClose={onClose}>
      <ImportForm unit={unit} />
    </Popup>
  );
}

const PREVIEW_ROWS = 8;

function ImportForm({ unit }: { unit: WeightUnit }) {
  const t = useT();
  const fileId = useId();
  const [parsed, setParsed] = useState<ParsedCsv | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = useFetcher<WeightActionResult>();
  const importer = useFetcher<WeightActionResult>();
  const rowsJson = parsed
    ? JSON.stringify(parsed.rows.map(({ measuredAt, weightKg }) => ({ measuredAt, weightKg })))
    : '';
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
      setFileError(t('weight.import.fileTooLarge'));
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
        <T
          id="weight.import.hint"
          values={{ unit: unit === 'kg' ? 'kg' : 'lb' }}
          components={{ 0: <code />, 1: <code />, 2: <code /> }}
        />
      </p>
      <div className="form-field">
        <label htmlFor={fileId}>{t('weight.import.file')}</label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv,text/plain"
          onChange={(event) => void readFile(event.target.files?.[0])}
        />
      </div>
      <FormError>{fileError}</FormError>
      {parsed ? (
        <div role="status" className="import-report">
          <p>
            {t('weight.import.report', {
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
        <table className="data-table">
          <caption className="visually-hidden">{t('weight.import.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('weight.import.line')}</th>
              <th scope="col">{t('weight.import.date')}</th>
              <th scope="col">{t('weight.import.weight')}</th>
              <th scope="col">{t('weight.import.status')}</th>
            </tr>
          </thead>
          <tbody>
            {parsed.rows.slice(0, PREVIEW_ROWS).map((row) => (
              <tr key={row.line}>
                <td>{row.line}</td>
                <td>{formatDate(new Date(row.measuredAt), 'd MMM yyyy, HH:mm')}</td>
                <td>{formatWeight(row.weightKg, unit)}</td>
                <td>
                  {duplicateLines.has(row.line) ? t('weight.import.alreadySaved') : t('weight.import.new')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <FormError>{refusalIn(preview.data)?.formError}</FormError>
      <FormError>{refusalIn(importer.data)?.formError}</FormError>
      {imported ? (
        <p role="status" className="form-notice">
          {t('weight.import.imported', { count: imported.count })}
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
              ? t('weight.import.importCount', { count: checked.wouldImport })
              : t('weight.import.import')}
          </button>
        </importer.Form>
      )}
    </div>
  );
}
