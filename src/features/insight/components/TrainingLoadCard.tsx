import { lazy, Suspense, useEffect, useId, useState } from 'react';
import type { TrainingLoadSeries } from '@/domain/trainingLoad';
import { useT } from '@/i18n';
import { errorSentence } from '@/lib/errors';
import { LOAD_MONTHS, loadTrainingLoad, type LoadMonths } from '../api';
import { formNumber, loadNumber } from '../format';

const TrainingLoadChart = lazy(() => import('./TrainingLoadChart'));

export interface TrainingLoadCardProps {
  /** Changes whenever the person's workouts may have: the series is asked for again. */
  revision?: unknown;
  /** Where the series comes from (the server, unless a test says). */
  loadSeries?: typeof loadTrainingLoad;
}

type Loaded =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'done'; months: LoadMonths; series: TrainingLoadSeries };

/**
 * Fitness, fatigue and form: today's three numbers and what they mean, their chart over the last
 * 6 or 12 months, how load is measured, and a warning when this week's load jumps.
 */
export function TrainingLoadCard({ revision, loadSeries = loadTrainingLoad }: TrainingLoadCardProps) {
  const t = useT();
  const [months, setMonths] = useState<LoadMonths>(6);
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const ids = { heading: useId(), period: useId() };

  useEffect(() => {
    let current = true;
    loadSeries(months).then(
      (series) => {
        if (current) setLoaded({ kind: 'done', months, series });
      },
      (failure: unknown) => {
        if (current) setLoaded({ kind: 'failed', message: errorSentence(failure) });
      },
    );
    return () => {
      current = false;
    };
  }, [months, loadSeries, revision]);

  const series = loaded.kind === 'done' ? loaded.series : null;
  const today = series?.days.at(-1);
  const hasLoad = series?.days.some((day) => day.load > 0) ?? false;

  return (
    <section className="card training-load" aria-labelledby={ids.heading}>
      <div className="card-heading-row">
        <h2 id={ids.heading}>{t('insight.load.title')}</h2>
        <div className="period-choice" role="group" aria-labelledby={ids.period}>
          <span id={ids.period} className="visually-hidden">
            {t('insight.load.period')}
          </span>
          {LOAD_MONTHS.map((choice) => (
            <button
              key={choice}
              type="button"
              className="button-secondary"
              aria-pressed={months === choice}
              onClick={() => setMonths(choice)}
            >
              {t('insight.load.months', { count: choice })}
            </button>
          ))}
        </div>
      </div>
      {loaded.kind === 'loading' ? <p className="empty-note">{t('insight.load.loading')}</p> : null}
      {loaded.kind === 'failed' ? <p role="alert">{loaded.message}</p> : null}
      {series && !hasLoad ? <p className="empty-note">{t('insight.load.empty')}</p> : null}
      {series && today && hasLoad ? (
        <>
          <dl className="stat-list load-today">
            <div>
              <dt>{t('insight.load.fitness')}</dt>
              <dd>{loadNumber(today.fitness)}</dd>
            </div>
            <div>
              <dt>{t('insight.load.fatigue')}</dt>
              <dd>{loadNumber(today.fatigue)}</dd>
            </div>
            <div>
              <dt>{t('insight.load.form')}</dt>
              <dd>{formNumber(today.form)}</dd>
            </div>
          </dl>
          <p className="load-meaning">
            {t(today.form >= 0 ? 'insight.load.fresh' : 'insight.load.tired')} {t('insight.load.meaning')}
          </p>
          {series.week.warning ? (
            <p className="gentle-warning">
              {t('insight.load.weekWarning', {
                week: loadNumber(series.week.week),
                average: loadNumber(series.week.fourWeekAverage),
              })}
            </p>
          ) : null}
          <Suspense fallback={<div className="chart-placeholder" aria-hidden="true" />}>
            <TrainingLoadChart key={`${series.from}:${series.to}`} days={series.days} />
          </Suspense>
        </>
      ) : null}
      {series ? (
        <details className="load-scale">
          <summary>{t('insight.load.scaleQuestion')}</summary>
          <p>{t('insight.load.scale')}</p>
          <p>
            {t('insight.load.counted', {
              months: loaded.kind === 'done' ? loaded.months : months,
              heartRate: series.workouts.heartRate,
              effort: series.workouts.effort,
              none: series.workouts.none,
            })}
          </p>
        </details>
      ) : null}
    </section>
  );
}
