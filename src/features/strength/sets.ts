import type { FieldError } from '@/domain/fieldRules';
import type { LoggedSet, Measure, SetNumber } from '@/domain/strength';
import { kgToLb, lbToKg, type WeightUnit } from '@/domain/units';

/** Lifts are read and typed in kg or lb; stones are for body weight. */
export type LiftUnit = 'kg' | 'lb';

export function liftUnitFor(unit: WeightUnit): LiftUnit {
  return unit === 'kg' ? 'kg' : 'lb';
}

/** A stored weight in the person's unit: kg to 0.01, lb to 0.1 (what plates and bars allow). */
export function weightToDisplay(kg: number, unit: LiftUnit): number {
  return unit === 'kg' ? Math.round(kg * 100) / 100 : Math.round(kgToLb(kg) * 10) / 10;
}

/** A weight typed in the person's unit, stored in kg to the gram (NaN stays NaN for the checks). */
export function displayToWeightKg(value: number, unit: LiftUnit): number {
  return Math.round((unit === 'kg' ? value : lbToKg(value)) * 1000) / 1000;
}

/** A typed number: empty is no value, a comma is a decimal mark, anything else unreadable is NaN. */
export function parseSetNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : Number.NaN;
}

/** A duration typed as seconds ("45"), minutes and seconds ("1:30") or hours too ("1:02:03"). */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const parts = trimmed.split(':');
  if (parts.length > 3 || !parts.every((part) => /^\d+$/.test(part))) return Number.NaN;
  return parts.reduce((seconds, part) => seconds * 60 + Number(part), 0);
}

/** Seconds as m:ss, or h:mm:ss from an hour on. */
export function formatDuration(totalS: number): string {
  const seconds = Math.max(0, Math.round(totalS));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** The next set: a copy of the last one, since most sets repeat the one before. */
export function nextSet(sets: readonly LoggedSet[]): LoggedSet {
  const last = sets.at(-1);
  return last ? { ...last } : {};
}

function setText(set: LoggedSet, measure: Measure, unit: LiftUnit): string {
  const weight =
    set.weightKg !== undefined && set.weightKg > 0 ? `${weightToDisplay(set.weightKg, unit)} ${unit}` : '';
  const time = set.durationS !== undefined ? formatDuration(set.durationS) : '';
  switch (measure) {
    case 'weight_reps':
      return `${set.reps ?? 0} × ${weight || `0 ${unit}`}`;
    case 'reps':
      return `${set.reps ?? 0} reps${weight ? ` + ${weight}` : ''}`;
    case 'time':
      return `${time || '0:00'}${weight ? ` with ${weight}` : ''}`;
    case 'distance':
      return `${set.distanceM ?? 0} m${time ? ` in ${time}` : ''}`;
  }
}

/**
 * The sets of last time in one line, equal sets in a row counted: "3 × 8 × 60 kg",
 * "8 × 60 kg, 2 × 6 × 65 kg". Warm-ups are left out unless there is nothing else.
 */
export function lastTimeText(sets: readonly LoggedSet[], measure: Measure, unit: LiftUnit): string {
  const working = sets.filter((set) => !set.warmup);
  const texts = (working.length > 0 ? working : sets).map((set) => setText(set, measure, unit));
  const runs: { text: string; count: number }[] = [];
  for (const text of texts) {
    const last = runs.at(-1);
    if (last?.text === text) last.count += 1;
    else runs.push({ text, count: 1 });
  }
  return runs.map(({ text, count }) => (count > 1 ? `${count} × ${text}` : text)).join(', ');
}

/** What the set fields are called on screen. */
export const SET_FIELD_WORDS: Readonly<Record<SetNumber | 'warmup', string>> = {
  reps: 'reps',
  weightKg: 'weight',
  durationS: 'time',
  distanceM: 'distance',
  rpe: 'RPE',
  warmup: 'warm-up',
};

/** Where a fault of `checkExercises` lies within one exercise, and the sentence to show there. */
export interface SetFault {
  /** The set it names, or null for the exercise as a whole. */
  setIndex: number | null;
  /** The field of the set it names, or null for the whole set. */
  field: SetNumber | 'warmup' | null;
  message: string;
}

function isSetField(name: string): name is keyof typeof SET_FIELD_WORDS {
  return Object.hasOwn(SET_FIELD_WORDS, name);
}

const RANGE = /between (\d+(?:\.\d+)?) and (\d+(?:\.\d+)?)\./;

/** The limits of a number in the words and unit the person reads it in. */
function rangeInUnit(field: SetFault['field'], message: string, unit: LiftUnit): string {
  const range = RANGE.exec(message);
  if (!range) return message;
  const [, min = '0', max = '0'] = range;
  const words =
    field === 'weightKg'
      ? `from ${weightToDisplay(Number(min), unit)} to ${weightToDisplay(Number(max), unit)} ${unit}.`
      : field === 'durationS'
        ? `from ${formatDuration(Number(min))} to ${formatDuration(Number(max))}.`
        : field === 'distanceM'
          ? `from ${min} to ${max} m.`
          : `from ${min} to ${max}.`;
  return message.replace(RANGE, words);
}

/**
 * The fault `checkExercises` found, when it lies in the exercise at `index` of the workout, with its
 * place in the message (`exercises[0].sets[1].reps`) told as the form labels it (`Set 2 reps`).
 */
export function setFaultOf(
  fault: FieldError | null | undefined,
  index: number,
  unit: LiftUnit,
): SetFault | null {
  if (!fault) return null;
  const prefix = `exercises[${index}]`;
  if (fault.field !== prefix && !fault.field.startsWith(`${prefix}.`)) return null;
  const place = /^exercises\[\d+\]\.sets\[(\d+)\](?:\.(\w+))?/.exec(fault.message);
  if (place) {
    const [path, setNumber = '0', name] = place;
    const field = name !== undefined && isSetField(name) ? name : null;
    const setIndex = Number(setNumber);
    const words = `Set ${setIndex + 1}${field ? ` ${SET_FIELD_WORDS[field]}` : name ? ` ${name}` : ''}`;
    const message = fault.message
      .replace(path, words)
      .replace(/\bweightKg\b/g, 'weight')
      .replace(/\bdurationS\b/g, 'time')
      .replace(/\bdistanceM\b/g, 'distance');
    return { setIndex, field, message: rangeInUnit(field, message, unit) };
  }
  if (fault.field === `${prefix}.exerciseId`) {
    return {
      setIndex: null,
      field: null,
      message: 'This exercise is not in the catalogue or among your own.',
    };
  }
  const message = fault.message
    .replace(`${prefix}.sets must list at least one set.`, 'Add at least one set.')
    .replace(`${prefix}.sets can hold`, 'An exercise can hold')
    .replace(`${prefix}.restS`, 'The rest time')
    .replace(`${prefix}.note`, 'The note')
    .replace(`${prefix}.`, 'The exercise’s ')
    .replace(`${prefix} `, 'This exercise ');
  return { setIndex: null, field: null, message };
}
