import { describe, expect, it } from 'vitest';
import { logPath, mealTypeAt } from './logging';

describe('logPath', () => {
  it('asks each page for its logging window', () => {
    expect(logPath('workout')).toBe('/?log=workout');
    expect(logPath('strength')).toBe('/?log=strength');
    expect(logPath('meal')).toBe('/nutrition-log?log=meal');
    expect(logPath('weigh-in')).toBe('/weight-tracking?log=weigh-in');
  });
});

describe('mealTypeAt', () => {
  it('picks the meal of the time of day', () => {
    const at = (hours: number, minutes = 0) => mealTypeAt(hours * 60 + minutes);
    expect(at(2)).toBe('snack');
    expect(at(4)).toBe('breakfast');
    expect(at(10, 29)).toBe('breakfast');
    expect(at(10, 30)).toBe('lunch');
    expect(at(14, 59)).toBe('lunch');
    expect(at(16)).toBe('snack');
    expect(at(17, 30)).toBe('dinner');
    expect(at(21, 29)).toBe('dinner');
    expect(at(21, 30)).toBe('snack');
  });
});
