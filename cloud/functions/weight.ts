import { addDays, localDay } from '../../src/domain/calendarDays';
import { WEIGHT_UNITS, weightEntryRules } from '../../src/domain/contract';
import { checkFields } from '../../src/domain/fieldRules';
import { weightUnitFor, type WeightUnit } from '../../src/domain/units';
import {
  bmi,
  bmiClass,
  dailyEnergyBalanceKcal,
  forecastGoal,
  isFastRate,
  MAX_IMPORT_WEIGH_INS,
  trendOf,
  trendOn,
  weeklyRateKg,
  WEIGHT_RANGES,
  type WeightEntryRow,
  type WeightRange,
  type WeighInImportResult,
  type WeightSummary,
} from '../../src/domain/weight';
import { readTimeZoneParam, settingsOf, timeZoneOf, type SettingsRow } from './requestContext';
import { MASTER_PAGES, numberOr, ownerAcl, Parse, requireUser, validationError } from '../parse';
import { queryOf, rowOf, type RowOf } from '../schema/rows';
import { weightEntryClass } from '../schema/weightEntry';
import { dailyWeights } from '../store/history';
import { t } from '../../src/i18n/messages';
import { defineFunction, type CloudRequest } from './define';

const RANGE_DAYS: Readonly<Record<Exclude<WeightRange, 'all'>, number>> = { '1m': 30, '3m': 91, '1y': 365 };
export const ENTRIES_PER_PAGE = 20;

function isWeightRange(value: unknown): value is WeightRange {
  return typeof value === 'string' && (WEIGHT_RANGES as readonly string[]).includes(value);
}

function isWeightUnit(value: unknown): value is WeightUnit {
  return typeof value === 'string' && (WEIGHT_UNITS as readonly string[]).includes(value);
}

function toRow(entry: RowOf<typeof weightEntryClass>): WeightEntryRow {
  return {
    id: entry.id ?? '',
    measuredAt: entry.get('measuredAt').toISOString(),
    weightKg: entry.get('weightKg'),
    bodyFatPct: numberOr(entry.get('bodyFatPct'), null),
    note: entry.get('note') ?? '',
  };
}

/** The unit the person chose for weights, else the one their units imply. */
export function weightUnitOf(settings: SettingsRow | undefined): WeightUnit {
  const chosenUnit = settings?.get('weightUnit');
  return weightUnitFor(
    settings?.get('units') === 'imperial' ? 'imperial' : 'metric',
    isWeightUnit(chosenUnit) ? chosenUnit : undefined,
  );
}

/**
 * The weight page's data for one range: daily means and the trend (smoothed over the whole
 * history, so the first days of a range are not distorted), the rate, forecast and BMI, and one
 * page of entries. Years of rows stay on the server.
 */
async function weightSummary(request: CloudRequest<'weightSummary'>): Promise<WeightSummary> {
  const { user } = requireUser(request.user);
  const { range = '3m', page = 0, timeZone: requestedZone } = request.params;
  if (!isWeightRange(range))
    throw validationError('server.params.oneOf', { field: 'range', values: WEIGHT_RANGES.join(', ') });
  if (typeof page !== 'number' || !Number.isInteger(page) || page < 0 || page > 100_000) {
    throw validationError('server.weight.page');
  }
  const zone = readTimeZoneParam(requestedZone);
  const settings = await settingsOf(user);
  const timeZone = timeZoneOf(settings, zone);
  const weightUnit = weightUnitOf(settings);
  const goalWeightKg = numberOr(settings?.get('goalWeightKg'), null);
  const heightCm = numberOr(settings?.get('heightCm'), null);

  const [daily, entries, total] = await Promise.all([
    dailyWeights(user, timeZone),
    queryOf(weightEntryClass)
      .equalTo('user', user)
      .descending('measuredAt')
      .skip(page * ENTRIES_PER_PAGE)
      .limit(ENTRIES_PER_PAGE)
      .find({ useMasterKey: true }),
    queryOf(weightEntryClass).equalTo('user', user).count({ useMasterKey: true }),
  ]);

  const today = localDay(new Date(), timeZone);
  const trend = trendOf(daily);
  const from = range === 'all' ? '' : addDays(today, -RANGE_DAYS[range]);
  const points = daily
    .map((day, index) => ({
      date: day.date,
      weightKg: day.weightKg,
      trendKg: trend[index]?.trendKg ?? day.weightKg,
    }))
    .filter((point) => point.date >= from);

  const trendKg = trend.at(-1)?.trendKg ?? null;
  const changeSince = (days: number) => {
    const before = trendOn(trend, addDays(today, -days));
    return trendKg === null || before === undefined ? null : trendKg - before;
  };
  const rate = weeklyRateKg(trend, today);
  const bmiValue = trendKg !== null && heightCm !== null ? bmi(trendKg, heightCm) : null;

  return {
    range,
    today,
    timeZone,
    weightUnit,
    goalWeightKg,
    heightCm,
    points,
    trendKg,
    change7Kg: changeSince(7),
    change30Kg: changeSince(30),
    weeklyRateKg: rate,
    dailyBalanceKcal: rate === null ? null : dailyEnergyBalanceKcal(rate),
    forecast:
      trendKg !== null && goalWeightKg !== null ? forecastGoal(trendKg, goalWeightKg, rate, today) : null,
    bmi: bmiValue === null ? null : { value: Math.round(bmiValue * 10) / 10, label: bmiClass(bmiValue) },
    fastRate: rate !== null && trendKg !== null && isFastRate(rate, trendKg),
    entries: entries.map(toRow),
    page,
    pageCount: Math.max(1, Math.ceil(total / ENTRIES_PER_PAGE)),
  };
}

