import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { ComponentProps } from 'react';
import type { ChartData, ChartOptions } from 'chart.js';
import { Bar, Chart as ReactChart, Doughnut, Line } from 'react-chartjs-2';

/**
 * chart.js, registered once with only the pieces our charts use (tree-shaken, not chart.js/auto).
 * Import charts from here, in the modules that draw them, so chart.js stays out of other chunks.
 */
Chart.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

// People who ask for less motion get charts that appear at once instead of growing into place.
if (typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
  Chart.defaults.animation = false;
}

export const DEFAULT_CHART_SIZE = { width: 400, height: 400 } as const;

interface Described {
  /** What the chart shows, for people who cannot see it. */
  label: string;
}

export function LineChart({ label, ...props }: ComponentProps<typeof Line> & Described) {
  return <Line role="img" aria-label={label} {...DEFAULT_CHART_SIZE} {...props} />;
}

export function BarChart({ label, ...props }: ComponentProps<typeof Bar> & Described) {
  return <Bar role="img" aria-label={label} {...DEFAULT_CHART_SIZE} {...props} />;
}

export function DoughnutChart({ label, ...props }: ComponentProps<typeof Doughnut> & Described) {
  return <Doughnut role="img" aria-label={label} {...DEFAULT_CHART_SIZE} {...props} />;
}

export interface BarLineChartProps extends Described {
  data: ChartData<'bar' | 'line', number[], string>;
  options?: ChartOptions<'bar' | 'line'>;
}

/** Bars with a line over them (e.g. a goal), in one chart. */
export function BarLineChart({ label, data, options }: BarLineChartProps) {
  return (
    <ReactChart
      type="bar"
      role="img"
      aria-label={label}
      {...DEFAULT_CHART_SIZE}
      data={data}
      options={options}
    />
  );
}

/** A dashed level line across every bar, e.g. a daily or weekly goal. */
export function goalLine(label: string, bars: number, value: number) {
  return {
    type: 'line' as const,
    label,
    data: Array.from({ length: bars }, () => value),
    borderColor: '#b45309',
    borderDash: [6, 4],
    pointRadius: 0,
  };
}

export { Chart };
