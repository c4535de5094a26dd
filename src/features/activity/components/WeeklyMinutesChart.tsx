import type { WeekTotals } from '@/domain/activityStats';
import { useT } from '@/i18n';
import { formatDate } from '@/i18n/dates';
import { BarLineChart, goalLine, useChartPalette } from '@/lib/charts';
import { dayToDate } from '../days';

export interface WeeklyMinutesChartProps {
  weeks: readonly WeekTotals[];
  weeklyGoalMin: number;
}

/** Active minutes per week with the goal as a line; loaded on demand with chart.js. */
export default function WeeklyMinutesChart({ weeks, weeklyGoalMin }: WeeklyMinutesChartProps) {
  const t = useT();
  const palette = useChartPalette();
  const labels = weeks.map((week) => formatDate(dayToDate(week.start), 'd MMM'));
  const description = t('activity.weeklyChart.description', {
    count: weeks.length,
    goal: weeklyGoalMin,
    weeks: weeks.map((week, index) => `${labels[index]} ${week.minutes}`).join(', '),
  });
  return (
    <div className="chart-box">
      <BarLineChart
        label={description}
        data={{
          labels,
          datasets: [
            {
              type: 'bar' as const,
              label: t('activity.weeklyChart.activeMinutes'),
              data: weeks.map((week) => week.minutes),
              backgroundColor: weeks.map((week) => (week.metGoal ? palette.primary : palette.quiet)),
            },
            goalLine(t('activity.weeklyChart.weeklyGoal'), weeks.length, weeklyGoalMin, palette),
          ],
        }}
        options={{
          maintainAspectRatio: false,
          plugins: { legend: { position: 'bottom' } },
          scales: {
            y: { beginAtZero: true, title: { display: true, text: t('activity.weeklyChart.minutes') } },
          },
        }}
      />
    </div>
  );
}
