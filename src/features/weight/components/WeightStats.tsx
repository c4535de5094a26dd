import { formatWeight, formatWeightChange, type WeightUnit } from '@/domain/units';
import type { WeightSummary } from '@/domain/weight';
import { dayToDate } from '@/lib/days';
import { useT, type Translator } from '@/i18n';
import { formatNumber } from '@/i18n/numbers';
import { formatDate } from '@/i18n/dates';

function forecastSentence(summary: WeightSummary, unit: WeightUnit, t: Translator): string | null {
  const { forecast, goalWeightKg } = summary;
  if (!forecast || goalWeightKg === null) return null;
  const goal = formatWeight(goalWeightKg, unit);
  switch (forecast.kind) {
    case 'reached':
      return t('weight.stats.forecastReached', { goal });
    case 'date':
      return t('weight.stats.forecastDate', {
        goal,
        date: formatDate(dayToDate(forecast.date), 'd MMMM yyyy'),
        count: forecast.weeks,
        weeks: formatNumber(forecast.weeks, { useGrouping: false }),
      });
    case 'away':
      return t('weight.stats.forecastAway', { goal });
    case 'flat':
      return t('weight.stats.forecastFlat', { goal });
  }
}

/** The numbers that matter: trend, changes, weekly rate and its energy balance, forecast, BMI. */
export function WeightStats({ summary, unit }: { summary: WeightSummary; unit: WeightUnit }) {
  const { trendKg, change7Kg, change30Kg, weeklyRateKg, dailyBalanceKcal, bmi } = summary;
  const t = useT();
  const forecast = forecastSentence(summary, unit, t);
  return (
    <section className="card weight-trend" aria-labelledby="trend-heading">
      <h2 id="trend-heading">{t('weight.stats.title')}</h2>
      {trendKg === null ? (
        <p className="empty-note">{t('weight.stats.empty')}</p>
      ) : (
        <>
          <dl className="stat-list">
            <div>
              <dt>{t('weight.stats.trendWeight')}</dt>
              <dd>{formatWeight(trendKg, unit)}</dd>
            </div>
            <div>
              <dt>{t('weight.stats.sevenDays')}</dt>
              <dd>{change7Kg === null ? '—' : formatWeightChange(change7Kg, unit)}</dd>
            </div>
            <div>
              <dt>{t('weight.stats.thirtyDays')}</dt>
              <dd>{change30Kg === null ? '—' : formatWeightChange(change30Kg, unit)}</dd>
            </div>
            <div>
              <dt>{t('weight.stats.weeklyRate')}</dt>
              <dd>
                {weeklyRateKg === null ? (
                  t('weight.stats.needsWeek')
                ) : (
                  <>
                    {t('weight.stats.perWeek', { change: formatWeightChange(weeklyRateKg, unit) })}{' '}
                    {dailyBalanceKcal !== null ? (
                      <span className="stat-note">
                        {dailyBalanceKcal < 0
                          ? t('weight.stats.balanceBelow', { kcal: Math.abs(dailyBalanceKcal) })
                          : t('weight.stats.balanceAbove', { kcal: Math.abs(dailyBalanceKcal) })}
                      </span>
                    ) : null}
                  </>
                )}
              </dd>
            </div>
            {bmi ? (
              <div>
                <dt>{t('weight.stats.bmi')}</dt>
                <dd>
                  {formatNumber(bmi.value, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}{' '}
                  <span className="stat-note">({bmi.label})</span>
                </dd>
              </div>
            ) : null}
          </dl>
          {forecast ? <p className="forecast">{forecast}</p> : null}
          {summary.fastRate ? <p className="gentle-warning">{t('weight.stats.fastRate')}</p> : null}
        </>
      )}
    </section>
  );
}
