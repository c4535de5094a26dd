import { METRIC_LABELS, type RankingMetric, type RankingPeriod, type RankingRow } from '@/domain/friends';

export const PERIOD_LABELS: Readonly<Record<RankingPeriod, string>> = {
  week: 'This week',
  month: 'This month',
};

const NO_BREAK = '\u00a0';
const NUMBER = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

/** 2340 → "2 340": groups of three split by a space that does not break. */
export function formatNumber(value: number): string {
  return NUMBER.format(value).replace(/,/g, NO_BREAK);
}

/** A ranking value with its unit: "135 min", "2 340 kcal", "1 day", "4 days", "42.5 %". */
export function formatValue(metric: RankingMetric, value: number): string {
  const { unit } = METRIC_LABELS[metric];
  const shownUnit = unit === 'days' && value === 1 ? 'day' : unit;
  return `${formatNumber(value)}${NO_BREAK}${shownUnit}`;
}

export interface Movement {
  kind: 'up' | 'down' | 'same' | 'new';
  /** What is seen: ↑2, ↓1, – or new. */
  symbol: string;
  /** What is read out instead of the symbol. */
  words: string;
}

const places = (count: number) => `${count} ${count === 1 ? 'place' : 'places'}`;

/** How a person's rank changed since the previous period (a smaller rank is better). */
export function movement({ rank, previousRank }: Pick<RankingRow, 'rank' | 'previousRank'>): Movement {
  if (previousRank === null) return { kind: 'new', symbol: 'new', words: 'new in the ranking' };
  const change = previousRank - rank;
  if (change > 0) return { kind: 'up', symbol: `↑${change}`, words: `up ${places(change)}` };
  if (change < 0) return { kind: 'down', symbol: `↓${-change}`, words: `down ${places(-change)}` };
  return { kind: 'same', symbol: '–', words: 'no change' };
}
