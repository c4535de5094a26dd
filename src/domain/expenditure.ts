/**
 * A person's real energy expenditure, measured from what they log: over the last four weeks, the
 * mean intake of the days with a food log, corrected by what the trend weight says was stored or
 * drawn (7 700 kcal per kg). Days without a log are left out, never counted as zero.
 */
import { t, type MessageId } from '../i18n/messages';
import { addDays, daysBetween } from './calendarDays';
import { formatDecimal, translatedTable } from './labels';
import type { DayEnergy } from './nutrition';
import { KCAL_PER_KG, trendOf, type DailyWeight, type TrendPoint } from './weight';

/** The days measured: the four weeks before today (today's log is not finished). */
export const EXPENDITURE_WINDOW_DAYS = 28;
/** At least this many days with a food log in the window. */
export const MIN_LOGGED_DAYS = 14;
/** Weigh-ins in the window at least this many days apart, first to last. */
export const MIN_WEIGH_IN_SPAN_DAYS = 14;

export type Confidence = 'low' | 'medium' | 'high';

/** The message of each confidence. */
export const CONFIDENCE_SENTENCE_IDS: Readonly<Record<Confidence, MessageId>> = {
  high: 'energy.confidence.high',
  medium: 'energy.confidence.medium',
  low: 'energy.confidence.low',
};

/** Each confidence as a person reads it, with what raises it (in the language shown when read). */
export const CONFIDENCE_SENTENCES = translatedTable(CONFIDENCE_SENTENCE_IDS);

export interface EnergyExpenditure {
  /** The measured expenditure, rounded to 10 kcal; null until the log is enough to measure it. */
  kcalPerDay: number | null;
  /** Resting energy (Mifflin–St Jeor) × activity level, when the body data is set. */
  formulaKcalPerDay: number | null;
  confidence: Confidence | null;
  /** Days of the window with a food log. */
  loggedDays: number;
  windowDays: number;
  /** Mean intake of the logged days, rounded. */
  meanIntakeKcal: number | null;
  /** Trend weight change over the window, kg per week (negative: losing). */
  weeklyChangeKg: number | null;
  /** The result, or what is missing, in a sentence. */
  explanation: string;
}

/** Whether the daily calorie goal follows the measured expenditure, and what it gives. */
export interface AdaptiveCalorieGoal {
  on: boolean;
  /** The goal the measurement gives now for the person's weekly rate; null while unmeasured. */
  kcal: number | null;
  /** The person's day the goal was last set from the measurement, YYYY-MM-DD. */
  setOn: string | null;
  /** The daily calorie goal saved now. */
  dailyCalorieGoal: number | null;
}

/** The answer of `energyExpenditure`: the measurement, and the calorie goal it gives. */
export interface ExpenditureWithGoal extends EnergyExpenditure {
  calorieGoal: AdaptiveCalorieGoal;
}

export interface ExpenditureInput {
  /** Energy eaten per local day; a day without any meal is 0 and counts as not logged. */
  intake: readonly DayEnergy[];
  /** The person's daily mean weights, all of them (the trend needs what came before the window). */
  daily: readonly DailyWeight[];
  /** The person's today, `YYYY-MM-DD`. */
  today: string;
  formulaKcalPerDay: number | null;
}

const round10 = (value: number) => Math.round(value / 10) * 10;

/** The longest stretch in days between two weigh-ins (or the window's ends) inside the window. */
function longestGap(days: readonly string[], from: string, to: string): number {
  let previous = from;
  let longest = 0;
  for (const day of [...days, to]) {
    longest = Math.max(longest, daysBetween(previous, day));
    previous = day;
  }
  return longest;
}

/**
 * The trend weight's change across the window, kg per week: from the trend on the eve of the window
 * (or its first weigh-in, without an earlier one) to the trend on its last day. Null without two
 * days of trend inside the span.
 */
