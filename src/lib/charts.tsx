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
import { shownTheme, useShownTheme, watchShownTheme, type ShownTheme } from './theme';

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

/** The colours of every chart, per theme: the app's teal, a quiet grey, amber goals, red excess. */
export interface ChartPalette {
  primary: string;
  quiet: string;
  goal: string;
  over: string;
  accent: string;
  points: string;
  soft: string;
  text: string;
  grid: string;
}

export const CHART_PALETTES: Readonly<Record<ShownTheme, ChartPalette>> = {
  light: {
    primary: '#0f766e',
    quiet: '#94a3b8',
    goal: '#b45309',
    over: '#b91c1c',
    accent: '#7c3aed',
    points: '#64748b',
    soft: '#cbd5e1',
    text: '#4b5563',
    grid: 'rgb(0 0 0 / 10%)',
  },
  dark: {
    primary: '#2dd4bf',
    quiet: '#64748b',
    goal: '#fbbf24',
    over: '#f87171',
    accent: '#a78bfa',
    points: '#94a3b8',
    soft: '#475569',
    text: '#d1d5db',
    grid: 'rgb(255 255 255 / 15%)',
  },
};

/**
 * Axis text and grid lines come from chart.js's defaults, which follow the theme shown; the chart
 * wrappers below draw a new chart when the theme changes, so it takes them.
 */
function followTheme(): void {
  const palette = CHART_PALETTES[shownTheme()];
  Chart.defaults.color = palette.text;
  Chart.defaults.borderColor = palette.grid;
}
if (typeof document !== 'undefined') {
  followTheme();
  watchShownTheme(followTheme);
}

/** The palette of the theme shown, for the colours of a chart's data. */
export function useChartPalette(): ChartPalette {
  return CHART_PALETTES[useShownTheme()];
}

interface Described {
  /** What the chart shows, for people who cannot see it. */
  label: string;
}

export function LineChart({ label, ...props }: ComponentProps<typeof Line> & Described) {
  const theme = useShownTheme();
  return <Line key={theme} role="img" aria-label={label} {...DEFAULT_CHART_SIZE} {...props} />;
}

export function BarChart({ label, ...props }: ComponentProps<typeof Bar> & Described) {
  const theme = useShownTheme();
  return <Bar key={theme} role="img" aria-label={label} {...DEFAULT_CHART_SIZE} {...props} />;
}

export function DoughnutChart({ label, ...props }: ComponentProps<typeof Doughnut> & Described) {
  const theme = useShownTheme();
  return <Doughnut key={theme} role="img" aria-label={label} {...DEFAULT_CHART_SIZE} {...props} />;
}

export interface BarLineChartProps extends Described {
  data: ChartData<'bar' | 'line', number[], string>;
  options?: ChartOptions<'bar' | 'line'>;
}

/** Bars with a line over them (e.g. a goal), in one chart. */
export function BarLineChart({ label, data, options }: BarLineChartProps) {
  const theme = useShownTheme();
  return (
    <ReactChart
      key={theme}
      type="bar"
      role="img"
      aria-label={label}
      {...DEFAULT_CHART_SIZE}
      data={data}
      options={options}
    />
  );
}

/** A dashed level line across every bar, e.g. a daily or weekly goal, in the palette's goal colour. */
export function goalLine(label: string, bars: number, value: number, palette: ChartPalette) {
  return {
    type: 'line' as const,
    label,
    data: Array.from({ length: bars }, () => value),
    borderColor: palette.goal,
    borderDash: [6, 4],
    pointRadius: 0,
  };
}

export { Chart };
