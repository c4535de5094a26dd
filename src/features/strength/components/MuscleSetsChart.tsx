import { MUSCLE_LABELS, type Muscle } from '@/domain/strength';
import { currentLanguage, useT } from '@/i18n';
import { BarChart, useChartPalette } from '@/lib/charts';

export interface MuscleSetsChartProps {
  /** Working sets per muscle, the most first. */
  sets: ReadonlyArray<[Muscle, number]>;
}

/** This week's working sets per muscle as horizontal bars; loaded on demand with chart.js. */
export default function MuscleSetsChart({ sets }: MuscleSetsChartProps) {
  const t = useT();
  const palette = useChartPalette();
  const labels = sets.map(([muscle]) => MUSCLE_LABELS[muscle]);
  const description = t('strength.muscleChart.description', {
    sets: sets.map(([, count], index) => `${labels[index] ?? ''} ${count}`).join(', '),
  });
  return (
    <div className="chart-box" style={{ height: `${Math.max(120, 32 * sets.length + 60)}px` }}>
      <BarChart
        label={description}
        data={{
          labels,
          datasets: [
            {
              label: t('strength.muscleChart.legend'),
              data: sets.map(([, count]) => count),
              backgroundColor: palette.primary,
            },
          ],
        }}
        options={{
          locale: currentLanguage(),
          indexAxis: 'y',
          maintainAspectRatio: false,
          plugins: { legend: { display: false } },
          scales: {
            x: {
              beginAtZero: true,
              ticks: { precision: 0 },
              title: { display: true, text: t('strength.muscleChart.axis') },
            },
          },
        }}
      />
    </div>
  );
}
