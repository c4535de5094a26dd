import { describe, expect, it } from 'vitest';
import { isQuietAt, isReminderDue, minutesOfDay, TIME_OF_DAY_PATTERN } from './reminders';

describe('times of day', () => {
  it('reads HH:MM on a 24-hour clock and nothing else', () => {
    expect(['00:00', '07:30', '23:59'].every((time) => TIME_OF_DAY_PATTERN.test(time))).toBe(true);
    expect(['24:00', '7:30', '07:60', '07:30:00', ''].some((time) => TIME_OF_DAY_PATTERN.test(time))).toBe(
      false,
    );
    expect(minutesOfDay('07:30')).toBe(450);
  });
});

describe('isQuietAt', () => {
  const night = { start: '22:00', end: '07:00' };

  it('runs past midnight when the start is after the end', () => {
    expect(isQuietAt('22:00', night)).toBe(true);
    expect(isQuietAt('03:15', night)).toBe(true);
    expect(isQuietAt('06:59', night)).toBe(true);
    expect(isQuietAt('07:00', night)).toBe(false);
    expect(isQuietAt('21:59', night)).toBe(false);
  });

  it('holds within a day when the start is before the end', () => {
    const lunch = { start: '12:00', end: '13:30' };
    expect(isQuietAt('12:45', lunch)).toBe(true);
    expect(isQuietAt('13:30', lunch)).toBe(false);
    expect(isQuietAt('11:59', lunch)).toBe(false);
  });

  it('is never quiet without quiet hours, or with a start equal to the end', () => {
    expect(isQuietAt('03:00', null)).toBe(false);
    expect(isQuietAt('03:00', { start: '05:00', end: '05:00' })).toBe(false);
  });
});

describe('isReminderDue', () => {
  it('is due from its time for two hours, not before and not after', () => {
    expect(isReminderDue('07:30', '07:29')).toBe(false);
    expect(isReminderDue('07:30', '07:30')).toBe(true);
    expect(isReminderDue('07:30', '09:29')).toBe(true);
    expect(isReminderDue('07:30', '09:30')).toBe(false);
  });
});
