import type { DayEnergy } from '@/domain/nutrition';
import { useT } from '@/i18n';
import { formatDate } from '@/i18n/dates';
import { BarLineChart, goalLine, useChartPalette } from '@/lib/charts';
import { dayToDate } from '@/lib/days';

export interface EnergyHistoryChartProps {
  history: readonly DayEnergy[];
  calorieGoal: number | null;
}

/** Energy eaten per day with the calorie goal as a line; chart.js, loaded on demand. */
export default function EnergyHistoryChart({ history, calorieGoal }: EnergyHistoryChartProps) {
  const t = useT();
  const palette = useChartPalette();
  const pattern = history.length > 7 ? t('nutrition.dates.chartShort') : t('nutrition.dates.chartWeekday');
  const labels = history.map((day) => formatDate(dayToDate(day.date), pattern));
  const kcal = history.map((day) => Math.round(day.caloriesKcal));
  const values = labels.map((label, index) => `${label} ${kcal[index] ?? 0}`).join(', ');
  const description =
    calorieGoal === null
      ? t('nutrition.chart.energyDescription', { days: history.length, values })
      : t('nutrition.chart.energyDescriptionGoal', { days: history.length, goal: calorieGoal, values });
  const over = (value: number) => calorieGoal !== null && value > calorieGoal;
  return (
    <div className="chart-box energy-chart">
      <BarLineChart
        label={description}
        data={{
          labels,
          datasets: [
            {
              type: 'bar' as const,
              label: t('nutrition.chart.eaten'),
              data: kcal,
              backgroundColor: kcal.map((value) => (over(value) ? palette.over : palette.primary)),
            },
            ...(calorieGoal === null
              ? []
              : [goalLine(t('nutrition.chart.goal'), history.length, calorieGoal, palette)]),
          ],
        }}
        options={{
          maintainAspectRatio: false,
          plugins: { legend: { position: 'bottom' } },
          scales: { y: { beginAtZero: true, title: { display: true, text: 'kcal' } } },
        }}
      />
    </div>
  );
}
