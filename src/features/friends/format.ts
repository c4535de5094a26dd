import type { RankingMetric, RankingPeriod, RankingRow } from '@/domain/friends';
import { currentLanguage, t, type MessageId } from '@/i18n';

export const PERIOD_LABELS: Readonly<Record<RankingPeriod, MessageId>> = {
  week: 'friends.period.week',
  month: 'friends.period.month',
};

/** The period inside a sentence: "Ranking by calories burned, this week". */
export const PERIOD_IN_SENTENCE: Readonly<Record<RankingPeriod, MessageId>> = {
  week: 'friends.period.weekInSentence',
  month: 'friends.period.monthInSentence',
};

/** What a ranking is by, as a label (a menu option, a chart's legend). */
export const METRIC_NAMES: Readonly<Record<RankingMetric, MessageId>> = {
  activeMinutes: 'friends.metric.activeMinutes',
  caloriesBurned: 'friends.metric.caloriesBurned',
  activeDays: 'friends.metric.activeDays',
  loggingStreak: 'friends.metric.loggingStreak',
  weightProgressPct: 'friends.metric.weightProgressPct',
};

/** What a ranking is by, inside a sentence. */
export const METRIC_IN_SENTENCE: Readonly<Record<RankingMetric, MessageId>> = {
  activeMinutes: 'friends.metricInSentence.activeMinutes',
  caloriesBurned: 'friends.metricInSentence.caloriesBurned',
  activeDays: 'friends.metricInSentence.activeDays',
  loggingStreak: 'friends.metricInSentence.loggingStreak',
  weightProgressPct: 'friends.metricInSentence.weightProgressPct',
};

/** The unit of a metric's axis: "min", "kcal", "days", "%". */
export const METRIC_UNITS: Readonly<Record<RankingMetric, MessageId>> = {
  activeMinutes: 'friends.unit.activeMinutes',
  caloriesBurned: 'friends.unit.caloriesBurned',
  activeDays: 'friends.unit.days',
  loggingStreak: 'friends.unit.days',
  weightProgressPct: 'friends.unit.percent',
};

/** A value with its unit, "{value} kcal"; `count` picks "day" or "days". */
const VALUE_MESSAGES: Readonly<Record<RankingMetric, MessageId>> = {
  activeMinutes: 'friends.value.activeMinutes',
  caloriesBurned: 'friends.value.caloriesBurned',
  activeDays: 'friends.value.days',
  loggingStreak: 'friends.value.days',
  weightProgressPct: 'friends.value.percent',
};

const NO_BREAK = '\u00a0';

/** 2340 → "2 340": groups of three split by a space that does not break; the decimal mark is the language's. */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 1 })
    .formatToParts(value)
    .map((part) => (part.type === 'group' ? NO_BREAK : part.value))
    .join('');
}

/** A ranking value with its unit: "135 min", "2 340 kcal", "1 day", "4 days", "42.5 %". */
export function formatValue(metric: RankingMetric, value: number): string {
  return t(VALUE_MESSAGES[metric], { count: value, value: formatNumber(value) });
}

export interface Movement {
  kind: 'up' | 'down' | 'same' | 'new';
  /** What is seen: ↑2, ↓1, – or new. */
  symbol: string;
  /** What is read out instead of the symbol. */
  words: string;
}

/** How a person's rank changed since the previous period (a smaller rank is better). */
export function movement({ rank, previousRank }: Pick<RankingRow, 'rank' | 'previousRank'>): Movement {
  if (previousRank === null) {
    return { kind: 'new', symbol: t('friends.movement.newSymbol'), words: t('friends.movement.new') };
  }
  const change = previousRank - rank;
  if (change > 0)
    return { kind: 'up', symbol: `↑${change}`, words: t('friends.movement.up', { count: change }) };
  if (change < 0) {
    return { kind: 'down', symbol: `↓${-change}`, words: t('friends.movement.down', { count: -change }) };
  }
  return { kind: 'same', symbol: '–', words: t('friends.movement.same') };
}
