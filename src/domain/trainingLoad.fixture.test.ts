import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emptyStateBefore, loadDaysFrom } from './trainingLoad';

/**
 * src/domain/fixtures/trainingLoad.csv, written by scripts/training-load-fixture.py: fitness and
 * fatigue as a sum over every earlier day's fading load, computed apart from the app's day-to-day
 * update.
 */
const rows = readFileSync(new URL('./fixtures/trainingLoad.csv', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [date = '', load, fitness, fatigue, form] = line.split(',');
    return {
      date,
      load: Number(load),
      fitness: Number(fitness),
      fatigue: Number(fatigue),
      form: Number(form),
    };
  });

describe('loadDaysFrom against an independent computation', () => {
  const first = rows[0]?.date ?? '';
  const last = rows.at(-1)?.date ?? '';
  const loads = new Map(rows.map((row) => [row.date, row.load]));

  it('gives each day the fixture’s fitness, fatigue and form', () => {
    const days = loadDaysFrom(emptyStateBefore(first), loads, last);
    expect(days).toHaveLength(rows.length);
    days.forEach((day, index) => {
      const row = rows[index];
      expect(day.date).toBe(row?.date);
      expect(day.load).toBe(row?.load);
      expect(day.fitness).toBeCloseTo(row?.fitness ?? NaN, 8);
      expect(day.fatigue).toBeCloseTo(row?.fatigue ?? NaN, 8);
      expect(day.form).toBeCloseTo(row?.form ?? NaN, 8);
    });
  });

  it('gives the same days again from the state of any day before, as the stored days are updated', () => {
    const whole = loadDaysFrom(emptyStateBefore(first), loads, last);
    const before = whole[59];
    if (!before) throw new Error('The fixture is shorter than 60 days.');
    const rest = loadDaysFrom(before, loads, last);
    rest.forEach((day, index) => {
      const row = rows[index + 60];
      expect(day.fitness).toBeCloseTo(row?.fitness ?? NaN, 8);
      expect(day.fatigue).toBeCloseTo(row?.fatigue ?? NaN, 8);
    });
  });
});
