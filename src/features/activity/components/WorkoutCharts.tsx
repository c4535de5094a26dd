import { useMemo } from 'react';
import type { ActivityType } from '@/domain/contract';
import { showsPace } from '@/domain/pace';
import { profileOf, type ProfilePoint, type TrackPoint } from '@/domain/track';
import { distanceUnitLabel, type Units } from '@/domain/units';
import { useT, type Translator } from '@/i18n';
import { formatNumber } from '@/i18n/numbers';
import { LineChart, useChartPalette } from '@/lib/charts';
import { clock } from './clock';

const MILE_M = 1609.344;
const FEET_PER_METRE = 3.28084;

/** A number with `digits` decimals in the language shown ("12.5", "12,5"). */
const fixed = (value: number, digits: number) =>
  formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });

interface Series {
  kind: 'pace' | 'speed' | 'heartRate' | 'elevation';
  title: string;
  unit: string;
  /** Lower is better (pace): the axis is turned over so faster stands higher. */
  reverse?: boolean;
  format: (value: number) => string;
  value: (point: ProfilePoint) => number | null | undefined;
}

function seriesFor(type: ActivityType, units: Units, t: Translator): Series[] {
  const unitM = units === 'imperial' ? MILE_M : 1000;
  const distanceUnit = distanceUnitLabel(units);
  const speedUnit = units === 'imperial' ? 'mph' : 'km/h';
  const climbUnit = units === 'imperial' ? 'ft' : 'm';
  return [
    showsPace(type)
      ? {
          kind: 'pace',
          title: t('activity.workoutCharts.pace'),
          unit: t('activity.workoutCharts.perUnit', { unit: distanceUnit }),
          reverse: true,
          format: (seconds) => clock(seconds),
          value: (point) => (point.speedMs === null ? null : unitM / point.speedMs),
        }
      : {
          kind: 'speed',
          title: t('activity.workoutCharts.speed'),
          unit: speedUnit,
          format: (speed) => fixed(speed, 1),
          value: (point) => (point.speedMs === null ? null : (point.speedMs * 3600) / unitM),
        },
    {
      kind: 'heartRate',
      title: t('activity.workoutCharts.heartRate'),
      unit: 'bpm',
      format: (bpm) => String(Math.round(bpm)),
      value: (point) => point.hr,
    },
    {
      kind: 'elevation',
      title: t('activity.workoutCharts.elevation'),
      unit: climbUnit,
      format: (metres) => String(Math.round(metres)),
      value: (point) =>
        point.ele === undefined ? undefined : units === 'imperial' ? point.ele * FEET_PER_METRE : point.ele,
    },
  ];
}

/**
 * Pace or speed, heart rate and elevation against distance, one small chart each, for the parts
 * the track records. Loaded with chart.js only when a workout with a route is opened.
 */
export default function WorkoutCharts({
  points,
  type,
  units,
}: {
  points: readonly TrackPoint[];
  type: ActivityType;
  units: Units;
}) {
  const t = useT();
  const palette = useChartPalette();
  const profile = useMemo(() => profileOf(points), [points]);
  const unitM = units === 'imperial' ? MILE_M : 1000;
  const distanceUnit = distanceUnitLabel(units);
  const charts = seriesFor(type, units, t).flatMap((series) => {
    const data = profile.map((point) => {
      const value = series.value(point);
      return { x: point.distanceM / unitM, y: value ?? null };
    });
    const values = data.flatMap((point) => (point.y === null ? [] : [point.y]));
    return values.length < 2 ? [] : [{ series, data, low: Math.min(...values), high: Math.max(...values) }];
  });
  if (charts.length === 0) return null;
  const length = (profile.at(-1)?.distanceM ?? 0) / unitM;
  return (
    <div className="workout-charts">
      {charts.map(({ series, data, low, high }) => {
        const [best, worst] = series.reverse ? [low, high] : [high, low];
        return (
          <figure key={series.kind} className="workout-chart">
            <figcaption>
              {t('activity.workoutCharts.caption', { title: series.title, unit: series.unit })}
            </figcaption>
            <div className="chart-box">
              <LineChart
                label={t('activity.workoutCharts.description', {
                  title: series.title,
                  length: fixed(length, 1),
                  distanceUnit,
                  worst: series.format(worst),
                  best: series.format(best),
                  unit: series.unit,
                })}
                data={{
                  datasets: [
                    {
                      label: series.title,
                      data,
                      borderColor: series.kind === 'heartRate' ? palette.over : palette.primary,
                      borderWidth: 2,
                      pointRadius: 0,
                      spanGaps: false,
                      fill: series.kind === 'elevation' ? 'start' : false,
                      backgroundColor: palette.soft,
                    },
                  ],
                }}
                options={{
                  maintainAspectRatio: false,
                  parsing: false,
                  normalized: true,
                  interaction: { mode: 'index', intersect: false },
                  plugins: {
                    legend: { display: false },
                    tooltip: {
                      callbacks: {
                        title: (items) => `${fixed(items[0]?.parsed.x ?? 0, 2)} ${distanceUnit}`,
                        label: (item) => `${series.format(item.parsed.y ?? 0)} ${series.unit}`,
                      },
                    },
                  },
                  scales: {
                    x: {
                      type: 'linear',
                      min: 0,
                      max: length,
                      ticks: {
                        callback: (value) =>
                          `${formatNumber(Number(value), { useGrouping: false })} ${distanceUnit}`,
                        maxTicksLimit: 6,
                      },
                    },
                    y: {
                      reverse: series.reverse === true,
                      ticks: { callback: (value) => series.format(Number(value)), maxTicksLimit: 4 },
                    },
                  },
                }}
              />
            </div>
          </figure>
        );
      })}
    </div>
  );
}
