// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCatalogue } from '../../cloud/catalogue/catalogueFood';
import { addDays, localDay } from '../../src/domain/calendarDays';
import { activityRules, mealRules, settingsRules, weightEntryRules } from '../../src/domain/contract';
import { checkFields } from '../../src/domain/fieldRules';
import { DEMO_FOODS, DEMO_HISTORY_DAYS, planDemo, type DemoPlanInput } from './demoData';

const catalogue = new Map(
  parseCatalogue(
    JSON.parse(readFileSync(new URL('../../cloud/catalogue/foods.json', import.meta.url), 'utf8')),
  ).map((food) => [food.name, food]),
);
const timeZone = 'Europe/Berlin';
const now = new Date('2026-11-25T15:00:00Z');
const input: DemoPlanInput = {
  now,
  today: localDay(now, timeZone),
  timeZone,
  kcalPer100g: (food) => catalogue.get(food)?.kcalPer100g ?? Number.NaN,
};
const plan = planDemo(input);
const { me } = plan;

describe('planDemo', () => {
  it('gives the same rows for the same day, zone and foods', () => {
    expect(planDemo(input)).toEqual(plan);
  });

  it('uses only foods of the catalogue', () => {
    expect(DEMO_FOODS.filter((food) => !catalogue.has(food))).toEqual([]);
  });

  it('writes only rows and settings the contract accepts, none after now', () => {
    for (const person of Object.values(plan)) {
      expect(checkFields(settingsRules, { ...person.settings })).toEqual([]);
      for (const row of person.workouts) expect(checkFields(activityRules, { ...row })).toEqual([]);
      for (const row of person.weighIns) expect(checkFields(weightEntryRules, { ...row })).toEqual([]);
      for (const row of person.meals) {
        expect(checkFields(mealRules, { ...row, name: row.food, caloriesKcal: 0 })).toEqual([]);
      }
      const instants = [
        ...person.workouts.map((row) => row.startedAt),
        ...person.weighIns.map((row) => row.measuredAt),
        ...person.meals.map((row) => row.eatenAt),
      ];
      expect(instants.filter((instant) => instant > now)).toEqual([]);
    }
  });

  it('spans three months up to today with weigh-ins and meals on most days', () => {
    const days = (instants: Date[]) => new Set(instants.map((instant) => localDay(instant, timeZone)));
    const first = addDays(input.today, -(DEMO_HISTORY_DAYS - 1));
    const weighInDays = days(me.weighIns.map((row) => row.measuredAt));
    const mealDays = days(me.meals.map((row) => row.eatenAt));
    expect([...weighInDays, ...mealDays].every((day) => day >= first && day <= input.today)).toBe(true);
    expect(weighInDays.size).toBeGreaterThan(DEMO_HISTORY_DAYS * 0.75);
    expect(mealDays.size).toBeGreaterThan(DEMO_HISTORY_DAYS * 0.85);
  });

  it('works out a few times a week in several types, with plausible durations and distances', () => {
    const perWeek = me.workouts.length / (DEMO_HISTORY_DAYS / 7);
    expect(perWeek).toBeGreaterThan(2.5);
    expect(perWeek).toBeLessThan(6);
    expect(new Set(me.workouts.map((row) => row.type)).size).toBeGreaterThanOrEqual(5);
    for (const run of me.workouts.filter((row) => row.type === 'run')) {
      const minutesPerKm = run.durationMin / (run.distanceKm ?? 0);
      expect(minutesPerKm).toBeGreaterThan(5);
      expect(minutesPerKm).toBeLessThan(7);
    }
  });

  it('eats about the calorie goal a day, more at weekends', () => {
    const byDay = new Map<string, number>();
    for (const meal of me.meals) {
      const day = localDay(meal.eatenAt, timeZone);
      const kcal = (input.kcalPer100g(meal.food) * meal.grams) / 100;
      byDay.set(day, (byDay.get(day) ?? 0) + kcal);
    }
    byDay.delete(input.today);
    const totals = [...byDay.values()];
    const mean = totals.reduce((sum, kcal) => sum + kcal, 0) / totals.length;
    expect(Math.abs(mean - me.settings.dailyCalorieGoal)).toBeLessThan(250);
    expect(Math.min(...totals)).toBeGreaterThan(1300);
    expect(Math.max(...totals)).toBeLessThan(3500);
  });

  it('loses weight slowly toward the goal, with day-to-day noise', () => {
    const weights = me.weighIns.map((row) => row.weightKg);
    const firstWeek = weights.slice(0, 6);
    const lastWeek = weights.slice(-6);
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const lostKg = mean(firstWeek) - mean(lastWeek);
    expect(lostKg).toBeGreaterThan(3);
    expect(lostKg).toBeLessThan(8);
    expect(Math.min(...weights)).toBeGreaterThan(me.settings.goalWeightKg);
    const ups = weights.filter((weight, index) => index > 0 && weight > (weights[index - 1] ?? weight));
    expect(ups.length).toBeGreaterThan(weights.length / 5);
  });
});
