import { fieldError, type FieldError } from './fieldRules';
import type { FoodRow, Serving } from './nutrition';

/** The most servings a food lists besides its pack's. */
export const MAX_SERVINGS = 10;
/** A serving's label: "1 slice", "1 cup, chopped". */
export const SERVING_LABEL_LENGTH = { min: 1, max: 40 } as const;
/** A serving's weight: more than nothing (servings of nothing cannot be logged), at most 5 kg. */
export const MAX_SERVING_GRAMS = 5000;

const SERVING_KEYS = new Set(['label', 'grams']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The first objection to a food's `servings`, naming its place (`servings[1].grams`), or null: a
 * list of at most ten `{ label, grams }`, each label 1–40 characters once trimmed and not repeated
 * (in any case), each weight above 0 and at most 5000 g. Unset is no servings.
 */
export function checkServings(value: unknown): FieldError | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) return fieldError('servings', 'domain.servings.list', { max: MAX_SERVINGS });
  if (value.length > MAX_SERVINGS) {
    return fieldError('servings', 'domain.servings.list', { max: MAX_SERVINGS });
  }
  const labels = new Set<string>();
  for (const [index, serving] of value.entries()) {
    const path = `servings[${index}]`;
    if (!isRecord(serving)) return fieldError(path, 'domain.servings.serving');
    const unknownKey = Object.keys(serving).find((key) => !SERVING_KEYS.has(key));
    if (unknownKey) return fieldError(`${path}.${unknownKey}`, 'domain.servings.unknownKey');
    const { label, grams } = serving;
    const trimmed = typeof label === 'string' ? label.trim() : '';
    const length = [...trimmed].length;
    if (
      typeof label !== 'string' ||
      label.includes('\u0000') ||
      length < SERVING_LABEL_LENGTH.min ||
      length > SERVING_LABEL_LENGTH.max
    ) {
      return fieldError(`${path}.label`, 'domain.servings.label', { ...SERVING_LABEL_LENGTH });
    }
    const folded = trimmed.toLocaleLowerCase('en');
    if (labels.has(folded)) return fieldError(`${path}.label`, 'domain.servings.repeated');
    labels.add(folded);
    if (typeof grams !== 'number' || !Number.isFinite(grams) || grams <= 0 || grams > MAX_SERVING_GRAMS) {
      return fieldError(`${path}.grams`, 'domain.servings.grams', { max: MAX_SERVING_GRAMS });
    }
  }
  return null;
}

/** A list of servings as it is stored: each label trimmed. */
export function trimmedServings(servings: readonly Serving[]): Serving[] {
  return servings.map(({ label, grams }) => ({ label: label.trim(), grams }));
}

/**
 * A unit a food may be logged in besides grams: its pack's serving (`serving`), or one of its
 * further servings by its place in the list (`serving-0`, `serving-1`…).
 */
export interface ServingChoice {
  unit: string;
  serving: Serving;
}

export const PACK_UNIT = 'serving';
const SERVING_UNIT = /^serving-(\d{1,2})$/;
const servingUnit = (index: number) => `serving-${index}`;

/**
 * The servings a food may be logged in, the pack's first, then its further servings but one that
 * only repeats the pack's (the catalogue's first portion is both).
 */
export function servingChoices(
  food: Pick<FoodRow, 'servingG' | 'servingLabel' | 'servings'>,
): ServingChoice[] {
  const choices: ServingChoice[] = [];
  const pack = food.servingG !== null && food.servingG > 0 ? food.servingG : null;
  if (pack !== null) choices.push({ unit: PACK_UNIT, serving: { label: food.servingLabel, grams: pack } });
  const packLabel = food.servingLabel.toLocaleLowerCase('en');
  // A food kept on a device from before foods had servings has no list.
  const servings: readonly Serving[] = Array.isArray(food.servings) ? food.servings : [];
  servings.forEach((serving, index) => {
    const repeatsPack = serving.grams === pack && packLabel.startsWith(serving.label.toLocaleLowerCase('en'));
    if (!repeatsPack && serving.grams > 0) choices.push({ unit: servingUnit(index), serving });
  });
  return choices;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Grams of an amount in a unit: `g` as it is, a serving's unit times its weight (to 0.1 g); null
 * for a unit the food does not have.
 */
export function gramsInUnit(amount: number, unit: string, choices: readonly ServingChoice[]): number | null {
  if (unit === 'g') return amount;
  const choice = choices.find((candidate) => candidate.unit === unit);
  return choice ? round1(amount * choice.serving.grams) : null;
}

/** Whether a unit names the pack's serving or a place in a list of servings (not whether the food has it). */
export function isServingUnit(unit: string): boolean {
  const match = SERVING_UNIT.exec(unit);
  return unit === PACK_UNIT || (match !== null && Number(match[1]) < MAX_SERVINGS);
}

/**
 * How a logged amount reads best: in the first serving it makes a whole number of quarters of
 * ("2 × slice"), else in grams.
 */
export function amountInChoice(
  grams: number,
  choices: readonly ServingChoice[],
): { unit: string; amount: number } {
  for (const { unit, serving } of choices) {
    const count = Math.round((grams / serving.grams) * 100) / 100;
    if (count > 0 && Number.isInteger(count * 4) && round1(count * serving.grams) === round1(grams)) {
      return { unit, amount: count };
    }
  }
  return { unit: 'g', amount: grams };
}
