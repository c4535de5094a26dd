import type { Ranking } from '@/domain/friends';
import { useT } from '@/i18n';
import { BarChart, useChartPalette } from '@/lib/charts';
import { METRIC_NAMES, METRIC_UNITS, PERIOD_IN_SENTENCE, formatValue } from '../format';

/** The ranking's values as horizontal bars, the person's own in the brand colour; loaded on demand. */
export default function RankingChart({ ranking }: { ranking: Ranking }) {
  const t = useT();
  const palette = useChartPalette();
  const { metric, period, rows } = ranking;
  const label = t(METRIC_NAMES[metric]);
  const unit = t(METRIC_UNITS[metric]);
  const names = rows.map((row) =>
    row.me ? t('friends.chart.you', { name: row.displayName }) : row.displayName,
  );
  const description = t('friends.chart.description', {
    metric: label,
    period: t(PERIOD_IN_SENTENCE[period]),
    values: rows
      .map((row, index) =>
        t('friends.chart.value', { name: names[index] ?? '', value: formatValue(metric, row.value) }),
      )
      .join(', '),
  });
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
