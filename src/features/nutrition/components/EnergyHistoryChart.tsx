import { format } from 'date-fns';
import type { DayEnergy } from '@/domain/nutrition';
import { BarLineChart, goalLine, useChartPalette } from '@/lib/charts';
import { dayToDate } from '@/lib/days';

export interface EnergyHistoryChartProps {
  history: readonly DayEnergy[];
  calorieGoal: number | null;
}

/** Energy eaten per day with the calorie goal as a line; chart.js, loaded on demand. */
export default function EnergyHistoryChart({ history, calorieGoal }: EnergyHistoryChartProps) {
  const palette = useChartPalette();
  const labels = history.map((day) => format(dayToDate(day.date), history.length > 7 ? 'd MMM' : 'EEE d'));
  const kcal = history.map((day) => Math.round(day.caloriesKcal));
  const description =
    `Calories eaten per day, last ${history.length} days` +
    (calorieGoal === null ? '' : `, goal ${calorieGoal} kcal`) +
    `: ${labels.map((label, index) => `${label} ${kcal[index] ?? 0}`).join(', ')}.`;
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
              label: 'Calories eaten',
              data: kcal,
              backgroundColor: kcal.map((value) => (over(value) ? palette.over : palette.primary)),
            },
            ...(calorieGoal === null ? [] : [goalLine('Daily goal', history.length, calorieGoal, palette)]),
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
