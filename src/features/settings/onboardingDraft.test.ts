import { describe, expect, it } from 'vitest';
import {
  keepOnboardingDraft,
  ONBOARDING_STORAGE_KEY,
  readOnboardingAnswers,
  readOnboardingDraft,
} from './onboardingDraft';

const METRIC = { units: 'metric', weightUnit: 'kg' } as const;

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & {
  items: Map<string, string>;
} {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe('the first-day questions’ draft', () => {
  it('resumes an account’s answers and step, and no one else’s', () => {
    const storage = memoryStorage();
    keepOnboardingDraft(
      'alice',
      { step: 'height', answers: { ...METRIC, goal: 'lose', sex: 'female', birthYear: 1990 } },
      storage,
    );
    expect(readOnboardingDraft('alice', METRIC, storage)).toEqual({
      step: 'height',
      answers: { ...METRIC, goal: 'lose', sex: 'female', birthYear: 1990 },
    });
    expect(readOnboardingDraft('bob', METRIC, storage)).toBeNull();
  });

  it('drops what is not an answer of the right type, and survives what is not JSON', () => {
    const storage = memoryStorage();
    storage.setItem(
      ONBOARDING_STORAGE_KEY,
      JSON.stringify({
        account: 'alice',
        step: 'nowhere',
        answers: { goal: 'fly', sex: 'male', heightCm: '180', weightKg: 80, units: 'cubits', admin: true },
      }),
    );
    expect(readOnboardingDraft('alice', METRIC, storage)).toEqual({
      step: 'goal',
      answers: { ...METRIC, sex: 'male', weightKg: 80 },
    });
    storage.setItem(ONBOARDING_STORAGE_KEY, '{not json');
    expect(readOnboardingDraft('alice', METRIC, storage)).toBeNull();
  });

  it('reads the posted answers as strictly', () => {
    expect(readOnboardingAnswers('{"goal":"keep","activityLevel":1.55,"birthYear":"1990"}', METRIC)).toEqual({
      ...METRIC,
      goal: 'keep',
      activityLevel: 1.55,
    });
    expect(readOnboardingAnswers('[', METRIC)).toEqual(METRIC);
    expect(readOnboardingAnswers(null, METRIC)).toEqual(METRIC);
  });
});
