import { describe, expect, it } from 'vitest';
import {
  completeOnboarding,
  firstOpenStep,
  nextStep,
  pacesFor,
  previousStep,
  stepRefusal,
  stepsFor,
  unitsForLocale,
  type OnboardingAnswers,
} from './onboarding';

const YEAR = 2026;
const METRIC = { units: 'metric', weightUnit: 'kg' } as const;

const LOSING: OnboardingAnswers = {
  ...METRIC,
  goal: 'lose',
  sex: 'female',
  birthYear: 1990,
  heightCm: 168,
  weightKg: 78,
  goalWeightKg: 68,
  weeklyRateKg: -0.5,
  activityLevel: 1.375,
};

describe('unitsForLocale', () => {
  it('presets pounds for a browser in the United States and kilograms elsewhere', () => {
    expect(unitsForLocale('en-US')).toEqual({ units: 'imperial', weightUnit: 'lb' });
    expect(unitsForLocale('en')).toEqual({ units: 'imperial', weightUnit: 'lb' });
    expect(unitsForLocale('en-GB')).toEqual(METRIC);
    expect(unitsForLocale('de-DE')).toEqual(METRIC);
    expect(unitsForLocale('fr')).toEqual(METRIC);
    expect(unitsForLocale('not a tag')).toEqual(METRIC);
    expect(unitsForLocale(undefined)).toEqual(METRIC);
  });
});

describe('stepsFor', () => {
  it('asks for a goal weight and a pace only to lose or gain', () => {
    expect(stepsFor(LOSING)).toHaveLength(9);
    expect(stepsFor({ ...LOSING, goal: 'keep' })).toEqual([
      'goal',
      'sex',
      'birthYear',
      'height',
      'weight',
      'activity',
      'result',
    ]);
  });

  it('moves forward and back through the questions asked', () => {
    const keeping = { ...LOSING, goal: 'keep' } as const;
    expect(nextStep('weight', keeping)).toBe('activity');
    expect(previousStep('activity', keeping)).toBe('weight');
    expect(nextStep('weight', LOSING)).toBe('goalWeight');
    expect(previousStep('goal', LOSING)).toBeNull();
    expect(nextStep('result', LOSING)).toBe('result');
  });
});

describe('stepRefusal', () => {
  it('refuses a missing answer with a sentence that says what to do', () => {
    expect(stepRefusal('goal', METRIC, YEAR)).toBe('Choose what you want to do.');
    expect(stepRefusal('activity', METRIC, YEAR)).toBe('Choose how active you are.');
  });

  it('takes years of birth from 120 to 13 years ago', () => {
    expect(stepRefusal('birthYear', { ...METRIC, birthYear: 2013 }, YEAR)).toBeNull();
    expect(stepRefusal('birthYear', { ...METRIC, birthYear: 1906 }, YEAR)).toBeNull();
    expect(stepRefusal('birthYear', { ...METRIC, birthYear: 2014 }, YEAR)).toBe(
      'Enter a year of birth from 1906 to 2013.',
    );
    expect(stepRefusal('birthYear', { ...METRIC, birthYear: Number.NaN }, YEAR)).not.toBeNull();
  });

  it('refuses heights and weights outside the contract’s bounds', () => {
    expect(stepRefusal('height', { ...METRIC, heightCm: 99 }, YEAR)).not.toBeNull();
    expect(stepRefusal('height', { ...METRIC, heightCm: 250 }, YEAR)).toBeNull();
    expect(stepRefusal('weight', { ...METRIC, weightKg: 19.9 }, YEAR)).not.toBeNull();
    expect(stepRefusal('weight', { ...METRIC, weightKg: 500 }, YEAR)).toBeNull();
  });

  it('wants a goal weight below today’s to lose and above it to gain', () => {
    expect(stepRefusal('goalWeight', { ...LOSING, goalWeightKg: 78 }, YEAR)).toBe(
      'To lose weight, the goal must be below what you weigh today.',
    );
    expect(stepRefusal('goalWeight', { ...LOSING, goal: 'gain', goalWeightKg: 70 }, YEAR)).toBe(
      'To gain weight, the goal must be above what you weigh today.',
    );
    expect(stepRefusal('goalWeight', { ...LOSING, goalWeightKg: 29 }, YEAR)).not.toBeNull();
  });

  it('offers losses to lose and gains to gain, and refuses a pace of the other direction', () => {
    expect(pacesFor('lose')).toEqual([-1, -0.75, -0.5, -0.25]);
    expect(pacesFor('gain')).toEqual([0.25, 0.5]);
    expect(stepRefusal('pace', { ...LOSING, weeklyRateKg: 0.25 }, YEAR)).toBe('Choose a pace.');
  });
});

describe('completeOnboarding', () => {
  it('gives the settings, the first weigh-in and the formula’s goal', () => {
    const done = completeOnboarding(LOSING, YEAR);
    expect(done?.settings).toEqual({
      ...METRIC,
      sex: 'female',
      birthYear: 1990,
      heightCm: 168,
      goalWeightKg: 68,
      weeklyRateKg: -0.5,
      activityLevel: 1.375,
    });
    expect(done?.weightKg).toBe(78);
    // Mifflin–St Jeor: 10·78 + 6.25·168 − 5·36 − 161 = 1489; × 1.375 = 2047.4; − 550 = 1497.4 → 1500.
    expect(done?.suggestion).toMatchObject({ bmrKcal: 1489, maintenanceKcal: 2047, suggestedKcal: 1500 });
  });

  it('keeps the weight as the goal, at no pace, for someone keeping it', () => {
    const done = completeOnboarding(
      { ...LOSING, goal: 'keep', goalWeightKg: undefined, weeklyRateKg: undefined },
      YEAR,
    );
    expect(done?.settings).toMatchObject({ goalWeightKg: 78, weeklyRateKg: 0 });
  });

  it('answers nothing while an answer is missing, and names the first open question', () => {
    const missing = { ...LOSING, heightCm: undefined };
    expect(completeOnboarding(missing, YEAR)).toBeNull();
    expect(firstOpenStep(missing, YEAR)).toBe('height');
    expect(firstOpenStep(LOSING, YEAR)).toBe('result');
  });
});
