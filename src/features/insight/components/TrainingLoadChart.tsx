import type { LoadDay } from '@/domain/trainingLoad';
import { currentLanguage, useT } from '@/i18n';
import { formatDate } from '@/i18n/dates';
import { LineChart, useChartPalette } from '@/lib/charts';
import { formNumber, loadNumber } from '../format';

export interface TrainingLoadChartProps {
  days: readonly LoadDay[];
}

/** A `YYYY-MM-DD` day as a date at noon, so no time zone moves it to another day. */
const dayDate = (day: string) => new Date(`${day}T12:00:00`);

/** Fitness, fatigue and form day by day; loaded on demand with chart.js. */
export default function TrainingLoadChart({ days }: TrainingLoadChartProps) {
  const t = useT();
  const palette = useChartPalette();
  const first = days[0];
  const last = days.at(-1);
  const labels = days.map((day) => formatDate(dayDate(day.date), 'd MMM yyyy'));
  const description =
    first && last
      ? t('insight.load.chartDescription', {
          from: formatDate(dayDate(first.date), 'd MMMM yyyy'),
          to: formatDate(dayDate(last.date), 'd MMMM yyyy'),
          fitnessFrom: loadNumber(first.fitness),
          fitnessTo: loadNumber(last.fitness),
          fatigueFrom: loadNumber(first.fatigue),
          fatigueTo: loadNumber(last.fatigue),
          formFrom: formNumber(first.form),
          formTo: formNumber(last.form),
        })
      : '';
  const line = (label: string, data: number[], colour: string, dash?: number[]) => ({
    label,
    data,
    borderColor: colour,
    backgroundColor: colour,
    borderWidth: 2,
    pointRadius: 0,
    ...(dash ? { borderDash: dash } : {}),
  });
  return (
    <div className="chart-box training-load-chart">
      <LineChart
        label={description}
        data={{
          labels,
          datasets: [
            line(
              t('insight.load.fitness'),
              days.map((day) => day.fitness),
              palette.primary,
            ),
            line(
              t('insight.load.fatigue'),
              days.map((day) => day.fatigue),
              palette.goal,
              [6, 4],
            ),
            line(
              t('insight.load.form'),
              days.map((day) => day.form),
              palette.accent,
              [2, 3],
            ),
          ],
        }}
        options={{
          locale: currentLanguage(),
          maintainAspectRatio: false,
          interaction: { mode: 'index', intersect: false },
          plugins: { legend: { position: 'bottom' } },
          scales: {
            x: { ticks: { maxTicksLimit: 7, autoSkip: true } },
            y: { title: { display: true, text: t('insight.load.axis') } },
          },
        }}
      />
    </div>
  );
}
