import { kgToLb, type WeightUnit } from '@/domain/units';
import type { WeightSummary } from '@/domain/weight';
import { useT } from '@/i18n';
import { formatNumber } from '@/i18n/numbers';
import { formatDate } from '@/i18n/dates';
import { LineChart, useChartPalette } from '@/lib/charts';

export interface WeightChartProps {
  points: WeightSummary['points'];
  goalWeightKg: number | null;
  unit: WeightUnit;
}

/** Beyond about a year of daily points, dots overlap anyway. */
const DENSE_POINTS = 400;

function dayTime(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1).getTime();
}

/** Daily weights as points, the trend as a line and the goal as a level line; chart.js, loaded on demand. */
export default function WeightChart({ points, goalWeightKg, unit }: WeightChartProps) {
  const t = useT();
  const palette = useChartPalette();
  const chartUnit = unit === 'kg' ? 'kg' : 'lb';
  const shown = (kg: number) => Math.round((chartUnit === 'kg' ? kg : kgToLb(kg)) * 10) / 10;
  /** A chart value as people read it: "80.5" in English, "80,5" in German. */
  const number = (value: number) => formatNumber(value, { useGrouping: false });
  const xs = points.map((point) => dayTime(point.date));
  const first = xs[0] ?? 0;
  const last = xs.at(-1) ?? 0;
  const latest = points.at(-1);
  // Years of daily points: smaller dots and a straight trend keep a redraw within one frame.
  const dense = points.length > DENSE_POINTS;
  const summary = {
    count: points.length,
    from: formatDate(first, 'd MMM yyyy'),
    to: formatDate(last, 'd MMM yyyy'),
    latest: number(shown(latest?.weightKg ?? 0)),
    trend: number(shown(latest?.trendKg ?? 0)),
    unit: chartUnit,
  };
  const description =
    points.length === 0
      ? t('weight.chart.descriptionEmpty')
      : goalWeightKg === null
        ? t('weight.chart.description', summary)
        : t('weight.chart.descriptionWithGoal', { ...summary, goal: number(shown(goalWeightKg)) });

  return (
    <div className="chart-box weight-chart">
      <LineChart
        label={description}
        data={{
          datasets: [
            {
              label: t('weight.chart.weight'),
              data: points.map((point, index) => ({ x: xs[index] ?? 0, y: shown(point.weightKg) })),
              showLine: false,
              pointRadius: dense ? 1.5 : 3,
              pointBackgroundColor: palette.points,
              borderColor: palette.points,
            },
            {
              label: t('weight.chart.trend'),
              data: points.map((point, index) => ({ x: xs[index] ?? 0, y: shown(point.trendKg) })),
              borderColor: palette.primary,
              borderWidth: 3,
              pointRadius: 0,
              tension: dense ? 0 : 0.2,
            },
            ...(goalWeightKg === null
              ? []
              : [
                  {
                    label: t('weight.chart.goal'),
                    data: [
                      { x: first, y: shown(goalWeightKg) },
                      { x: last, y: shown(goalWeightKg) },
                    ],
                    borderColor: palette.goal,
                    borderDash: [6, 4],
                    pointRadius: 0,
                  },
                ]),
          ],
        }}
        options={{
          maintainAspectRatio: false,
          parsing: false,
          normalized: true,
          interaction: { mode: 'index', intersect: false },
          plugins: {
            legend: { position: 'bottom' },
            tooltip: {
              filter: (item) => item.datasetIndex < 2,
              callbacks: {
                title: (items) => formatDate(items[0]?.parsed.x ?? 0, 'EEE d MMM yyyy'),
                label: (item) =>
                  t('weight.chart.tooltip', {
                    series: item.dataset.label ?? '',
                    value: number(item.parsed.y ?? 0),
                    unit: chartUnit,
                  }),
              },
            },
          },
          scales: {
            x: {
              type: 'linear',
              min: first,
              max: last,
              ticks: { callback: (value) => formatDate(Number(value), 'd MMM'), maxTicksLimit: 8 },
            },
            y: { title: { display: true, text: chartUnit } },
          },
        }}
      />
    </div>
  );
}