interface ImportRow {
  measuredAt: Date;
  weightKg: number;
  bodyFatPct?: number;
  note?: string;
}

function readImportRows(rows: unknown): ImportRow[] {
  if (!Array.isArray(rows) || rows.length === 0) throw validationError('server.weight.noRows');
  if (rows.length > MAX_IMPORT_WEIGH_INS)
    throw validationError('server.weight.tooManyRows', { field: 'rows', max: MAX_IMPORT_WEIGH_INS });
  const problems: string[] = [];
  const parsed = rows.map((row: unknown, index): ImportRow => {
    const fields = typeof row === 'object' && row !== null ? (row as Record<string, unknown>) : {};
    const measuredAt = typeof fields.measuredAt === 'string' ? new Date(fields.measuredAt) : undefined;
    const candidate = {
      measuredAt,
      weightKg: fields.weightKg,
      bodyFatPct: fields.bodyFatPct ?? undefined,
      note: fields.note ?? undefined,
    };
    const [first] = checkFields(weightEntryRules, candidate);
    if (first)
      problems.push(t('server.weight.rowProblem', { row: String(index + 1), problem: first.message }));
    return candidate as ImportRow;
  });
  if (problems.length > 0) {
    const shown = problems.slice(0, 5).join('; ');
    throw problems.length > 5
      ? validationError('server.weight.nothingImportedMore', { problems: shown, more: problems.length - 5 })
      : validationError('server.weight.nothingImported', { problems: shown });
  }
  return parsed;
}

const MINUTE_MS = 60_000;
const minuteOf = (date: Date) => Math.floor(date.getTime() / MINUTE_MS);

/** Two weigh-ins in the same minute are one: a scale and an app that copied it name the same moment. */
const sameWeighIn = (a: { measuredAt: Date }, b: { measuredAt: Date }) =>
  minuteOf(a.measuredAt) === minuteOf(b.measuredAt);

/**
 * Imports weigh-ins all or nothing: any malformed row refuses the whole file. Rows that repeat a
 * saved weigh-in or an earlier row (the same minute) are skipped and counted. With
 * `dryRun` nothing is saved and the answer says what would happen.
 */
async function importWeightEntries(
  request: CloudRequest<'importWeightEntries'>,
): Promise<WeighInImportResult> {
  const { user, userId } = requireUser(request.user);
  const rows = readImportRows(request.params.rows);
  const dryRun = request.params.dryRun === true;
  const times = rows.map((row) => row.measuredAt.getTime());
  const existing = await queryOf(weightEntryClass)
    .equalTo('user', user)
    .greaterThanOrEqualTo('measuredAt', new Date(Math.floor(Math.min(...times) / MINUTE_MS) * MINUTE_MS))
    .lessThan('measuredAt', new Date((Math.floor(Math.max(...times) / MINUTE_MS) + 1) * MINUTE_MS))
    .select('measuredAt', 'weightKg')
    .findAll(MASTER_PAGES);
  const seen = existing.map((entry) => ({
    measuredAt: entry.get('measuredAt'),
    weightKg: entry.get('weightKg'),
  }));
  const duplicates: number[] = [];
  const fresh: ImportRow[] = [];
  rows.forEach((row, index) => {
    if (seen.some((other) => sameWeighIn(other, row))) {
      duplicates.push(index + 1);
      return;
    }
    seen.push(row);
    fresh.push(row);
  });
  if (!dryRun && fresh.length > 0) {
    const objects = fresh.map((row) => {
      const entry = rowOf(weightEntryClass);
      entry.set({ user, ...row });
      entry.setACL(ownerAcl(userId));
      return entry;
    });
    await Parse.Object.saveAll(objects, { useMasterKey: true });
  }
  return { imported: dryRun ? 0 : fresh.length, wouldImport: fresh.length, duplicates };
}

export function registerWeightFunctions(): void {
  defineFunction('weightSummary', weightSummary);
  defineFunction('importWeightEntries', importWeightEntries);
}
