import { describe, expect, it } from 'vitest';
import type { DayTotals } from './activityStats';
import { summarizeDashboard, type DashboardInput } from './dashboard';

const NOW = new Date('2026-03-12T15:00:00Z'); // Thursday

function day(date: string, minutes: number, kcal = 0, sessions = 1): DayTotals {
  return { date, minutes, kcal, sessions };
}

function input(overrides: Partial<DashboardInput> = {}): DashboardInput {
  return {
    date: '2026-03-12',
    now: NOW,
    timeZone: 'UTC',
    weekStartsOn: 1,
    weeklyGoalMin: 150,
    calorieGoal: null,
    countsExercise: false,
    bodyDataMissing: true,
    goalWeightKg: null,
    weightUnit: 'kg',
    eatenKcal: 0,
    mealCount: 0,
    workoutDays: [],
    dailyWeights: [],
    ...overrides,
  };
}

describe('summarizeDashboard', () => {
  it('answers zeros, nulls and the default goals when nothing is logged', () => {
    const summary = summarizeDashboard(input());

    expect(summary).toMatchObject({
      date: '2026-03-12',
      today: '2026-03-12',
      caloriesEatenKcal: 0,
      caloriesBurnedKcal: 0,
      workoutsOnDay: 0,
      calorieGoal: null,
      calorieBalance: null,
      week: { start: '2026-03-09', activeMinutes: 0, sessions: 0, goalMinutes: 150, metGoal: false },
      weight: {
        weightUnit: 'kg',
        trendKg: null,
        weeklyChangeKg: null,
        weeklyRateKg: null,
        forecast: null,
        lastWeighIn: null,
      },
      streak: { currentDays: 0, longestDays: 0 },
      counts: { meals: 0, workouts: 0, weighInDays: 0 },
    });
  });

  it('gives what is left of the calorie goal, and what is over it', () => {
    const goal = { kcal: 2000, source: 'own' } as const;
    const under = summarizeDashboard(input({ eatenKcal: 1450.04, calorieGoal: goal }));
    expect(under.caloriesEatenKcal).toBe(1450);
    expect(under.calorieBalance).toMatchObject({ remainingKcal: 550, overKcal: 0 });

    const over = summarizeDashboard(input({ eatenKcal: 2300, calorieGoal: goal }));
    expect(over.calorieBalance).toMatchObject({ remainingKcal: 0, overKcal: 300 });
  });

  it('adds the day’s workouts to what is left only when the person counts them', () => {
    const goal = { kcal: 2000, source: 'formula' } as const;
    const workoutDays = [day('2026-03-12', 45, 320.4)];
    const counted = summarizeDashboard(
      input({ eatenKcal: 1500, calorieGoal: goal, workoutDays, countsExercise: true }),
    );
    expect(counted.calorieGoal).toBe(2000);
    expect(counted.calorieBalance).toMatchObject({
      goalKcal: 2000,
      source: 'formula',
      exerciseKcal: 320,
      remainingKcal: 820,
    });

    const notCounted = summarizeDashboard(input({ eatenKcal: 1500, calorieGoal: goal, workoutDays }));
    expect(notCounted.calorieBalance).toMatchObject({ exerciseKcal: 0, remainingKcal: 500 });
    expect(notCounted.caloriesBurnedKcal).toBe(320.4);
  });

  it('counts the burn of the day and the minutes of its week from the week start', () => {
    const workoutDays = [
      day('2026-03-07', 60, 400), // Saturday before
      day('2026-03-08', 30, 200), // Sunday
      day('2026-03-10', 40, 300),
      day('2026-03-12', 60, 450.25, 2),
    ];
    const fromMonday = summarizeDashboard(input({ workoutDays }));
    expect(fromMonday.caloriesBurnedKcal).toBe(450.3);
    expect(fromMonday.workoutsOnDay).toBe(2);
    expect(fromMonday.week).toMatchObject({ start: '2026-03-09', activeMinutes: 100, sessions: 3 });
    expect(fromMonday.counts.workouts).toBe(5);

    const fromSunday = summarizeDashboard(input({ workoutDays, weekStartsOn: 0, weeklyGoalMin: 120 }));
    expect(fromSunday.week).toMatchObject({
      start: '2026-03-08',
      activeMinutes: 130,
      goalMinutes: 120,
      metGoal: true,
    });
  });

  it('counts the streak up to the chosen day, or the day before while it has no workout yet', () => {
    const workoutDays = [
      day('2026-03-05', 30),
      day('2026-03-06', 30),
      day('2026-03-10', 30),
      day('2026-03-11', 30),
    ];

    expect(summarizeDashboard(input({ workoutDays })).streak).toEqual({ currentDays: 2, longestDays: 2 });
    expect(summarizeDashboard(input({ workoutDays, date: '2026-03-06' })).streak.currentDays).toBe(2);
    expect(summarizeDashboard(input({ workoutDays, date: '2026-03-08' })).streak.currentDays).toBe(0);
  });

  it('follows the weight trend up to the chosen day, with its weekly change and the forecast', () => {
    const dailyWeights = [
      { date: '2026-03-01', weightKg: 90 },
      { date: '2026-03-12', weightKg: 80 },
      { date: '2026-03-13', weightKg: 60 },
    ];
    const summary = summarizeDashboard(input({ dailyWeights, goalWeightKg: 75 }));

    // α = 1 − 0.9^11 after an 11-day gap.
    const trendKg = 90 + (1 - 0.9 ** 11) * (80 - 90);
    expect(summary.weight.trendKg).toBeCloseTo(trendKg, 9);
    expect(summary.weight.weeklyChangeKg).toBeCloseTo(trendKg - 90, 9);
    const rate = ((trendKg - 90) / 11) * 7;
    expect(summary.weight.weeklyRateKg).toBeCloseTo(rate, 9);
    const days = Math.ceil(((75 - trendKg) / rate) * 7);
    expect(summary.weight.forecast).toEqual({
      kind: 'date',
      date: '2026-03-26',
      weeks: Math.round((days / 7) * 10) / 10,
    });
    expect(summary.weight.lastWeighIn).toBe('2026-03-12');
    expect(summary.counts.weighInDays).toBe(3);
  });

  it('gives no weekly change or forecast date from a single weigh-in', () => {
    const summary = summarizeDashboard(
      input({ dailyWeights: [{ date: '2026-03-10', weightKg: 82 }], goalWeightKg: 75, weightUnit: 'lb' }),
    );

    expect(summary.weight).toMatchObject({
      weightUnit: 'lb',
      trendKg: 82,
      weeklyChangeKg: null,
      weeklyRateKg: null,
      forecast: { kind: 'flat' },
    });
  });

  it('names the local day of now in the person’s zone as today', () => {
    const lateEvening = new Date('2026-03-12T23:30:00Z');
    expect(summarizeDashboard(input({ now: lateEvening, timeZone: 'Asia/Tokyo' })).today).toBe('2026-03-13');
  });
});
