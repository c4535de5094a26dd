import { describe, expect, it } from 'vitest';
import { isIsoDate, isIsoMonth } from './dates';

describe('isIsoDate', () => {
  it('accepts real days and refuses impossible or malformed ones', () => {
    expect(isIsoDate('2026-11-22')).toBe(true);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-1')).toBe(false);
    expect(isIsoDate('yesterday')).toBe(false);
  });
});

describe('isIsoMonth', () => {
  it('accepts YYYY-MM with a real month only', () => {
    expect(isIsoMonth('2026-11')).toBe(true);
    expect(isIsoMonth('2026-00')).toBe(false);
    expect(isIsoMonth('2026-13')).toBe(false);
    expect(isIsoMonth('2026-11-01')).toBe(false);
  });
});
