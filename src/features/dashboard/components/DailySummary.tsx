import type { DashboardSummary } from '@/domain/dashboard';
import { useT } from '@/i18n';
import { ActiveMinutesCard } from './ActiveMinutesCard';
import { CaloriesCard } from './CaloriesCard';
import { StreakCard } from './StreakCard';
import { WeightCard } from './WeightCard';

/** The start page's cards: calories, active minutes, weight and streak, each linking to its module. */
export function DailySummary({ summary }: { summary: DashboardSummary }) {
  const t = useT();
  const { counts } = summary;
  const newcomer = counts.meals === 0 && counts.workouts === 0 && counts.weighInDays === 0;
  return (
    <section className="daily-summary" aria-labelledby="daily-summary-heading">
      <h2 id="daily-summary-heading" className="visually-hidden">
        {t('dashboard.summary.heading')}
      </h2>
      {newcomer ? <p className="daily-summary-welcome">{t('dashboard.summary.welcome')}</p> : null}
      <CaloriesCard summary={summary} />
      <ActiveMinutesCard summary={summary} />
      <WeightCard summary={summary} />
      <StreakCard summary={summary} />
    </section>
  );
}
