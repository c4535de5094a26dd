import type { Nutrients } from '@/domain/nutrition';
import { macroShares } from '@/domain/nutrition';
import { useT } from '@/i18n';
import { DoughnutChart, useChartPalette } from '@/lib/charts';

/** Protein, carbs and fat as shares of the energy they carry; chart.js, loaded on demand. */
export default function MacroChart({ totals }: { totals: Nutrients }) {
  const t = useT();
  const palette = useChartPalette();
  const shares = macroShares(totals);
  if (!shares) return null;
  return (
    <div className="chart-box macro-chart">
      <DoughnutChart
        label={t('nutrition.chart.macroShares', {
          protein: shares.protein,
          carbs: shares.carbs,
          fat: shares.fat,
        })}
        data={{
          labels: [t('nutrition.macros.protein'), t('nutrition.macros.carbs'), t('nutrition.macros.fat')],
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
            tooltip: {
              callbacks: {
                label: (item) =>
                  t('nutrition.chart.shareTooltip', { label: item.label, share: String(item.raw) }),
              },
            },
          },
        }}
      />
    </div>
  );
}
