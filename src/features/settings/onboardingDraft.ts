import { SEXES, WEIGHT_UNITS } from '@/domain/contract';
import {
  ONBOARDING_STEPS,
  WEIGHT_GOALS,
  type OnboardingAnswers,
  type OnboardingStep,
} from '@/domain/onboarding';

/**
 * The first-day questions as answered so far, kept on this device after each screen: leaving
 * halfway (or losing the network) and coming back resumes at the same question. Forgotten once the
 * goal is saved, and at log-out.
 */
export const ONBOARDING_STORAGE_KEY = 'fitstreak:onboarding';

export interface OnboardingDraft {
  step: OnboardingStep;
  answers: OnboardingAnswers;
}

interface StoredDraft extends OnboardingDraft {
  account: string;
}

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function deviceStorage(): DraftStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const oneOf = <Value extends string>(values: readonly Value[], value: unknown): Value | undefined =>
  values.find((candidate) => candidate === value);

const finite = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** What the device holds, read as answers: anything of the wrong type is dropped, not trusted. */
function answersOf(value: unknown, fallback: OnboardingAnswers): OnboardingAnswers {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const answers: OnboardingAnswers = {
    units: oneOf(['metric', 'imperial'], stored.units) ?? fallback.units,
    weightUnit: oneOf(WEIGHT_UNITS, stored.weightUnit) ?? fallback.weightUnit,
  };
  const goal = oneOf(WEIGHT_GOALS, stored.goal);
  const sex = oneOf(SEXES, stored.sex);
  if (goal) answers.goal = goal;
  if (sex) answers.sex = sex;
  for (const field of [
    'birthYear',
    'heightCm',
    'weightKg',
    'goalWeightKg',
    'weeklyRateKg',
    'activityLevel',
  ] as const) {
    const number = finite(stored[field]);
    if (number !== undefined) answers[field] = number;
  }
  return answers;
}

/** Answers posted by the last screen (JSON), read as strictly as the device's copy. */
export function readOnboardingAnswers(value: unknown, fallback: OnboardingAnswers): OnboardingAnswers {
  try {
    return answersOf(typeof value === 'string' ? JSON.parse(value) : null, fallback);
  } catch {
    return fallback;
  }
}

/** This account's draft on this device, or null when there is none (or it is another account's). */
export function readOnboardingDraft(
  account: string,
  fallback: OnboardingAnswers,
  storage: DraftStorage | null = deviceStorage(),
): OnboardingDraft | null {
  try {
    const stored = JSON.parse(storage?.getItem(ONBOARDING_STORAGE_KEY) ?? 'null') as unknown;
    if (typeof stored !== 'object' || stored === null) return null;
    const draft = stored as Partial<Record<keyof StoredDraft, unknown>>;
    if (draft.account !== account) return null;
    return {
      step: oneOf(ONBOARDING_STEPS, draft.step) ?? 'goal',
      answers: answersOf(draft.answers, fallback),
    };
  } catch {
    return null;
  }
}

export function keepOnboardingDraft(
  account: string,
  draft: OnboardingDraft,
  storage: DraftStorage | null = deviceStorage(),
): void {
  try {
    storage?.setItem(ONBOARDING_STORAGE_KEY, JSON.stringify({ account, ...draft } satisfies StoredDraft));
  } catch {
    // A full or refused storage only loses the resume point; the questions still work.
  }
}

export function dropOnboardingDraft(storage: DraftStorage | null = deviceStorage()): void {
  try {
    storage?.removeItem(ONBOARDING_STORAGE_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
