/** Friends and the ranking: the answers of the friends cloud functions (DESIGN.md §4). */
import { t, type MessageId } from '../i18n/messages';

export const RANKING_METRICS = [
  'activeMinutes',
  'caloriesBurned',
  'activeDays',
  'loggingStreak',
  'weightProgressPct',
] as const;
export type RankingMetric = (typeof RANKING_METRICS)[number];

export const RANKING_PERIODS = ['week', 'month'] as const;
export type RankingPeriod = (typeof RANKING_PERIODS)[number];

export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 50;
export const SEARCH_MAX_RESULTS = 20;
/** Friend requests one person may send per hour. */
export const FRIEND_REQUESTS_PER_HOUR = 20;

/** What anyone may see of another person: never an email, never a weight. */
export interface PublicProfile {
  userId: string;
  username: string;
  displayName: string;
  avatarUrl: string | null;
}

export type Relation = 'none' | 'friend' | 'incoming' | 'outgoing' | 'blocked';

/** searchUsers({ query }) → up to 20 of these. */
export interface SearchResult extends PublicProfile {
  relation: Relation;
}

/** listFriendships() → the caller's relationships, each list sorted by name. */
export interface Friendships {
  friends: (PublicProfile & { friendshipId: string; since: string })[];
  incoming: (PublicProfile & { friendshipId: string; sentAt: string })[];
  outgoing: (PublicProfile & { friendshipId: string; sentAt: string })[];
  blocked: (PublicProfile & { friendshipId: string })[];
}

export interface RankingRow extends PublicProfile {
  me: boolean;
  /** Minutes, kcal, days or percent, by metric; percent of the way to the goal for weight. */
  value: number;
  /** 1 = first; people with the same value share a rank. */
  rank: number;
  /** Rank in the previous period, null when the person was not ranked then. */
  previousRank: number | null;
}

/** friendsRanking({ metric, period }) */
export interface Ranking {
  metric: RankingMetric;
  period: RankingPeriod;
  rows: RankingRow[];
  /** Friends left out because they do not share this metric (not shown as zero). */
  notSharing: PublicProfile[];
}

export interface RankingMetricInfo {
  /** The metric's name in the language shown, translated when read. */
  readonly label: string;
  labelId: MessageId;
  /** What the values count: a unit symbol, or "days" (a word for the shown text to say). */
  unit: string;
}

function metricInfo(labelId: MessageId, unit: string): RankingMetricInfo {
  return {
    get label() {
      return t(labelId);
    },
    labelId,
    unit,
  };
}

export const METRIC_LABELS: Readonly<Record<RankingMetric, RankingMetricInfo>> = {
  activeMinutes: metricInfo('domain.rankingMetric.activeMinutes', 'min'),
  caloriesBurned: metricInfo('domain.rankingMetric.caloriesBurned', 'kcal'),
  activeDays: metricInfo('domain.rankingMetric.activeDays', 'days'),
  loggingStreak: metricInfo('domain.rankingMetric.loggingStreak', 'days'),
  weightProgressPct: metricInfo('domain.rankingMetric.weightProgressPct', '%'),
};

/** Ranks by value, highest first; equal values share a rank (1, 2, 2, 4). */
export function rankByValue<T extends { value: number }>(rows: readonly T[]): (T & { rank: number })[] {
  const sorted = [...rows].sort((a, b) => b.value - a.value);
  return sorted.map((row) => ({ ...row, rank: 1 + sorted.findIndex((other) => other.value === row.value) }));
}
