import { problem, type Problem } from './errors';

/** Declarative limits for one field, shared by the SPA forms and cloud `beforeSave`. */
export type FieldRule =
  | { kind: 'number'; min: number; max: number; integer?: boolean; optional?: boolean }
  | { kind: 'text'; min: number; max: number; pattern?: RegExp; optional?: boolean }
  | { kind: 'choice'; values: readonly string[]; optional?: boolean }
  | { kind: 'date'; maxDaysAhead?: number; optional?: boolean }
  | { kind: 'boolean'; optional?: boolean }
  /** A lowercase UUID; `writeOnce` keeps it as the row was created with it (see `checkWriteOnce`). */
  | { kind: 'uuid'; writeOnce?: boolean; optional?: boolean };

export type FieldRules = Readonly<Record<string, FieldRule>>;

/** A field's problem: the sentence names the field, and `field` names it for the caller too. */
export interface FieldError extends Problem {
  field: string;
}

/** The problem of `field`: its sentence, written from `messageId` with the field among its values. */
export function fieldError(
  field: string,
  messageId: Problem['messageId'],
  values: Problem['values'] = {},
): FieldError {
  return { field, ...problem(messageId, { field, ...values }) };
}

/** What an `<input>` takes from its field's rule. */
export interface InputLimits {
  min?: number;
  max?: number;
  maxLength?: number;
}

/**
 * The limits an `<input>` takes from its field's rule (`min` and `max` for a number, `maxLength` for
 * a text), so no form writes a rule's number down a second time; the rule checks the value again
 * on save, in the browser and on the server.
 */
export function inputLimits(rule: FieldRule): InputLimits {
  if (rule.kind === 'number') return { min: rule.min, max: rule.max };
  if (rule.kind === 'text') return { maxLength: rule.max };
  return {};
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The earliest date any field holds: older ones are typing errors, and PostgreSQL stops at 4713 BC. */
export const EARLIEST_DATE = new Date('1900-01-01T00:00:00Z');

/** An RFC 4122 UUID in lowercase, as `crypto.randomUUID()` writes it. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function isMissing(rule: FieldRule, value: unknown): boolean {
  // A blank identifier is a malformed one: stored, every blank would be the same key.
  if (rule.kind === 'uuid') return value === undefined || value === null;
  return value === undefined || value === null || value === '';
}

/**
 * Checks one value against its rule; returns a sentence naming the field, or null. The field's
 * name goes into the sentence as it is given (an API name like `weightKg` stays as it is).
 */
export function checkField(
  field: string,
  rule: FieldRule,
  value: unknown,
  now: Date = new Date(),
): string | null {
  return fieldProblem(field, rule, value, now)?.message ?? null;
}

/** Checks one value against its rule, as `checkField`, answering the whole problem. */
export function fieldProblem(
  field: string,
  rule: FieldRule,
  value: unknown,
  now: Date = new Date(),
): FieldError | null {
  const refuse = (messageId: Problem['messageId'], values: Problem['values'] = {}) =>
    fieldError(field, messageId, values);
  if (isMissing(rule, value)) {
    return rule.optional ? null : refuse('domain.field.required');
  }
  switch (rule.kind) {
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        return refuse('domain.field.number');
      }
      if (rule.integer && !Number.isInteger(value)) {
        return refuse('domain.field.wholeNumber');
      }
      if (value < rule.min || value > rule.max) {
        return refuse('domain.field.numberRange', { min: rule.min, max: rule.max });
      }
      return null;
    }
    case 'text': {
      if (typeof value !== 'string') {
        return refuse('domain.field.text');
      }
      const length = [...value].length;
      if (length < rule.min || length > rule.max) {
        return rule.min === rule.max
          ? refuse('domain.field.textLength', { length: rule.min })
          : refuse('domain.field.textLengthRange', { min: rule.min, max: rule.max });
      }
      // PostgreSQL text cannot hold U+0000: stored, it fails the whole write.
      if (value.includes('\u0000') || (rule.pattern && !rule.pattern.test(value))) {
        return refuse('domain.field.characters');
      }
      return null;
    }
    case 'choice':
      return typeof value === 'string' && rule.values.includes(value)
        ? null
        : refuse('domain.field.choice', { values: rule.values.join(', ') });
    case 'date': {
      if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
        return refuse('domain.field.date');
      }
      if (value.getTime() < EARLIEST_DATE.getTime()) {
        return refuse('domain.field.dateTooEarly', { year: EARLIEST_DATE.getUTCFullYear() });
      }
      if (rule.maxDaysAhead !== undefined && value.getTime() > now.getTime() + rule.maxDaysAhead * DAY_MS) {
        return refuse('domain.field.dateTooFar', { days: rule.maxDaysAhead });
      }
      return null;
    }
    case 'boolean':
      return typeof value === 'boolean' ? null : refuse('domain.field.boolean');
    case 'uuid':
      return typeof value === 'string' && UUID_PATTERN.test(value) ? null : refuse('domain.field.uuid');
  }
}

/** Checks every ruled field of a record; fields without a rule are ignored here. */
export function checkFields(
  rules: FieldRules,
  record: Readonly<Record<string, unknown>>,
  now: Date = new Date(),
): FieldError[] {
  const errors: FieldError[] = [];
  for (const [field, rule] of Object.entries(rules)) {
    const problem = fieldProblem(field, rule, record[field], now);
    if (problem) errors.push(problem);
  }
  return errors;
}

/**
 * Checks that a saved row being changed keeps the value of every write-once field, unset
 * included: the key a client created a row with must keep naming that row and no other.
 */
export function checkWriteOnce(
  rules: FieldRules,
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): FieldError[] {
  const errors: FieldError[] = [];
  for (const [field, rule] of Object.entries(rules)) {
    if (rule.kind !== 'uuid' || !rule.writeOnce) continue;
    if ((before[field] ?? null) !== (after[field] ?? null)) {
      errors.push(fieldError(field, 'domain.field.writeOnce'));
    }
  }
  return errors;
}
