import { describe, expect, it } from 'vitest';
import { ACTIVITY_TYPE_INFO, DEFAULT_BODY_WEIGHT_KG, estimateCaloriesKcal, takesDistance } from './activity';
import { ACTIVITY_TYPES } from './contract';

describe('estimateCaloriesKcal', () => {
  it('uses net MET × kg × hours: a 30-minute run at 70 kg burns (8 − 1) × 70 × 0.5 = 245 kcal', () => {
    expect(estimateCaloriesKcal('run', 30, 70)).toBe(245);
  });

  it('scales with body weight and duration', () => {
    // Walking: (3.5 − 1) × 90 kg × 1.5 h = 337.5 → 338
    expect(estimateCaloriesKcal('walk', 90, 90)).toBe(338);
    expect(estimateCaloriesKcal('yoga', 60, 50)).toBe(75);
  });

  it('names every type of the contract with a label and a MET above resting', () => {
    for (const type of ACTIVITY_TYPES) {
      expect(ACTIVITY_TYPE_INFO[type].label).not.toBe('');
      expect(ACTIVITY_TYPE_INFO[type].met).toBeGreaterThan(1);
    }
    expect(DEFAULT_BODY_WEIGHT_KG).toBe(70);
  });
});

describe('takesDistance', () => {
  it('asks a distance of the types that cover one, and none of strength, yoga and HIIT', () => {
    expect(ACTIVITY_TYPES.filter(takesDistance)).toEqual([
      'run',
      'walk',
      'cycle',
      'swim',
      'hike',
      'row',
      'other',
    ]);
  });
});
