import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import type { RaceEffort, RacePredictionsAnswer } from '@/domain/racePredictions';
import { useT, type MessageId } from '@/i18n';
import { formatDate } from '@/i18n/dates';
import { formatNumber } from '@/i18n/numbers';
import { errorSentence } from '@/lib/errors';
import { loadRacePredictions } from '../api';
import { raceClock } from '../format';

export interface RacePredictionsCardProps {
  /** Changes whenever the person's workouts may have: the predictions are asked for again. */
  revision?: unknown;
  /** Where the predictions come from (the server, unless a test says). */
  loadPredictions?: typeof loadRacePredictions;
}

type Loaded =
  { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'done'; answer: RacePredictionsAnswer };

/** The races predicted, by their distance in metres. */
const RACE_NAMES: Readonly<Record<number, MessageId>> = {
  5000: 'insight.races.fiveK',
  10000: 'insight.races.tenK',
  21097.5: 'insight.races.half',
  42195: 'insight.races.marathon',
};

const dayDate = (day: string) => new Date(`${day}T12:00:00`);

/** An effort as a sentence: "5 km in 21:30 on 3 Nov 2026", linked to its run. */
function EffortLink({ effort }: { effort: RaceEffort }) {
  const t = useT();
  return (
    <Link to={{ pathname: '/', search: `?activity=${effort.activityId}` }}>
      {t('insight.races.effort', {
        distance: formatNumber(effort.distanceM / 1000, { maximumFractionDigits: 2 }),
        time: raceClock(effort.seconds),
        date: formatDate(dayDate(effort.date), 'd MMM yyyy'),
      })}
    </Link>
  );
}

/**
 * Predicted 5 k, 10 k, half and marathon times by Riegel's formula and by Daniels' VDOT, each from
 * the best effort of the last 90 days nearest in distance, and the estimated VO₂max.
 */
export function RacePredictionsCard({
  revision,
  loadPredictions = loadRacePredictions,
}: RacePredictionsCardProps) {
  const t = useT();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const heading = useId();

  useEffect(() => {
    let current = true;
    loadPredictions().then(
      (answer) => {
        if (current) setLoaded({ kind: 'done', answer });
      },
      (failure: unknown) => {
        if (current) setLoaded({ kind: 'failed', message: errorSentence(failure) });
      },
    );
    return () => {
      current = false;
    };
  }, [loadPredictions, revision]);

  const answer = loaded.kind === 'done' ? loaded.answer : null;
  return (
    <section className="card race-predictions" aria-labelledby={heading}>
      <h2 id={heading}>{t('insight.races.title')}</h2>
      {loaded.kind === 'loading' ? <p className="empty-note">{t('insight.races.loading')}</p> : null}
      {loaded.kind === 'failed' ? <p role="alert">{loaded.message}</p> : null}
      {loaded.kind === 'done' && !answer ? <p className="empty-note">{t('insight.races.tooFew')}</p> : null}
      {answer ? (
        <>
          <table className="predictions-table">
            <thead>
              <tr>
                <th scope="col">{t('insight.races.race')}</th>
                <th scope="col">{t('insight.races.riegel')}</th>
                <th scope="col">{t('insight.races.vdot')}</th>
              </tr>
            </thead>
            <tbody>
              {answer.predictions.map((prediction) => (
                <tr key={prediction.distanceM}>
                  <th scope="row">
                    {RACE_NAMES[prediction.distanceM]
                      ? t(RACE_NAMES[prediction.distanceM] as MessageId)
                      : formatNumber(prediction.distanceM / 1000)}
                    <span className="prediction-from">
                      {t('insight.races.from')} <EffortLink effort={prediction.from} />
                    </span>
                  </th>
                  <td>{raceClock(prediction.riegelS)}</td>
                  <td>{raceClock(prediction.vdotS)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            {t('insight.races.vo2max', { vdot: formatNumber(answer.vdot, { maximumFractionDigits: 1 }) })}{' '}
            <span className="stat-note">
              {t('insight.races.from')} <EffortLink effort={answer.vdotFrom} />
            </span>
          </p>
          <p className="field-hint">{t('insight.races.methods')}</p>
        </>
      ) : null}
    </section>
  );
}
