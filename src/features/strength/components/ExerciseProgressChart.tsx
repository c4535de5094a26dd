import type { ProgressPoint } from '@/domain/strength';
import { currentLanguage, useT } from '@/i18n';
import { formatDate } from '@/i18n/dates';
import { BarLineChart, useChartPalette } from '@/lib/charts';
import { liftNumber } from '../labels';
import { weightToDisplay, type LiftUnit } from '../sets';

export interface ExerciseProgressChartProps {
  name: string;
  points: readonly ProgressPoint[];
  unit: LiftUnit;
}

/** One exercise over time: the best estimated one-rep max per workout as a line, its volume as bars. */
export default function ExerciseProgressChart({ name, points, unit }: ExerciseProgressChartProps) {
  const t = useT();
  const palette = useChartPalette();
  const labels = points.map((point) => formatDate(new Date(point.startedAt), 'd MMM yyyy'));
  const oneRepMax = points.map((point) =>
    point.oneRepMaxKg === null ? Number.NaN : weightToDisplay(point.oneRepMaxKg, unit),
  );
  const volume = points.map((point) => weightToDisplay(point.volumeKg, unit));
  const description = t('strength.progressChart.description', {
    name,
    unit,
    points: points
      .map((_, index) => {
        const date = labels[index] ?? '';
        const max = oneRepMax[index] ?? Number.NaN;
        const moved = liftNumber(volume[index] ?? 0);
        return Number.isNaN(max)
          ? t('strength.progressChart.pointNoMax', { date, volume: moved, unit })
          : t('strength.progressChart.point', { date, oneRepMax: liftNumber(max), volume: moved, unit });
      })
      .join('; '),
  });
  return (
    <div className="chart-box">
      <BarLineChart
        label={description}
        data={{
          labels,
          datasets: [
            {
              type: 'line' as const,
              label: t('strength.progressChart.oneRepMaxLegend', { unit }),
              data: oneRepMax,
              borderColor: palette.primary,
              backgroundColor: palette.primary,
              spanGaps: true,
              yAxisID: 'oneRepMax',
            },
            {
              type: 'bar' as const,
              label: t('strength.progressChart.volumeLegend', { unit }),
              data: volume,
              backgroundColor: palette.soft,
              yAxisID: 'volume',
            },
          ],
        }}
        options={{
          locale: currentLanguage(),
          maintainAspectRatio: false,
          plugins: { legend: { position: 'bottom' } },
          scales: {
            oneRepMax: {
              position: 'left',
              title: { display: true, text: t('strength.progressChart.oneRepMaxAxis', { unit }) },
            },
            volume: {
              position: 'right',
              beginAtZero: true,
              grid: { drawOnChartArea: false },
              title: { display: true, text: t('strength.progressChart.volumeAxis', { unit }) },
            },
          },
        }}
      />
    </div>
  );
}
