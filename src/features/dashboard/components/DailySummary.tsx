import type { DashboardSummary } from '@/domain/dashboard';
import { ActiveMinutesCard } from './ActiveMinutesCard';
import { CaloriesCard } from './CaloriesCard';
import { StreakCard } from './StreakCard';
import { WeightCard } from './WeightCard';

/** The start page's cards: calories, active minutes, weight and streak, each linking to its module. */
export function DailySummary({ summary }: { summary: DashboardSummary }) {
  const { counts } = summary;
  const newcomer = counts.meals === 0 && counts.workouts === 0 && counts.weighInDays === 0;
  return (
    <section className="daily-summary" aria-labelledby="daily-summary-heading">
      <h2 id="daily-summary-heading" className="visually-hidden">
        At a glance
      </h2>
      {newcomer ? (
        <p className="daily-summary-welcome">
          Welcome! Log a meal, a workout or a weigh-in, and your day fills in here.
        </p>
      ) : null}
      <CaloriesCard summary={summary} />
      <ActiveMinutesCard summary={summary} />
      <WeightCard summary={summary} />
      <StreakCard summary={summary} />
    </section>
  );
}
