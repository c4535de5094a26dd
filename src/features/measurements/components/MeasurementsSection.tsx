import { lazy, Suspense, useId, useState } from 'react';
import { SyncBadge } from '@/components/SyncBadge';
import {
  formatMeasurement,
  formatMeasurementChange,
  latestMeasurements,
  MEASUREMENT_FIELDS,
  measurementSeries,
  type BodyMeasurementRow,
  type MeasurementField,
} from '@/domain/bodyMeasurements';
import { useT } from '@/i18n';
import { formatDate } from '@/i18n/dates';
import type { MeasurementsView } from '../api';
import { MEASUREMENT_LABELS } from '../form';
import { BodyFatEstimate } from './BodyFatEstimate';
import { MeasurementEditWindow } from './MeasurementEditWindow';
import { MeasurementImportWindow } from './MeasurementImportWindow';

const MeasurementChart = lazy(() => import('./MeasurementChart'));

export interface MeasurementsSectionProps {
  view: MeasurementsView;
  /** The weight page's range, as its links name it ("3 months"); null for all of it. */
  rangeLabel: string | null;
}

type Window = { kind: 'entry'; row: BodyMeasurementRow | null } | { kind: 'import' } | null;

/** The values of a row as one line: "Waist 84.5 cm · Neck 38.0 cm". */
function rowSummary(
  row: BodyMeasurementRow,
  view: MeasurementsView,
  label: (field: MeasurementField) => string,
) {
  return MEASUREMENT_FIELDS.flatMap((field) => {
    const value = row[field];
    return value === null ? [] : [`${label(field)} ${formatMeasurement(field, value, view.units)}`];
  }).join(' · ');
}

/**
 * The weight page's measurements: the latest values with their change over the range, a chart of
 * one measurement with its trend, the body-fat estimate beside the measured value, and the days
 * logged, each opening the edit window. Loaded on demand with the page.
 */
export default function MeasurementsSection({ view, rangeLabel }: MeasurementsSectionProps) {
  const t = useT();
  const chooserId = useId();
  const [open, setOpen] = useState<Window>(null);
  const close = () => setOpen(null);
  const label = (field: MeasurementField) => t(MEASUREMENT_LABELS[field]);
  const latest = latestMeasurements(view.rows);
  const charted = latest.map((entry) => entry.field);
  const [chosen, setChosen] = useState<MeasurementField>('waistCm');
  const field = charted.includes(chosen) ? chosen : (charted[0] ?? 'waistCm');
  const series = measurementSeries(view.rows, field, view.timeZone);

  return (
    <section className="card measurements" aria-labelledby="measurements-heading">
      <div className="card-header">
        <h2 id="measurements-heading">{t('weight.measurements.title')}</h2>
        <div className="measurements-actions">
          <button
            type="button"
            className="button-primary"
            onClick={() => setOpen({ kind: 'entry', row: null })}
          >
            {t('weight.measurements.add')}
          </button>
          <button type="button" className="button-secondary" onClick={() => setOpen({ kind: 'import' })}>
            {t('weight.measurements.import')}
          </button>
        </div>
      </div>
      {view.rows.length === 0 ? (
        <p className="empty-note">
          {rangeLabel === null
            ? t('weight.measurements.emptyAll')
            : t('weight.measurements.empty', { range: rangeLabel })}
        </p>
      ) : (
        <>
          <h3>{t('weight.measurements.latest')}</h3>
          <dl className="stat-list">
            {latest.map((entry) => (
              <div key={entry.field}>
                <dt>{label(entry.field)}</dt>
                <dd>
                  {formatMeasurement(entry.field, entry.latest, view.units)}{' '}
                  {entry.change === null ? null : (
                    <span className="stat-note">
                      {rangeLabel === null
                        ? t('weight.measurements.changeAll', {
                            change: formatMeasurementChange(entry.field, entry.change, view.units),
                          })
                        : t('weight.measurements.change', {
                            change: formatMeasurementChange(entry.field, entry.change, view.units),
                            range: rangeLabel,
                          })}
                    </span>
                  )}
                </dd>
              </div>
            ))}
          </dl>
          <div className="form-field measurement-chooser">
            <label htmlFor={chooserId}>{t('weight.measurements.chartOf')}</label>
            <select
              id={chooserId}
              value={field}
              onChange={(event) => setChosen(event.target.value as MeasurementField)}
            >
              {charted.map((option) => (
                <option key={option} value={option}>
                  {label(option)}
                </option>
              ))}
            </select>
          </div>
          <Suspense fallback={<div className="chart-placeholder" aria-hidden="true" />}>
            <MeasurementChart field={field} label={label(field)} points={series} units={view.units} />
          </Suspense>
        </>
      )}
      {view.rows.length > 0 ? (
        <>
          <BodyFatEstimate view={view} />
          <h3>{t('weight.measurements.days')}</h3>
          <ul className="measurement-days">
            {view.rows.map((row) => {
              const day = formatDate(new Date(row.measuredAt), 'd MMM yyyy');
              return (
                <li key={row.id}>
                  <span>
                    <strong>{day}</strong> {rowSummary(row, view, label)} <SyncBadge state={row.sync} />
                  </span>
                  <button
                    type="button"
                    className="button-secondary"
                    onClick={() => setOpen({ kind: 'entry', row })}
                  >
                    {t('weight.measurements.editDay')}
                    <span className="visually-hidden"> {day}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      <MeasurementEditWindow
        open={open?.kind === 'entry'}
        onClose={close}
        row={open?.kind === 'entry' ? open.row : null}
        units={view.units}
      />
      <MeasurementImportWindow open={open?.kind === 'import'} onClose={close} units={view.units} />
    </section>
  );
}
