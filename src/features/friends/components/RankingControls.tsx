import { useId } from 'react';
import { RANKING_METRICS, RANKING_PERIODS, type RankingMetric, type RankingPeriod } from '@/domain/friends';
import { useT } from '@/i18n';
import { METRIC_NAMES, PERIOD_LABELS } from '../format';

export interface RankingChoice {
  metric: RankingMetric;
  period: RankingPeriod;
}

export interface RankingControlsProps extends RankingChoice {
  onChange: (choice: RankingChoice) => void;
}

const isMetric = (value: string): value is RankingMetric =>
  (RANKING_METRICS as readonly string[]).includes(value);

/** What to rank by and over which period; the page keeps both in its query string. */
export function RankingControls({ metric, period, onChange }: RankingControlsProps) {
  const t = useT();
  const selectId = useId();
  return (
    <div className="ranking-controls">
      <div className="form-field">
        <label htmlFor={selectId}>{t('friends.controls.rankBy')}</label>
        <select
          id={selectId}
          value={metric}
          onChange={(event) => {
            const next = event.target.value;
            if (isMetric(next)) onChange({ metric: next, period });
          }}
        >
          {RANKING_METRICS.map((value) => (
            <option key={value} value={value}>
              {t(METRIC_NAMES[value])}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="period-switch">
        <legend>{t('friends.controls.period')}</legend>
        {RANKING_PERIODS.map((value) => (
          <label key={value} className="period-option">
            <input
              type="radio"
              name="period"
              value={value}
              checked={period === value}
              onChange={() => onChange({ metric, period: value })}
            />
            {t(PERIOD_LABELS[value])}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
