import { t } from '../i18n/messages';
import { settingsRules, weightEntryRules } from './contract';
import { checkField } from './fieldRules';
import {
  ACTIVITY_LEVELS,
  suggestCalorieGoal,
  WEEKLY_RATES_KG,
  type CalorieSuggestion,
  type Sex,
} from './goals';
import type { Units, WeightUnit } from './units';

/** What the person wants of their weight: the first question after sign-up. */
export const WEIGHT_GOALS = ['lose', 'keep', 'gain'] as const;
export type WeightGoal = (typeof WEIGHT_GOALS)[number];

/** The questions, one a screen, in order; `goalWeight` and `pace` are asked only to lose or gain. */
export const ONBOARDING_STEPS = [
  'goal',
  'sex',
  'birthYear',
  'height',
  'weight',
  'goalWeight',
  'pace',
  'activity',
  'result',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export interface OnboardingAnswers {
  goal?: WeightGoal;
  sex?: Sex;
  birthYear?: number;
  heightCm?: number;
  weightKg?: number;
  goalWeightKg?: number;
  weeklyRateKg?: number;
  activityLevel?: number;
  units: Units;
  weightUnit: WeightUnit;
}

/** The people a new account's browser speaks for measure in pounds and inches (en-US, Liberia, Myanmar). */
const IMPERIAL_REGIONS = new Set(['US', 'LR', 'MM']);

/** Units from the browser's language tag ("en-US" → imperial, "de-DE" or "en-GB" → metric). */
export function unitsForLocale(tag: string | undefined): { units: Units; weightUnit: WeightUnit } {
  let region: string | undefined;
  try {
    region = tag ? new Intl.Locale(tag).maximize().region : undefined;
  } catch {
    region = undefined;
  }
  return region !== undefined && IMPERIAL_REGIONS.has(region)
    ? { units: 'imperial', weightUnit: 'lb' }
    : { units: 'metric', weightUnit: 'kg' };
}

/** The steps this person is asked, given what they answered so far. */
export function stepsFor(answers: OnboardingAnswers): OnboardingStep[] {
  return ONBOARDING_STEPS.filter(
    (step) => answers.goal !== 'keep' || (step !== 'goalWeight' && step !== 'pace'),
  );
}

/** The paces offered for a goal: losses to lose, gains to gain. */
export function pacesFor(goal: WeightGoal | undefined): number[] {
  if (goal === 'lose') return WEEKLY_RATES_KG.filter((rate) => rate < 0);
  if (goal === 'gain') return WEEKLY_RATES_KG.filter((rate) => rate > 0);
  return [0];
}

/** The pace a goal starts with: the moderate one most plans suggest. */
export function defaultPace(goal: WeightGoal | undefined): number {
  if (goal === 'lose') return -0.5;
  if (goal === 'gain') return 0.25;
  return 0;
}

/** The youngest and oldest years of birth a person may give (13 to 120 years old). */
export function birthYearRange(year: number): { earliest: number; latest: number } {
  return { earliest: year - 120, latest: year - 13 };
}

/**
 * Why the answer of `step` cannot be taken, as a sentence in the language shown, or null when it
 * can. Every step's answer is required; skipping is a separate choice.
 */
export function stepRefusal(step: OnboardingStep, answers: OnboardingAnswers, year: number): string | null {
  switch (step) {
    case 'goal':
      return answers.goal ? null : t('settings.onboarding.errors.goal');
    case 'sex':
      return answers.sex ? null : t('settings.onboarding.errors.sex');
    case 'birthYear': {
      const { earliest, latest } = birthYearRange(year);
      const value = answers.birthYear;
      return value !== undefined &&
        checkField('birthYear', settingsRules.birthYear, value) === null &&
        value >= earliest &&
        value <= latest
        ? null
        : t('settings.onboarding.errors.birthYear', { earliest: String(earliest), latest: String(latest) });
    }
    case 'height':
      return answers.heightCm !== undefined &&
        checkField('heightCm', settingsRules.heightCm, answers.heightCm) === null
        ? null
        : t('settings.onboarding.errors.height');
    case 'weight':
      return answers.weightKg !== undefined &&
        checkField('weightKg', weightEntryRules.weightKg, answers.weightKg) === null
        ? null
        : t('settings.onboarding.errors.weight');
    case 'goalWeight':
      return goalWeightRefusal(answers);
    case 'pace':
      return answers.weeklyRateKg !== undefined && pacesFor(answers.goal).includes(answers.weeklyRateKg)
        ? null
        : t('settings.onboarding.errors.pace');
    case 'activity':
      return ACTIVITY_LEVELS.some((level) => level.value === answers.activityLevel)
        ? null
        : t('settings.onboarding.errors.activity');
    case 'result':
      return null;
  }
}

function goalWeightRefusal({ goal, goalWeightKg, weightKg }: OnboardingAnswers): string | null {
  if (goalWeightKg === undefined || checkField('goalWeightKg', settingsRules.goalWeightKg, goalWeightKg)) {
    return t('settings.onboarding.errors.goalWeight');
  }
  if (weightKg !== undefined && goal === 'lose' && goalWeightKg >= weightKg) {
    return t('settings.onboarding.errors.goalWeightBelow');
  }
  if (weightKg !== undefined && goal === 'gain' && goalWeightKg <= weightKg) {
    return t('settings.onboarding.errors.goalWeightAbove');
  }
  return null;
}

/** The first step whose answer is missing or refused, or the result when all are in. */
export function firstOpenStep(answers: OnboardingAnswers, year: number): OnboardingStep {
  return stepsFor(answers).find((step) => stepRefusal(step, answers, year) !== null) ?? 'result';
}

/** The step after `step` for these answers (the result stays the result). */
export function nextStep(step: OnboardingStep, answers: OnboardingAnswers): OnboardingStep {
  const steps = stepsFor(answers);
  return steps[steps.indexOf(step) + 1] ?? 'result';
}

/** The step before `step`, or null on the first. */
export function previousStep(step: OnboardingStep, answers: OnboardingAnswers): OnboardingStep | null {
  const steps = stepsFor(answers);
  const index = steps.indexOf(step);
  return index > 0 ? (steps[index - 1] ?? null) : null;
}

/** Every answer in, as the settings, the weigh-in and the goal they give. */
export interface CompletedOnboarding {
  settings: {
    units: Units;
    weightUnit: WeightUnit;
    sex: Sex;
    birthYear: number;
    heightCm: number;
    goalWeightKg: number;
    weeklyRateKg: number;
    activityLevel: number;
  };
  weightKg: number;
  suggestion: CalorieSuggestion;
}

/** The answers as what is saved, or null while one is missing or refused. */
export function completeOnboarding(answers: OnboardingAnswers, year: number): CompletedOnboarding | null {
  if (firstOpenStep(answers, year) !== 'result') return null;
  const { sex, birthYear, heightCm, weightKg, activityLevel } = answers;
  if (
    sex === undefined ||
    birthYear === undefined ||
    heightCm === undefined ||
    weightKg === undefined ||
    activityLevel === undefined
  ) {
    return null;
  }
  const keeping = answers.goal === 'keep';
  const weeklyRateKg = keeping ? 0 : (answers.weeklyRateKg ?? 0);
  const goalWeightKg = keeping ? weightKg : (answers.goalWeightKg ?? weightKg);
  return {
    settings: {
      units: answers.units,
      weightUnit: answers.weightUnit,
      sex,
      birthYear,
      heightCm: Math.round(heightCm * 10) / 10,
      goalWeightKg: Math.round(goalWeightKg * 10) / 10,
      weeklyRateKg,
      activityLevel,
    },
    weightKg: Math.round(weightKg * 10) / 10,
    suggestion: suggestCalorieGoal({ sex, birthYear, heightCm, weightKg, activityLevel, weeklyRateKg }, year),
  };
}

/**
 * Whether a person's settings lack what a calorie goal by the formula needs, so the app offers
 * the questions (an account made before they existed, or one that skipped them).
 */
export function needsOnboarding(settings: {
  sex: Sex | null;
  birthYear: number | null;
  heightCm: number | null;
  activityLevel: number | null;
}): boolean {
  return (
    settings.sex === null ||
    settings.birthYear === null ||
    settings.heightCm === null ||
    settings.activityLevel === null
  );
}
