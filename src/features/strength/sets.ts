import type { FieldError } from '@/domain/fieldRules';
import {
  MAX_EXERCISE_NOTE_LENGTH,
  MAX_REST_S,
  MAX_SETS_PER_EXERCISE,
  SET_LIMITS,
  type LoggedSet,
  type Measure,
  type SetFlag,
  type SetNumber,
} from '@/domain/strength';
import { kgToLb, lbToKg, type WeightUnit } from '@/domain/units';
import { currentLanguage, t, type MessageId } from '@/i18n';
import { liftNumber } from './labels';

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

/** The next set: a copy of the last one, since most sets repeat the one before; not done yet. */
export function nextSet(sets: readonly LoggedSet[]): LoggedSet {
  const next = { ...sets.at(-1) };
  delete next.done;
  return next;
}

/** One set as a person reads it: "8 × 60 kg", "45 s", "40 m in 0:12". */
export function setText(set: LoggedSet, measure: Measure, unit: LiftUnit): string {
  const weight =
    set.weightKg !== undefined && set.weightKg > 0 ? liftNumber(weightToDisplay(set.weightKg, unit)) : '';
  const time = set.durationS !== undefined ? formatDuration(set.durationS) : '';
  const reps = liftNumber(set.reps ?? 0);
  switch (measure) {
    case 'weight_reps':
      return t('strength.lastTime.weightReps', { reps, weight: weight || '0', unit });
    case 'reps':
      return weight
        ? t('strength.lastTime.repsWithWeight', { reps, weight, unit })
        : t('strength.lastTime.reps', { reps });
    case 'time':
      return weight ? t('strength.lastTime.timeWithWeight', { time, weight, unit }) : time || '0:00';
    case 'distance': {
      const distance = liftNumber(set.distanceM ?? 0);
      return time
        ? t('strength.lastTime.distanceInTime', { distance, time })
        : t('strength.lastTime.distance', { distance });
    }
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
  return runs
    .map(({ text, count }) => (count > 1 ? t('strength.lastTime.repeated', { count, set: text }) : text))
    .join(', ');
}

/** What the set fields are called in a fault ("Set 2 reps must be a whole number."). */
export const SET_FIELD_WORDS: Readonly<Record<SetNumber | SetFlag, MessageId>> = {
  reps: 'strength.field.reps',
  weightKg: 'strength.field.weight',
  durationS: 'strength.field.time',
  distanceM: 'strength.field.distance',
  rpe: 'strength.field.rpe',
  warmup: 'strength.field.warmup',
  done: 'strength.field.done',
};

/** Where a fault of `checkExercises` lies within one exercise, and the sentence to show there. */
export interface SetFault {
  /** The set it names, or null for the exercise as a whole. */
  setIndex: number | null;
  /** The field of the set it names, or null for the whole set. */
  field: SetNumber | SetFlag | null;
  message: string;
}

function isSetField(name: string): name is keyof typeof SET_FIELD_WORDS {
  return Object.hasOwn(SET_FIELD_WORDS, name);
}

/** A field of a set as the person reads it; a name that is no field of a set stays as it is. */
const fieldWords = (name: string): string => (isSetField(name) ? t(SET_FIELD_WORDS[name]) : name);

/** The limits of a number in the words and unit the person reads it in. */
function rangeText(place: string, field: SetNumber, unit: LiftUnit): string {
  const { min, max } = SET_LIMITS[field];
  switch (field) {
    case 'weightKg':
      return t('strength.fault.rangeUnit', {
        place,
        min: liftNumber(weightToDisplay(min, unit)),
        max: liftNumber(weightToDisplay(max, unit)),
        unit,
      });
    case 'durationS':
      return t('strength.fault.range', { place, min: formatDuration(min), max: formatDuration(max) });
    case 'distanceM':
      return t('strength.fault.rangeUnit', { place, min: liftNumber(min), max: liftNumber(max), unit: 'm' });
    default:
      return t('strength.fault.range', { place, min: liftNumber(min), max: liftNumber(max) });
  }
}

/**
 * What `checkExercises` said of a set, told again of `place` ("Set 2 reps") in the words and unit
 * the person reads; null for a fault this window does not know. `name` is the set's field, if any.
 */
function setFaultText(
  fault: FieldError,
  name: string | undefined,
  place: string,
  unit: LiftUnit,
): string | null {
  switch (fault.messageId) {
    case 'domain.field.number':
      return t('strength.fault.number', { place });
    case 'domain.field.wholeNumber':
      return t('strength.fault.wholeNumber', { place });
    case 'domain.field.numberRange':
      return name !== undefined && isSetField(name) && name !== 'warmup' && name !== 'done'
        ? rangeText(place, name, unit)
        : null;
    case 'training.strength.halfNumber':
      return t('strength.fault.halfNumber', { place });
    case 'training.strength.setFieldRequired':
      return t('strength.fault.required', { place });
    case 'training.strength.notSetField':
      return t('strength.fault.notSetField', { place });
    case 'domain.field.boolean':
      return t('strength.fault.trueOrFalse', { place });
    case 'training.strength.setNotNumbers':
      return t('strength.fault.notSet', { place });
    case 'training.strength.doesNotFitOne':
    case 'training.strength.doesNotFitTwo': {
      const { recorded, first, second } = fault.values;
      const required = [recorded, first, second].filter(
        (field): field is string => typeof field === 'string',
      );
      const fields = new Intl.ListFormat(currentLanguage(), { type: 'conjunction' }).format(
        required.map(fieldWords),
      );
      return t('strength.fault.doesNotFit', { place, fields });
    }
    default:
      return null;
  }
}

/** What `checkExercises` says of the exercise at `prefix` (`exercises[0]`) as a whole, or null. */
function exerciseFaultText(fault: FieldError, prefix: string): string | null {
  switch (fault.messageId) {
    case 'training.strength.noSets':
      return t('strength.fault.noSets');
    case 'training.strength.tooManySets':
      return t('strength.fault.tooManySets', { max: MAX_SETS_PER_EXERCISE });
    case 'training.strength.rest':
      return t('strength.fault.rest', { min: 0, max: MAX_REST_S });
    case 'training.strength.note':
      return t('strength.fault.note', { max: MAX_EXERCISE_NOTE_LENGTH });
    case 'training.strength.notExerciseField':
      return t('strength.fault.notExerciseField', { name: fault.field.slice(prefix.length + 1) });
    case 'training.strength.notExercise':
      return t('strength.fault.notExercise');
    default:
      return null;
  }
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
  const place = /^exercises\[\d+\]\.sets\[(\d+)\](?:\.(\w+))?/.exec(fault.field);
  if (place) {
    const [path, setNumber = '0', name] = place;
    const field = name !== undefined && isSetField(name) ? name : null;
    const setIndex = Number(setNumber);
    const number = setIndex + 1;
    const words =
      name !== undefined
        ? t('strength.fault.setField', { number, field: fieldWords(name) })
        : t('strength.fault.set', { number });
    // A sentence this window does not know is shown as it came, its place in words.
    const message = setFaultText(fault, name, words, unit) ?? fault.message.replace(path, words);
    return { setIndex, field, message };
  }
  if (fault.field === `${prefix}.exerciseId`) {
    return { setIndex: null, field: null, message: t('strength.fault.unknownExercise') };
  }
  return { setIndex: null, field: null, message: exerciseFaultText(fault, prefix) ?? fault.message };
}
