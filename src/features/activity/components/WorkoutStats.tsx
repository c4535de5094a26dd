import type { ActivityType } from '@/domain/contract';
import { clockText, paceOrSpeed } from '@/domain/pace';
import { distanceUnitLabel, kmToDisplay, type Units } from '@/domain/units';
import { useT } from '@/i18n';
import { formatNumber } from '@/i18n/numbers';
import { formatMinutes } from '@/lib/format';

/** A number with `digits` decimals in the language shown ("12.50", "12,50"). */
const fixed = (value: number, digits: number) =>
  formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });

export interface WorkoutStatsProps {
  type: ActivityType;
  durationMin: number;
  /** From a recording; with it, the duration reads as the elapsed time beside it. */
  movingTimeS: number | null;
  distanceKm: number | null;
  caloriesKcal: number | null;
  /** The calories are the energy model's estimate, not the person's or the device's. */
  caloriesEstimated?: boolean;
  elevationGainM: number | null;
  avgHr: number | null;
  maxHr: number | null;
  units: Units;
}

/** A workout's numbers as a list: the person's own summary and a friend's shared workout read alike. */
export function WorkoutStats(workout: WorkoutStatsProps) {
  const t = useT();
  const { units } = workout;
  const unit = distanceUnitLabel(units);
  const seconds = workout.movingTimeS ?? workout.durationMin * 60;
  const average = paceOrSpeed(workout.type, workout.distanceKm, seconds, units);
  return (
    <dl className="stat-list">
      <div>
        <dt>
          {workout.movingTimeS !== null ? t('activity.detail.elapsed') : t('activity.summary.duration')}
        </dt>
        <dd>{formatMinutes(workout.durationMin)}</dd>
      </div>
      {workout.movingTimeS !== null ? (
        <div>
          <dt>{t('activity.detail.movingTime')}</dt>
          <dd>{clockText(workout.movingTimeS)}</dd>
        </div>
      ) : null}
      {workout.distanceKm !== null ? (
        <div>
          <dt>{t('activity.detail.distance')}</dt>
          <dd>
            {fixed(kmToDisplay(workout.distanceKm, units), 2)} {unit}
          </dd>
        </div>
      ) : null}
      {average?.kind === 'pace' ? (
        <div>
          <dt>{t('activity.summary.pace')}</dt>
          <dd>{t('activity.summary.paceValue', { pace: clockText(average.secondsPerUnit), unit })}</dd>
        </div>
      ) : null}
      {average?.kind === 'speed' ? (
        <div>
          <dt>{t('activity.summary.speed')}</dt>
          <dd>
            {fixed(average.perHour, 1)} {units === 'imperial' ? 'mph' : 'km/h'}
          </dd>
        </div>
      ) : null}
      {workout.caloriesKcal !== null ? (
        <div>
          <dt>{t('activity.summary.calories')}</dt>
          <dd>
            {workout.caloriesEstimated
              ? t('activity.day.kcalEstimated', { kcal: workout.caloriesKcal })
              : t('activity.summary.kcal', { kcal: workout.caloriesKcal })}
          </dd>
        </div>
      ) : null}
      {workout.elevationGainM !== null ? (
        <div>
          <dt>{t('activity.detail.climb')}</dt>
          <dd>
            {units === 'imperial'
              ? `${Math.round(workout.elevationGainM * 3.28084)} ft`
              : `${workout.elevationGainM} m`}
          </dd>
        </div>
      ) : null}
      {workout.avgHr !== null ? (
        <div>
          <dt>{t('activity.detail.heartRate')}</dt>
          <dd>
            {workout.maxHr !== null
              ? t('activity.detail.heartRateAverageMax', { average: workout.avgHr, max: workout.maxHr })
              : t('activity.detail.heartRateAverage', { average: workout.avgHr })}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
