import { format } from 'date-fns';
import type { ProgressPoint } from '@/domain/strength';
import { BarLineChart, useChartPalette } from '@/lib/charts';
import { weightToDisplay, type LiftUnit } from '../sets';

export interface ExerciseProgressChartProps {
  name: string;
  points: readonly ProgressPoint[];
  unit: LiftUnit;
}

/** One exercise over time: the best estimated one-rep max per workout as a line, its volume as bars. */
export default function ExerciseProgressChart({ name, points, unit }: ExerciseProgressChartProps) {
  const palette = useChartPalette();
  const labels = points.map((point) => format(new Date(point.startedAt), 'd MMM yyyy'));
  const oneRepMax = points.map((point) =>
    point.oneRepMaxKg === null ? Number.NaN : weightToDisplay(point.oneRepMaxKg, unit),
  );
  const volume = points.map((point) => weightToDisplay(point.volumeKg, unit));
  const description =
    `${name}: estimated one-rep max (Epley) and volume per workout, in ${unit}: ` +
    points
      .map(
        (point, index) =>
          `${labels[index]} ${Number.isNaN(oneRepMax[index]) ? 'no one-rep max' : `${oneRepMax[index]} ${unit}`}, volume ${volume[index]} ${unit}`,
      )
      .join('; ');
  return (
    <div className="chart-box">
      <BarLineChart
        label={description}
        data={{
          labels,
          datasets: [
            {
              type: 'line' as const,
              label: `Estimated one-rep max (${unit})`,
              data: oneRepMax,
              borderColor: palette.primary,
              backgroundColor: palette.primary,
              spanGaps: true,
              yAxisID: 'oneRepMax',
            },
            {
              type: 'bar' as const,
              label: `Volume (${unit})`,
              data: volume,
              backgroundColor: palette.soft,
              yAxisID: 'volume',
            },
          ],
        }}
        options={{
          maintainAspectRatio: false,
          plugins: { legend: { position: 'bottom' } },
          scales: {
            oneRepMax: { position: 'left', title: { display: true, text: `one-rep max (${unit})` } },
            volume: {
              position: 'right',
              beginAtZero: true,
              grid: { drawOnChartArea: false },
              title: { display: true, text: `volume (${unit})` },
            },
          },
        }}
      />
    </div>
  );
}
