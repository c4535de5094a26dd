import { useState } from 'react';
import { useT } from '@/i18n';
import { errorSentence } from '@/lib/errors';
import { downloadMyData, progressText, type ExportFormat, type ExportProgress } from '../export';
import { FormError } from '@/components/FormError';

/**
 * Downloads everything the person has stored, as one JSON file or a zip of CSV files. The data
 * arrives part by part, so the bar shows how far it has come.
 */
export function ExportData() {
  const t = useT();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const start = (format: ExportFormat) => {
    setBusy(true);
    setError('');
    void downloadMyData(format, setProgress)
      .catch((failure: unknown) => {
        setProgress(null);
        setError(errorSentence(failure));
      })
      .finally(() => setBusy(false));
  };

  return (
    <section className="card account-export" aria-labelledby="account-export-heading">
      <h2 id="account-export-heading">{t('settings.export.title')}</h2>
      <p>{t('settings.export.intro')}</p>
      <div className="account-export-actions">
        <button type="button" className="button-secondary" disabled={busy} onClick={() => start('json')}>
          {t('settings.export.json')}
        </button>
        <button type="button" className="button-secondary" disabled={busy} onClick={() => start('csv')}>
          {t('settings.export.csv')}
        </button>
      </div>
      {progress ? (
        <div className="account-export-progress">
          <progress
            max={progress.partCount}
            value={progress.partsDone}
            aria-label={t('settings.export.progress')}
            aria-valuetext={progressText(progress)}
          />
          <p role="status">{progressText(progress)}</p>
        </div>
      ) : null}
      <FormError>{error}</FormError>
    </section>
  );
}
