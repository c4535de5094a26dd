import { describe, expect, it } from 'vitest';
import {
  bmrKcal,
  bodyDataOf,
  calorieGoalFromExpenditure,
  dailyCalorieGoal,
  suggestCalorieGoal,
} from './goals';

describe('bmrKcal', () => {
  it('follows Mifflin–St Jeor for men and women', () => {
    // 10·80 + 6.25·180 − 5·30 + 5 = 800 + 1125 − 150 + 5
    expect(bmrKcal('male', 80, 180, 30)).toBe(1780);
    // 10·60 + 6.25·165 − 5·40 − 161 = 600 + 1031.25 − 200 − 161
    expect(bmrKcal('female', 60, 165, 40)).toBe(1270.25);
    expect(bmrKcal('other', 60, 165, 40)).toBe(1353.25);
  });
});

describe('suggestCalorieGoal', () => {
  it('multiplies by the activity level and takes the weekly deficit off (hand-worked)', () => {
    // BMR 1780; × 1.55 = 2759; −0.5 kg/week × 7700 / 7 = −550 a day; 2209 → 2210.
    expect(
      suggestCalorieGoal(
        {
          sex: 'male',
          birthYear: 1996,
          heightCm: 180,
          weightKg: 80,
          activityLevel: 1.55,
          weeklyRateKg: -0.5,
        },
        2026,
      ),
    ).toEqual({
      age: 30,
      bmrKcal: 1780,
      maintenanceKcal: 2759,
      dailyAdjustmentKcal: -550,
      floorKcal: 1500,
      suggestedKcal: 2210,
      atFloor: false,
    });
  });

  it('adds the surplus for a gain', () => {
    // BMR 1270.25 × 1.375 = 1746.6; +0.25 × 1100 = +275; 2021.6 → 2020.
    const suggestion = suggestCalorieGoal(
      {
        sex: 'female',
        birthYear: 1986,
        heightCm: 165,
        weightKg: 60,
        activityLevel: 1.375,
        weeklyRateKg: 0.25,
      },
      2026,
    );
    expect(suggestion.suggestedKcal).toBe(2020);
    expect(suggestion.atFloor).toBe(false);
  });

  it('never suggests less than the floor for the sex', () => {
    // BMR 1270.25 × 1.2 = 1524.3; −1 kg/week = −1100; 424 → the floor 1200.
    const woman = suggestCalorieGoal(
      { sex: 'female', birthYear: 1986, heightCm: 165, weightKg: 60, activityLevel: 1.2, weeklyRateKg: -1 },
      2026,
    );
    expect(woman).toMatchObject({ suggestedKcal: 1200, floorKcal: 1200, atFloor: true });
    // BMR 1780 × 1.2 = 2136; −1100 = 1036 → the men's floor 1500.
    const man = suggestCalorieGoal(
      { sex: 'male', birthYear: 1996, heightCm: 180, weightKg: 80, activityLevel: 1.2, weeklyRateKg: -1 },
      2026,
    );
    expect(man).toMatchObject({ suggestedKcal: 1500, floorKcal: 1500, atFloor: true });
  });
});

describe('calorieGoalFromExpenditure', () => {
  it('takes the weekly rate’s daily deficit off the measured expenditure', () => {
    // −0.5 kg a week × 7 700 / 7 = 550 a day; 2 480 − 550 = 1 930.
    expect(calorieGoalFromExpenditure(2480, -0.5, 'female')).toBe(1930);
    // +0.25 kg a week adds 275: 2 480 + 275 = 2 755 → 2 760.
    expect(calorieGoalFromExpenditure(2480, 0.25, 'male')).toBe(2760);
  });

  it('keeps the expenditure itself when no rate is chosen', () => {
    expect(calorieGoalFromExpenditure(2213, null, null)).toBe(2210);
  });

  it('never goes below the floor of the person’s sex, the women’s while it is unset', () => {
    expect(calorieGoalFromExpenditure(1900, -1, 'male')).toBe(1500);
    expect(calorieGoalFromExpenditure(1900, -1, 'female')).toBe(1200);
    expect(calorieGoalFromExpenditure(1900, -1, null)).toBe(1200);
  });

  it('stays within the contract’s 6 000 kcal', () => {
    expect(calorieGoalFromExpenditure(6400, 0.5, 'male')).toBe(6000);
  });
});

describe('dailyCalorieGoal', () => {
  const body = {
    sex: 'male',
    birthYear: 1986,
    heightCm: 180,
    weightKg: 90,
    activityLevel: 1.55,
    weeklyRateKg: -0.5,
  } as const;

  it('is the person’s own goal when they set one', () => {
    expect(dailyCalorieGoal(2300, false, body, 2026)).toEqual({ kcal: 2300, source: 'own' });
  });

  it('is the goal that follows the measured burn when the person chose that', () => {
    expect(dailyCalorieGoal(2140, true, body, 2026)).toEqual({ kcal: 2140, source: 'adaptive' });
  });

  it('is the formula’s suggestion otherwise, and nothing without body data', () => {
    expect(dailyCalorieGoal(null, false, body, 2026)).toEqual({
      kcal: suggestCalorieGoal(body, 2026).suggestedKcal,
      source: 'formula',
    });
    expect(dailyCalorieGoal(null, false, null, 2026)).toBeNull();
  });
});

describe('bodyDataOf', () => {
  const stored = {
    sex: 'female',
    birthYear: 1990,
    heightCm: 165,
    activityLevel: 1.2,
    weeklyRateKg: null,
  } as const;

  it('takes no pace as keeping the weight', () => {
    expect(bodyDataOf(stored, 70)).toEqual({ ...stored, weightKg: 70, weeklyRateKg: 0 });
  });

  it('is null while the weight or any body value is unknown', () => {
    expect(bodyDataOf(stored, null)).toBeNull();
    expect(bodyDataOf({ ...stored, heightCm: null }, 70)).toBeNull();
  });
});
