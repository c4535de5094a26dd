import type { DashboardSummary } from '@/domain/dashboard';
import { formatWeight, formatWeightChange } from '@/domain/units';
import { forecastSentence, shortDay } from '../format';
import { SummaryCard } from './SummaryCard';

/** The trend weight in the person's unit, its change over a week, and when it reaches the goal. */
export function WeightCard({ summary }: { summary: DashboardSummary }) {
  const { weight, counts, date, today } = summary;
  const title = date === today ? 'Weight' : `Weight on ${shortDay(date)}`;
  if (counts.weighInDays === 0) {
    return (
      <SummaryCard
        id="summary-weight"
        title={title}
        link={{ to: '/weight-tracking', label: 'Log your first weigh-in' }}
      >
        <p className="empty-note">No weigh-ins yet. Add one and your trend weight starts here.</p>
      </SummaryCard>
    );
  }
  const link = { to: '/weight-tracking', label: 'Open weight tracking' };
  if (weight.trendKg === null) {
    return (
      <SummaryCard id="summary-weight" title={title} link={link}>
        <p className="empty-note">No weigh-ins by this day.</p>
      </SummaryCard>
    );
  }
  const forecast = forecastSentence(weight);
  return (
    <SummaryCard id="summary-weight" title={title} link={link}>
      <dl className="stat-list summary-stats">
        <div>
          <dt>Trend weight</dt>
          <dd>{formatWeight(weight.trendKg, weight.weightUnit)}</dd>
        </div>
        <div>
          <dt>Change in 7 days</dt>
          <dd>
            {weight.weeklyChangeKg === null
              ? 'Needs a week of weigh-ins'
              : formatWeightChange(weight.weeklyChangeKg, weight.weightUnit)}
          </dd>
        </div>
      </dl>
      <p className="goal-words">
        {forecast ?? 'Set a goal weight in weight tracking to see when you could reach it.'}
      </p>
    </SummaryCard>
  );
}
