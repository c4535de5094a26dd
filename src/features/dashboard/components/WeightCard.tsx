import type { DashboardSummary } from '@/domain/dashboard';
import { formatWeight, formatWeightChange } from '@/domain/units';
import { useT } from '@/i18n';
import { forecastSentence, titleForDay } from '../format';
import { SummaryCard } from './SummaryCard';

/** The trend weight in the person's unit, its change over a week, and when it reaches the goal. */
export function WeightCard({ summary }: { summary: DashboardSummary }) {
  const t = useT();
  const { weight, counts, date, today } = summary;
  const title = titleForDay('weight', date, today);
  if (counts.weighInDays === 0) {
    return (
      <SummaryCard
        id="summary-weight"
        title={title}
        link={{ to: '/weight-tracking', label: t('dashboard.weight.firstWeighIn') }}
      >
        <p className="empty-note">{t('dashboard.weight.empty')}</p>
      </SummaryCard>
    );
  }
  const link = { to: '/weight-tracking', label: t('dashboard.weight.link') };
  if (weight.trendKg === null) {
    return (
      <SummaryCard id="summary-weight" title={title} link={link}>
        <p className="empty-note">{t('dashboard.weight.noneByDay')}</p>
      </SummaryCard>
    );
  }
  const forecast = forecastSentence(weight);
  return (
    <SummaryCard id="summary-weight" title={title} link={link}>
      <dl className="stat-list summary-stats">
        <div>
          <dt>{t('dashboard.weight.trend')}</dt>
          <dd>{formatWeight(weight.trendKg, weight.weightUnit)}</dd>
        </div>
        <div>
          <dt>{t('dashboard.weight.change')}</dt>
          <dd>
            {weight.weeklyChangeKg === null
              ? t('dashboard.weight.needsWeek')
              : formatWeightChange(weight.weeklyChangeKg, weight.weightUnit)}
          </dd>
        </div>
      </dl>
      <p className="goal-words">{forecast ?? t('dashboard.weight.noGoal')}</p>
    </SummaryCard>
  );
}
