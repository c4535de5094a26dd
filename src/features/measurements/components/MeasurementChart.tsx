import type { MeasurementField, MeasurementPoint } from '@/domain/bodyMeasurements';
import { cmToDisplay, girthUnitLabel, type Units } from '@/domain/units';
import { useT } from '@/i18n';
import { formatDate } from '@/i18n/dates';
import { formatNumber } from '@/i18n/numbers';
import { LineChart, useChartPalette } from '@/lib/charts';

export interface MeasurementChartProps {
  field: MeasurementField;
  /** The measurement's name as the page shows it. */
  label: string;
  points: readonly MeasurementPoint[];
  units: Units;
}

function dayTime(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1).getTime();
}

/** One measurement's days as points and its trend as a line, in the person's unit; chart.js, on demand. */
export default function MeasurementChart({ field, label, points, units }: MeasurementChartProps) {
  const t = useT();
  const palette = useChartPalette();
  const unit = field === 'bodyFatPct' ? '%' : girthUnitLabel(units);
  const shown = (value: number) =>
    Math.round((field === 'bodyFatPct' ? value : cmToDisplay(value, units)) * 10) / 10;
  const number = (value: number) => formatNumber(value, { useGrouping: false });
  const xs = points.map((point) => dayTime(point.date));
  const first = xs[0] ?? 0;
  const last = xs.at(-1) ?? 0;
  const latest = points.at(-1);
  const description = t('weight.measurements.chart.description', {
    measurement: label,
    count: points.length,
    from: formatDate(first, 'd MMM yyyy'),
    to: formatDate(last, 'd MMM yyyy'),
    latest: number(shown(latest?.value ?? 0)),
    trend: number(shown(latest?.trend ?? 0)),
    unit,
  });

  return (
    <div className="chart-box measurement-chart">
      <LineChart
        label={description}
        data={{
          datasets: [
            {
              label,
              data: points.map((point, index) => ({ x: xs[index] ?? 0, y: shown(point.value) })),
              showLine: false,
              pointRadius: 3,
              pointBackgroundColor: palette.points,
              borderColor: palette.points,
            },
            {
              label: t('weight.chart.trend'),
              data: points.map((point, index) => ({ x: xs[index] ?? 0, y: shown(point.trend) })),
              borderColor: palette.primary,
              borderWidth: 3,
              pointRadius: 0,
              tension: 0.2,
            },
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
              callbacks: {
                title: (items) => formatDate(items[0]?.parsed.x ?? 0, 'EEE d MMM yyyy'),
                label: (item) =>
                  t('weight.chart.tooltip', {
                    series: item.dataset.label ?? '',
                    value: number(item.parsed.y ?? 0),
                    unit,
                  }),
              },
            },
          },
          scales: {
            x: {
              type: 'linear',
              min: first === last ? first - 86_400_000 : first,
              max: first === last ? last + 86_400_000 : last,
              ticks: { callback: (value) => formatDate(Number(value), 'd MMM'), maxTicksLimit: 8 },
            },
            y: { title: { display: true, text: unit } },
          },
        }}
      />
    </div>
  );
}
