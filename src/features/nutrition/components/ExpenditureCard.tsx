import { useEffect, useState } from 'react';
import { Tooltip } from '@/components/Tooltip';
import { CONFIDENCE_SENTENCES, type EnergyExpenditure } from '@/domain/expenditure';
import { KCAL_PER_KG } from '@/domain/weight';
import { errorSentence } from '@/lib/errors';
import { loadOrLastLoaded } from '@/lib/offline/lastLoaded';
import { formatKcal } from '@/lib/format';
import { loadEnergyExpenditure } from '../api';

type Loaded =
  | { kind: 'loading' }
  | { kind: 'done'; expenditure: EnergyExpenditure }
  | { kind: 'failed'; message: string };

/** The energy expenditure, kept on the device like the pages, so it shows offline too. */
const loadFromServerOrDevice = () =>
  loadOrLastLoaded('nutrition:expenditure', loadEnergyExpenditure).then((loaded) => loaded.data);

/**
 * What the person really burns a day, measured from four weeks of their log and trend weight,
 * with how sure it is and the arithmetic behind it; until the log is enough, what is missing.
 */
export function ExpenditureCard({
  load = loadFromServerOrDevice,
}: {
  load?: () => Promise<EnergyExpenditure>;
}) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    load().then(
      (expenditure) => current && setLoaded({ kind: 'done', expenditure }),
      (failure: unknown) => current && setLoaded({ kind: 'failed', message: errorSentence(failure) }),
    );
    return () => {
      current = false;
    };
  }, [load]);

  return (
    <section className="card nutrition-expenditure" aria-labelledby="expenditure-heading">
      <h2 id="expenditure-heading">What you burn</h2>
      {loaded.kind === 'loading' ? <p className="empty-note">Measuring…</p> : null}
      {loaded.kind === 'failed' ? <p role="alert">{loaded.message}</p> : null}
      {loaded.kind === 'done' ? <Expenditure expenditure={loaded.expenditure} /> : null}
    </section>
  );
}

function Expenditure({ expenditure }: { expenditure: EnergyExpenditure }) {
  const { kcalPerDay, formulaKcalPerDay, confidence, meanIntakeKcal, weeklyChangeKg, explanation } =
    expenditure;
  if (kcalPerDay === null || confidence === null) {
    return <p className="empty-note">{explanation}</p>;
  }
  const stored = Math.round(((weeklyChangeKg ?? 0) * KCAL_PER_KG) / 7);
  return (
    <>
      <p className="expenditure-value">
        <strong>{formatKcal(kcalPerDay)}</strong> a day{' '}
        <Tooltip
          label="How this is worked out"
          content={`${formatKcal(meanIntakeKcal ?? 0)} eaten a day on the days logged, ${stored > 0 ? 'minus' : 'plus'} ${formatKcal(Math.abs(stored))} a day the trend weight says was ${stored > 0 ? 'stored' : 'drawn from your body'} (${Math.abs(weeklyChangeKg ?? 0).toFixed(2)} kg a week × ${formatKcal(KCAL_PER_KG)} per kg ÷ 7 days).`}
        />
      </p>
      <p>{explanation}</p>
      <p className={`expenditure-confidence confidence-${confidence}`}>{CONFIDENCE_SENTENCES[confidence]}</p>
      {formulaKcalPerDay !== null ? (
        <p className="stat-note">
          Your body data and activity level predict {formatKcal(formulaKcalPerDay)} a day.
        </p>
      ) : null}
    </>
  );
}
