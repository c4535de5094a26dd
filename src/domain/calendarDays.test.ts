import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  isValidTimeZone,
  localTime,
  localDay,
  startOfLocalDay,
  startOfWeek,
} from './calendarDays';

describe('calendar days', () => {
  it('puts an instant on the local day of the zone', () => {
    const instant = new Date('2026-11-22T22:30:00Z');
    expect(localDay(instant, 'UTC')).toBe('2026-11-22');
    expect(localDay(instant, 'Europe/Berlin')).toBe('2026-11-22'); // 23:30 local
    expect(localDay(instant, 'Asia/Tokyo')).toBe('2026-11-23');
    expect(localDay(instant, 'America/Los_Angeles')).toBe('2026-11-22');
  });

  it('adds days across months, years and a daylight-saving change', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-29', -1)).toBe('2026-03-28');
    expect(daysBetween('2026-03-28', '2026-04-04')).toBe(7);
  });

  it('finds the start of the week for Monday and Sunday starts', () => {
    // 2026-11-22 is a Sunday.
    expect(startOfWeek('2026-11-22', 1)).toBe('2026-11-16');
    expect(startOfWeek('2026-11-22', 0)).toBe('2026-11-22');
    expect(startOfWeek('2026-11-23', 1)).toBe('2026-11-23');
    expect(startOfWeek('2026-11-21', 6)).toBe('2026-11-21');
  });

  it('knows real zone names from made-up ones', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('finds the instant a local day starts, across daylight-saving changes', () => {
    expect(startOfLocalDay('2026-11-23', 'UTC').toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(startOfLocalDay('2026-11-23', 'Europe/Berlin').toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(startOfLocalDay('2026-07-01', 'Europe/Berlin').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    // Berlin moves to summer time at 02:00 on 29 March 2026: that day still starts at 23:00 UTC.
    expect(startOfLocalDay('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfLocalDay('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(startOfLocalDay('2026-11-23', 'America/Los_Angeles').toISOString()).toBe(
      '2026-11-23T08:00:00.000Z',
    );
    expect(startOfLocalDay('2026-11-23', 'Asia/Kolkata').toISOString()).toBe('2026-11-22T18:30:00.000Z');
  });
});

describe('localTime', () => {
  it('reads the clock of the zone, summer time included', () => {
    expect(localTime(new Date('2026-03-28T06:30:00Z'), 'Europe/Berlin')).toBe('07:30');
    expect(localTime(new Date('2026-03-29T05:30:00Z'), 'Europe/Berlin')).toBe('07:30');
    expect(localTime(new Date('2026-03-29T23:05:00Z'), 'UTC')).toBe('23:05');
    expect(localTime(new Date('2026-03-30T00:05:00Z'), 'America/New_York')).toBe('20:05');
  });
});
