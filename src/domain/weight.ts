import { t, type MessageId } from '../i18n/messages';
import type { SyncState } from './sync';
import { addDays, daysBetween, localDay } from './calendarDays';
import type { WeightUnit } from './units';

/** What the trend needs of a weigh-in. */
export interface WeighIn {
  measuredAt: Date;
  weightKg: number;
}

export interface DailyWeight {
  /** `YYYY-MM-DD` in the person's zone. */
  date: string;
  /** Mean of the day's weigh-ins. */
  weightKg: number;
}

export interface TrendPoint {
  date: string;
  trendKg: number;
}

/** The most weigh-ins one `importWeightEntries` call takes. */
export const MAX_IMPORT_WEIGH_INS = 3000;

/** What `importWeightEntries` answers: with `dryRun`, `imported` is 0 and nothing is saved. */
export interface WeighInImportResult {
  imported: number;
  wouldImport: number;
  /** 1-based positions in the rows sent that repeat a saved weigh-in or an earlier row. */
  duplicates: number[];
}

/** Smoothing per day: trend += α·(weight − trend) with α = 0.1 for one day. */
export const DAILY_ALPHA = 0.1;
export const KCAL_PER_KG = 7700;
/** Losing or gaining faster than this share of body weight per week earns a gentle warning. */
export const FAST_RATE_SHARE = 0.01;

/** One value per day, the mean of that day's weigh-ins, in date order. */
export function dailyMeans(entries: readonly WeighIn[], timeZone: string): DailyWeight[] {
  const days = new Map<string, { sum: number; count: number }>();
  for (const entry of entries) {
    const day = localDay(entry.measuredAt, timeZone);
    const totals = days.get(day) ?? { sum: 0, count: 0 };
    totals.sum += entry.weightKg;
    totals.count += 1;
    days.set(day, totals);
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, { sum, count }]) => ({ date, weightKg: sum / count }));
}

/**
 * Exponentially smoothed trend, time-weighted for gaps: after `d` days without a weigh-in the
 * next one moves the trend by α = 1 − 0.9^d, as if each missing day had repeated the trend.
 */
export function trendOf(daily: readonly DailyWeight[]): TrendPoint[] {
  const points: TrendPoint[] = [];
  let previous: TrendPoint | undefined;
  for (const day of daily) {
    let trendKg = day.weightKg;
    if (previous) {
      const gap = Math.max(1, daysBetween(previous.date, day.date));
      const alpha = 1 - (1 - DAILY_ALPHA) ** gap;
      trendKg = previous.trendKg + alpha * (day.weightKg - previous.trendKg);
    }
    previous = { date: day.date, trendKg };
    points.push(previous);
  }
  return points;
}

/**
 * Weekly rate in kg per week: the least-squares slope of the trend over the last `windowDays`
 * days up to `today`. Null without two points at least seven days apart.
 */
export function weeklyRateKg(trend: readonly TrendPoint[], today: string, windowDays = 28): number | null {
  const from = addDays(today, -windowDays);
  const points = trend
    .filter((point) => point.date >= from && point.date <= today)
    .map((point) => ({ x: daysBetween(from, point.date), y: point.trendKg }));
  if (points.length < 2) return null;
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last || last.x - first.x < 7) return null;
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / points.length;
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / points.length;
  let covariance = 0;
  let variance = 0;
  for (const point of points) {
    covariance += (point.x - meanX) * (point.y - meanY);
    variance += (point.x - meanX) ** 2;
  }
  return variance === 0 ? null : (covariance / variance) * 7;
}

/** The trend's value on `date` or the last day before it; undefined before the first weigh-in. */
export function trendOn(trend: readonly TrendPoint[], date: string): number | undefined {
  let value: number | undefined;
  for (const point of trend) {
    if (point.date > date) break;
    value = point.trendKg;
  }
  return value;
}

/** Daily energy balance a weekly rate implies: kg per week × 7 700 kcal/kg ÷ 7 days. */
export function dailyEnergyBalanceKcal(rateKgPerWeek: number): number {
  return Math.round((rateKgPerWeek * KCAL_PER_KG) / 7);
}

export type GoalForecast =
  { kind: 'reached' } | { kind: 'date'; date: string; weeks: number } | { kind: 'away' } | { kind: 'flat' };

/** When the trend reaches the goal at the current rate, or why it will not. */
export function forecastGoal(
  trendKg: number,
  goalKg: number,
  rateKgPerWeek: number | null,
  today: string,
): GoalForecast {
  const remaining = goalKg - trendKg;
  if (Math.abs(remaining) < 0.1) return { kind: 'reached' };
  if (rateKgPerWeek === null || Math.abs(rateKgPerWeek) < 0.01) return { kind: 'flat' };
  if (Math.sign(remaining) !== Math.sign(rateKgPerWeek)) return { kind: 'away' };
  const days = Math.ceil((remaining / rateKgPerWeek) * 7);
  return { kind: 'date', date: addDays(today, days), weeks: Math.round((days / 7) * 10) / 10 };
}

export function bmi(weightKg: number, heightCm: number): number {
  const metres = heightCm / 100;
  return weightKg / (metres * metres);
}

/** The WHO classes of a BMI, each up to `below`, with the message that names it. */
export const BMI_CLASSES: readonly { below: number; label: MessageId }[] = [
  { below: 18.5, label: 'domain.bmi.underweight' },
  { below: 25, label: 'domain.bmi.normal' },
  { below: 30, label: 'domain.bmi.overweight' },
  { below: 35, label: 'domain.bmi.obesity1' },
  { below: 40, label: 'domain.bmi.obesity2' },
  { below: Infinity, label: 'domain.bmi.obesity3' },
];

/** The WHO class of a BMI, in the language shown. */
export function bmiClass(value: number): string {
  return t(BMI_CLASSES.find((entry) => value < entry.below)?.label ?? 'domain.bmi.obesity3');
}

/** True when the rate exceeds 1 % of body weight per week, in either direction. */
export function isFastRate(rateKgPerWeek: number, weightKg: number): boolean {
  return Math.abs(rateKgPerWeek) > FAST_RATE_SHARE * weightKg;
}

export const WEIGHT_RANGES = ['1m', '3m', '1y', 'all'] as const;
export type WeightRange = (typeof WEIGHT_RANGES)[number];

/** One weigh-in as the weightSummary cloud function answers it. */
export interface WeightEntryRow {
  id: string;
  measuredAt: string;
  weightKg: number;
  bodyFatPct: number | null;
  note: string;
  /** Set only for an entry changed on this device and not yet saved on the server. */
  sync?: SyncState;
}

/** The answer of the weightSummary cloud function. */
export interface WeightSummary {
  range: WeightRange;
  today: string;
  timeZone: string;
  weightUnit: WeightUnit;
  goalWeightKg: number | null;
  heightCm: number | null;
  /** Each day of the range with a weigh-in: the day's mean and the trend on that day. */
  points: { date: string; weightKg: number; trendKg: number }[];
  trendKg: number | null;
  change7Kg: number | null;
  change30Kg: number | null;
  weeklyRateKg: number | null;
  dailyBalanceKcal: number | null;
  forecast: GoalForecast | null;
  bmi: { value: number; label: string } | null;
  fastRate: boolean;
  entries: WeightEntryRow[];
  page: number;
  pageCount: number;
}
