import { describe, expect, it } from 'vitest';
import {
  bmi,
  bmiClass,
  dailyEnergyBalanceKcal,
  dailyMeans,
  forecastGoal,
  isFastRate,
  trendOf,
  trendOn,
  weeklyRateKg,
} from './weight';

describe('dailyMeans', () => {
  it('averages the weigh-ins of one local day', () => {
    const daily = dailyMeans(
      [
        { measuredAt: new Date('2026-11-20T06:00:00Z'), weightKg: 80 },
        { measuredAt: new Date('2026-11-20T20:00:00Z'), weightKg: 81 },
        { measuredAt: new Date('2026-11-19T23:30:00Z'), weightKg: 79 }, // 20 Nov in Berlin
      ],
      'Europe/Berlin',
    );

    expect(daily).toEqual([{ date: '2026-11-20', weightKg: 80 }]);
  });
});

describe('trendOf', () => {
  it('moves 10 % per day and 1 − 0.9^d after a gap of d days (worked by hand)', () => {
    const trend = trendOf([
      { date: '2026-11-01', weightKg: 80 },
      { date: '2026-11-02', weightKg: 81 },
      { date: '2026-11-05', weightKg: 78 },
    ]);

    expect(trend[0]?.trendKg).toBe(80);
    expect(trend[1]?.trendKg).toBeCloseTo(80.1, 10); // 80 + 0.1 × (81 − 80)
    expect(trend[2]?.trendKg).toBeCloseTo(79.5309, 4); // 80.1 + 0.271 × (78 − 80.1)
  });

  it('reads the trend on a day without a weigh-in from the day before', () => {
    const trend = trendOf([
      { date: '2026-11-01', weightKg: 80 },
      { date: '2026-11-05', weightKg: 78 },
    ]);

    expect(trendOn(trend, '2026-11-03')).toBe(80);
    expect(trendOn(trend, '2026-10-30')).toBeUndefined();
  });
});

describe('weeklyRateKg', () => {
  it('is the least-squares slope of the trend over the last 28 days, per week', () => {
    // A trend falling 1 kg in 14 days: −0.5 kg per week.
    const trend = Array.from({ length: 15 }, (_, day) => ({
      date: `2026-11-${String(day + 1).padStart(2, '0')}`,
      trendKg: 80 - day / 14,
    }));

    expect(weeklyRateKg(trend, '2026-11-15')).toBeCloseTo(-0.5, 10);
  });

  it('ignores points older than the window and needs a week of data', () => {
    expect(
      weeklyRateKg(
        [
          { date: '2026-01-01', trendKg: 100 },
          { date: '2026-11-10', trendKg: 80 },
          { date: '2026-11-14', trendKg: 79.9 },
        ],
        '2026-11-15',
      ),
    ).toBeNull();
  });
});

describe('forecastGoal', () => {
  it('gives the date the goal is reached at the current rate', () => {
    // 5 kg to lose at 0.5 kg per week: 70 days.
    expect(forecastGoal(80, 75, -0.5, '2026-11-22')).toEqual({ kind: 'date', date: '2027-01-31', weeks: 10 });
  });

  it('says so when the trend moves away from the goal, is flat, or has arrived', () => {
    expect(forecastGoal(80, 75, 0.3, '2026-11-22')).toEqual({ kind: 'away' });
    expect(forecastGoal(80, 75, 0, '2026-11-22')).toEqual({ kind: 'flat' });
    expect(forecastGoal(75.05, 75, -0.5, '2026-11-22')).toEqual({ kind: 'reached' });
    expect(forecastGoal(60, 65, 0.25, '2026-11-22').kind).toBe('date');
  });
});

describe('energy, BMI and warnings', () => {
  it('turns a weekly rate into a daily energy balance at 7 700 kcal per kg', () => {
    expect(dailyEnergyBalanceKcal(-0.5)).toBe(-550);
  });

  it('computes BMI and its WHO class at the class edges', () => {
    expect(bmi(70, 175)).toBeCloseTo(22.857, 3);
    expect(bmiClass(18.49)).toBe('Underweight');
    expect(bmiClass(18.5)).toBe('Normal weight');
    expect(bmiClass(24.99)).toBe('Normal weight');
    expect(bmiClass(25)).toBe('Overweight');
    expect(bmiClass(30)).toBe('Obesity class I');
    expect(bmiClass(35)).toBe('Obesity class II');
    expect(bmiClass(40)).toBe('Obesity class III');
  });

  it('warns above 1 % of body weight per week', () => {
    expect(isFastRate(-0.9, 80)).toBe(true);
    expect(isFastRate(-0.8, 80)).toBe(false);
  });
});
