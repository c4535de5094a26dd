import { latestMeasurements, navyEstimate, type NavyNeed } from '@/domain/bodyMeasurements';
import { formatDecimal } from '@/domain/labels';
import { currentLanguage, useT, type MessageId } from '@/i18n';
import type { MeasurementsView } from '../api';

const NEEDS: Readonly<Record<NavyNeed, MessageId>> = {
  sex: 'weight.measurements.navy.needSex',
  height: 'weight.measurements.navy.needHeight',
  waist: 'weight.measurements.navy.needWaist',
  neck: 'weight.measurements.navy.needNeck',
  hips: 'weight.measurements.navy.needHips',
};

/** The measured body fat beside the U.S. Navy estimate, or a sentence on what the estimate lacks. */
export function BodyFatEstimate({ view }: { view: MeasurementsView }) {
  const t = useT();
  const measured = latestMeasurements(view.rows).find((entry) => entry.field === 'bodyFatPct');
  const estimate = navyEstimate(view.rows, view);
  return (
    <div className="body-fat">
      <h3>{t('weight.measurements.navy.title')}</h3>
      <dl className="stat-list">
        <div>
          <dt>{t('weight.measurements.navy.measured')}</dt>
          <dd>{measured ? `${formatDecimal(measured.latest, 1)} %` : t('weight.measurements.navy.none')}</dd>
        </div>
        <div>
          <dt>{t('weight.measurements.navy.estimated')}</dt>
          <dd>
            {estimate.kind === 'estimate'
              ? `${formatDecimal(estimate.bodyFatPct, 1)} %`
              : t('weight.measurements.navy.none')}
          </dd>
        </div>
      </dl>
      <p className="field-hint">
        {estimate.kind === 'estimate'
          ? t('weight.measurements.navy.about')
          : estimate.kind === 'noAnswer'
            ? t('weight.measurements.navy.noAnswer')
            : t('weight.measurements.navy.missing', {
                missing: new Intl.ListFormat(currentLanguage(), { type: 'conjunction' }).format(
                  estimate.missing.map((need) => t(NEEDS[need])),
                ),
              })}
      </p>
    </div>
  );
}
