import { describe, expect, it } from 'vitest';
import { computeActivityStats, totalsByDay, type ActivityRecord } from './activityStats';

const NOW = new Date('2026-11-22T12:00:00Z'); // Sunday

function workout(iso: string, durationMin = 30, caloriesKcal = 200): ActivityRecord {
  return { startedAt: new Date(iso), durationMin, caloriesKcal };
}

function stats(
  activities: ActivityRecord[],
  overrides: Partial<Parameters<typeof computeActivityStats>[0]> = {},
) {
  const timeZone = overrides.timeZone ?? 'UTC';
  return computeActivityStats({
    days: totalsByDay(activities, timeZone),
    timeZone,
    weekStartsOn: 1,
    weeklyGoalMin: 150,
    month: '2026-11',
    now: NOW,
    ...overrides,
  });
}

describe('computeActivityStats', () => {
  it('sums a day with two workouts and lists only days of the month', () => {
    const result = stats([
      workout('2026-11-20T07:00:00Z', 30, 250),
      workout('2026-11-20T18:00:00Z', 45, 300),
      workout('2026-10-31T10:00:00Z', 60, 400),
    ]);

    expect(result.days).toEqual([{ date: '2026-11-20', minutes: 75, kcal: 550, sessions: 2 }]);
    expect(result.today).toBe('2026-11-22');
  });

  it('counts a workout at 23:30 local time on that local day, not the UTC one', () => {
    const lateInTokyo = workout('2026-11-21T14:30:00Z'); // 23:30 in Tokyo
    expect(stats([lateInTokyo], { timeZone: 'Asia/Tokyo' }).days[0]?.date).toBe('2026-11-21');
    const lateInLosAngeles = workout('2026-11-22T07:30:00Z'); // 23:30 on the 21st in LA
    expect(stats([lateInLosAngeles], { timeZone: 'America/Los_Angeles' }).days[0]?.date).toBe('2026-11-21');
  });

  it('totals this week from its first day (Monday by default, Sunday when asked)', () => {
    const activities = [workout('2026-11-16T08:00:00Z', 40), workout('2026-11-22T08:00:00Z', 20)];

    expect(stats(activities).thisWeek).toMatchObject({ start: '2026-11-16', minutes: 60, sessions: 2 });
    expect(stats(activities, { weekStartsOn: 0 }).thisWeek).toMatchObject({
      start: '2026-11-22',
      minutes: 20,
      sessions: 1,
    });
  });

  it('gives 12 weeks oldest first, empty weeks as zero, and marks weeks meeting the goal', () => {
    const result = stats([workout('2026-11-10T08:00:00Z', 160), workout('2026-09-01T08:00:00Z', 10)]);

    expect(result.weeks).toHaveLength(12);
    expect(result.weeks[0]).toMatchObject({ start: '2026-08-31', minutes: 10, metGoal: false });
    expect(result.weeks[11]?.start).toBe('2026-11-16');
    expect(result.weeks[10]).toMatchObject({ start: '2026-11-09', minutes: 160, metGoal: true });
    expect(result.weeks[11]).toMatchObject({ minutes: 0, metGoal: false });
  });

  it('keeps the day streak alive through yesterday while today has nothing yet, and breaks it on a gap', () => {
    const result = stats([
      workout('2026-11-18T08:00:00Z'),
      workout('2026-11-19T08:00:00Z'),
      workout('2026-11-20T08:00:00Z'),
      workout('2026-11-21T08:00:00Z'),
      workout('2026-11-10T08:00:00Z'),
      workout('2026-11-11T08:00:00Z'),
    ]);

    expect(result.streaks.currentDays).toBe(4);
    expect(result.streaks.longestDays).toBe(4);
    const broken = stats([workout('2026-11-20T08:00:00Z'), workout('2026-11-19T08:00:00Z')]);
    expect(broken.streaks.currentDays).toBe(0);
    expect(broken.streaks.longestDays).toBe(2);
  });

  it('counts weeks meeting the goal in a row, carrying last week while this one is open', () => {
    const result = stats([
      workout('2026-11-10T08:00:00Z', 150), // week of 9 Nov: met
      workout('2026-11-03T08:00:00Z', 150), // week of 2 Nov: met
      workout('2026-10-20T08:00:00Z', 200), // week of 19 Oct: met, but 26 Oct is a gap
      workout('2026-11-17T08:00:00Z', 30), // this week: not yet
    ]);

    expect(result.streaks.currentWeeks).toBe(2);
    expect(result.streaks.longestWeeks).toBe(2);
    const thisWeekMet = stats([workout('2026-11-17T08:00:00Z', 150), workout('2026-11-10T08:00:00Z', 150)]);
    expect(thisWeekMet.streaks.currentWeeks).toBe(2);
  });

  it('answers zeros for a person with no workouts', () => {
    const result = stats([]);

    expect(result.days).toEqual([]);
    expect(result.thisWeek).toMatchObject({ minutes: 0, kcal: 0, sessions: 0, metGoal: false });
    expect(result.streaks).toEqual({ currentDays: 0, longestDays: 0, currentWeeks: 0, longestWeeks: 0 });
  });
});
