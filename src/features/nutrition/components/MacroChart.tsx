import type { Nutrients } from '@/domain/nutrition';
import { macroShares } from '@/domain/nutrition';
import { DoughnutChart, useChartPalette } from '@/lib/charts';

/** Protein, carbs and fat as shares of the energy they carry; chart.js, loaded on demand. */
export default function MacroChart({ totals }: { totals: Nutrients }) {
  const palette = useChartPalette();
  const shares = macroShares(totals);
  if (!shares) return null;
  return (
    <div className="chart-box macro-chart">
      <DoughnutChart
        label={`Share of energy: protein ${shares.protein}%, carbs ${shares.carbs}%, fat ${shares.fat}%.`}
        data={{
          labels: ['Protein', 'Carbs', 'Fat'],
          datasets: [
            {
              data: [shares.protein, shares.carbs, shares.fat],
              backgroundColor: [palette.primary, palette.goal, palette.accent],
            },
          ],
        }}
        options={{
          maintainAspectRatio: false,
          plugins: {
            legend: { position: 'bottom' },
            tooltip: { callbacks: { label: (item) => `${item.label}: ${String(item.raw)}% of energy` } },
          },
        }}
      />
    </div>
  );
}