function trendChangePerWeek(trend: readonly TrendPoint[], from: string, to: string): number | null {
  const before = trend.filter((point) => point.date < from).at(-1);
  const start = before ?? trend.find((point) => point.date >= from && point.date <= to);
  const end = trend.filter((point) => point.date <= to).at(-1);
  if (!start || !end || end.date < from) return null;
  const days = daysBetween(start.date, to);
  return days < 1 ? null : ((end.trendKg - start.trendKg) / days) * 7;
}

function confidenceOf(loggedDays: number, gapDays: number, offFormula: number | null): Confidence {
  const levels: Confidence[] = ['low', 'medium', 'high'];
  let level = loggedDays >= 24 ? 2 : loggedDays >= 18 ? 1 : 0;
  if (gapDays > 7) level -= 1;
  // Far from what the body data predicts: a log that misses snacks, or a scale that drifts.
  if (offFormula !== null && offFormula > 0.25) level -= 1;
  return levels[Math.max(0, level)] ?? 'low';
}

export function estimateExpenditure({
  intake,
  daily,
  today,
  formulaKcalPerDay,
}: ExpenditureInput): EnergyExpenditure {
  const windowDays = EXPENDITURE_WINDOW_DAYS;
  const from = addDays(today, -windowDays);
  const to = addDays(today, -1);
  const logged = intake.filter((day) => day.date >= from && day.date <= to && day.caloriesKcal > 0);
  const weighIns = daily.filter((day) => day.date >= from && day.date <= to).map((day) => day.date);
  const span = weighIns.length > 1 ? daysBetween(weighIns[0] ?? to, weighIns.at(-1) ?? to) : 0;
  const rate = trendChangePerWeek(trendOf(daily.filter((day) => day.date <= to)), from, to);
  const base = { formulaKcalPerDay, loggedDays: logged.length, windowDays };

  const fewLogs = logged.length < MIN_LOGGED_DAYS;
  const fewWeighIns = span < MIN_WEIGH_IN_SPAN_DAYS || rate === null;
  if (fewLogs || fewWeighIns) {
    const logs = { needed: MIN_LOGGED_DAYS, window: windowDays, logged: logged.length };
    const missing = !fewLogs
      ? t('energy.expenditure.missingWeighIns')
      : fewWeighIns
        ? t('energy.expenditure.missingBoth', logs)
        : t('energy.expenditure.missingLogs', logs);
    const formula =
      formulaKcalPerDay === null
        ? ''
        : ` ${t('energy.expenditure.formula', { kcal: Math.round(formulaKcalPerDay) })}`;
    return {
      ...base,
      kcalPerDay: null,
      confidence: null,
      meanIntakeKcal: null,
      weeklyChangeKg: rate,
      explanation: `${missing}${formula}`,
    };
  }

  const meanIntake = logged.reduce((sum, day) => sum + day.caloriesKcal, 0) / logged.length;
  const weeklyChangeKg = rate ?? 0;
  const storedPerDay = (weeklyChangeKg * KCAL_PER_KG) / 7;
  const kcalPerDay = round10(meanIntake - storedPerDay);
  const offFormula =
    formulaKcalPerDay === null ? null : Math.abs(kcalPerDay - formulaKcalPerDay) / formulaKcalPerDay;
  const measured = {
    logged: logged.length,
    window: windowDays,
    intake: Math.round(meanIntake),
    burn: Math.round(kcalPerDay),
    change: formatDecimal(Math.abs(weeklyChangeKg), 2),
    stored: Math.round(Math.abs(storedPerDay)),
  };
  const explanation =
    Math.abs(weeklyChangeKg) < 0.05
      ? t('energy.expenditure.steady', measured)
      : weeklyChangeKg < 0
        ? t('energy.expenditure.fell', measured)
        : t('energy.expenditure.rose', measured);
  return {
    ...base,
    kcalPerDay,
    confidence: confidenceOf(logged.length, longestGap(weighIns, from, to), offFormula),
    meanIntakeKcal: Math.round(meanIntake),
    weeklyChangeKg,
    explanation,
  };
}
