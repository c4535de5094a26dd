import type { Nutrients } from '@/domain/nutrition';
import { macroShares } from '@/domain/nutrition';
import { DoughnutChart } from '@/lib/charts';

export const MACRO_COLOURS = { protein: '#0f766e', carbs: '#b45309', fat: '#7c3aed' } as const;

/** Protein, carbs and fat as shares of the energy they carry; chart.js, loaded on demand. */
export default function MacroChart({ totals }: { totals: Nutrients }) {
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
              backgroundColor: [MACRO_COLOURS.protein, MACRO_COLOURS.carbs, MACRO_COLOURS.fat],
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
