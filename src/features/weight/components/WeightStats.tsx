import { format } from 'date-fns';
import { formatWeight, formatWeightChange, type WeightUnit } from '@/domain/units';
import type { WeightSummary } from '@/domain/weight';
import { dayToDate } from '@/features/activity/days';

function forecastSentence(summary: WeightSummary, unit: WeightUnit): string | null {
  const { forecast, goalWeightKg } = summary;
  if (!forecast || goalWeightKg === null) return null;
  const goal = formatWeight(goalWeightKg, unit);
  switch (forecast.kind) {
    case 'reached':
      return `You are at your goal of ${goal}.`;
    case 'date':
      return `At this rate you reach ${goal} around ${format(dayToDate(forecast.date), 'd MMMM yyyy')} (in about ${forecast.weeks} weeks).`;
    case 'away':
      return `Your trend is moving away from your goal of ${goal}.`;
    case 'flat':
      return `Your trend is flat, so there is no date yet for your goal of ${goal}.`;
  }
}

/** The numbers that matter: trend, changes, weekly rate and its energy balance, forecast, BMI. */
export function WeightStats({ summary, unit }: { summary: WeightSummary; unit: WeightUnit }) {
  const { trendKg, change7Kg, change30Kg, weeklyRateKg, dailyBalanceKcal, bmi } = summary;
  const forecast = forecastSentence(summary, unit);
  return (
    <section className="card" aria-labelledby="trend-heading">
      <h2 id="trend-heading">Trend</h2>
      {trendKg === null ? (
        <p className="empty-note">Add a weigh-in to start your trend.</p>
      ) : (
        <>
          <dl className="stat-list">
            <div>
              <dt>Trend weight</dt>
              <dd>{formatWeight(trendKg, unit)}</dd>
            </div>
            <div>
              <dt>7 days</dt>
              <dd>{change7Kg === null ? '—' : formatWeightChange(change7Kg, unit)}</dd>
            </div>
            <div>
              <dt>30 days</dt>
              <dd>{change30Kg === null ? '—' : formatWeightChange(change30Kg, unit)}</dd>
            </div>
            <div>
              <dt>Weekly rate</dt>
              <dd>
                {weeklyRateKg === null ? (
                  'Needs a week of weigh-ins'
                ) : (
                  <>
                    {formatWeightChange(weeklyRateKg, unit)} per week{' '}
                    {dailyBalanceKcal !== null ? (
                      <span className="stat-note">
                        (about {Math.abs(dailyBalanceKcal)} kcal a day{' '}
                        {dailyBalanceKcal < 0 ? 'below' : 'above'} what you burn)
                      </span>
                    ) : null}
                  </>
                )}
              </dd>
            </div>
            {bmi ? (
              <div>
                <dt>BMI</dt>
                <dd>
                  {bmi.value.toFixed(1)} <span className="stat-note">({bmi.label})</span>
                </dd>
              </div>
            ) : null}
          </dl>
          {forecast ? <p className="forecast">{forecast}</p> : null}
          {summary.fastRate ? (
            <p className="gentle-warning">
              Your weight is changing by more than 1 % of your body weight a week. A slower pace is easier to
              keep up and protects muscle.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
