import { METRIC_LABELS, type Ranking } from '@/domain/friends';
import { BarChart, useChartPalette } from '@/lib/charts';
import { PERIOD_LABELS, formatValue } from '../format';

/** The ranking's values as horizontal bars, the person's own in the brand colour; loaded on demand. */
export default function RankingChart({ ranking }: { ranking: Ranking }) {
  const palette = useChartPalette();
  const { metric, period, rows } = ranking;
  const { label, unit } = METRIC_LABELS[metric];
  const names = rows.map((row) => (row.me ? `${row.displayName} (you)` : row.displayName));
  const description =
    `${label}, ${PERIOD_LABELS[period].toLowerCase()}: ` +
    rows.map((row, index) => `${names[index]} ${formatValue(metric, row.value)}`).join(', ');
  return (
    <div className="chart-box ranking-chart" style={{ height: `${Math.max(160, rows.length * 36 + 64)}px` }}>
      <BarChart
        label={description}
        data={{
          labels: names,
          datasets: [
            {
              label,
              data: rows.map((row) => row.value),
              backgroundColor: rows.map((row) => (row.me ? palette.primary : palette.quiet)),
              maxBarThickness: 28,
            },
          ],
        }}
        options={{
          indexAxis: 'y',
          maintainAspectRatio: false,
          plugins: {
            legend: { display: false },
            tooltip: {
              callbacks: { label: (item) => formatValue(metric, item.parsed.x ?? 0) },
            },
          },
          scales: {
            x: { beginAtZero: true, title: { display: true, text: unit } },
            y: { ticks: { autoSkip: false } },
          },
        }}
      />
    </div>
  );
}
