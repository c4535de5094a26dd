import { weightEntryRules } from '@/domain/contract';
import { checkField } from '@/domain/fieldRules';
import { lbToKg, type WeightUnit } from '@/domain/units';
import { t, type MessageId } from '@/i18n';
import { readCsvDate, splitCsvLine } from '@/lib/csvLines';

export interface CsvWeighIn {
  /** 1-based line in the file. */
  line: number;
  measuredAt: string;
  weightKg: number;
}

export interface CsvRejection {
  line: number;
  text: string;
  reason: string;
}

export interface ParsedCsv {
  rows: CsvWeighIn[];
  rejected: CsvRejection[];
}

/**
 * Reads `date, weight[, unit]` lines (a header line is skipped; unit kg or lb, else the
 * person's unit, with stones read as pounds). Every line is either a row or a rejection with a reason.
 */
export function parseWeightCsv(text: string, unit: WeightUnit, now: Date = new Date()): ParsedCsv {
  const rows: CsvWeighIn[] = [];
  const rejected: CsvRejection[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const content = raw.trim();
    if (!content) return;
    const [dateText = '', weightText = '', unitText = ''] = splitCsvLine(content);
    if (index === 0 && !/\d/.test(dateText)) return; // header
    const reject = (reason: MessageId) =>
      rejected.push({ line, text: content.slice(0, 80), reason: t(reason) });
    const measuredAt = readCsvDate(dateText);
    if (!measuredAt) return reject('weight.csv.badDate');
    const value = Number(weightText.replace(',', '.'));
    if (!weightText || !Number.isFinite(value)) return reject('weight.csv.badNumber');
    const rowUnit = unitText.toLowerCase() || (unit === 'kg' ? 'kg' : 'lb');
    if (!['kg', 'lb', 'lbs'].includes(rowUnit)) return reject('weight.csv.badUnit');
    const weightKg = Math.round((rowUnit === 'kg' ? value : lbToKg(value)) * 1000) / 1000;
    if (checkField('weight', weightEntryRules.weightKg, weightKg)) return reject('weight.csv.weightRange');
    if (checkField('date', weightEntryRules.measuredAt, measuredAt, now))
      return reject('weight.csv.futureDate');
    rows.push({ line, measuredAt: measuredAt.toISOString(), weightKg });
  });
  return { rows, rejected };
}
