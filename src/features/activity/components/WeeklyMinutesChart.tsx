import { format } from 'date-fns';
import type { WeekTotals } from '@/domain/activityStats';
import { BarLineChart, goalLine, useChartPalette } from '@/lib/charts';
import { dayToDate } from '../days';

export interface WeeklyMinutesChartProps {
  weeks: readonly WeekTotals[];
  weeklyGoalMin: number;
}

/** Active minutes per week with the goal as a line; loaded on demand with chart.js. */
export default function WeeklyMinutesChart({ weeks, weeklyGoalMin }: WeeklyMinutesChartProps) {
  const palette = useChartPalette();
  const labels = weeks.map((week) => format(dayToDate(week.start), 'd MMM'));
  const description =
    `Active minutes per week, last ${weeks.length} weeks, goal ${weeklyGoalMin}: ` +
    weeks.map((week, index) => `${labels[index]} ${week.minutes}`).join(', ');
  return (
    <div className="chart-box">
      <BarLineChart
        label={description}
        data={{
          labels,
          datasets: [
            {
              type: 'bar' as const,
              label: 'Active minutes',
              data: weeks.map((week) => week.minutes),
              backgroundColor: weeks.map((week) => (week.metGoal ? palette.primary : palette.quiet)),
            },
            goalLine('Weekly goal', weeks.length, weeklyGoalMin, palette),
          ],
        }}
        options={{
          maintainAspectRatio: false,
          plugins: { legend: { position: 'bottom' } },
          scales: { y: { beginAtZero: true, title: { display: true, text: 'minutes' } } },
        }}
      />
    </div>
  );
}
