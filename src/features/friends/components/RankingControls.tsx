import { useId } from 'react';
import {
  METRIC_LABELS,
  RANKING_METRICS,
  RANKING_PERIODS,
  type RankingMetric,
  type RankingPeriod,
} from '@/domain/friends';
import { PERIOD_LABELS } from '../format';

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
  const selectId = useId();
  return (
    <div className="ranking-controls">
      <div className="form-field">
        <label htmlFor={selectId}>Rank by</label>
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
              {METRIC_LABELS[value].label}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="period-switch">
        <legend>Period</legend>
        {RANKING_PERIODS.map((value) => (
          <label key={value} className="period-option">
            <input
              type="radio"
              name="period"
              value={value}
              checked={period === value}
              onChange={() => onChange({ metric, period: value })}
            />
            {PERIOD_LABELS[value]}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
