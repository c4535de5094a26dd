import { describe, expect, it } from 'vitest';
import { formatNumber, formatValue, movement } from './format';

/** The no-break spaces, as plain spaces, to compare with what people read. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formatValue', () => {
  it('writes each metric with its unit and groups thousands with a space', () => {
    expect(plain(formatValue('activeMinutes', 135))).toBe('135 min');
    expect(plain(formatValue('caloriesBurned', 2340))).toBe('2 340 kcal');
    expect(plain(formatValue('activeDays', 4))).toBe('4 days');
    expect(plain(formatValue('activeDays', 1))).toBe('1 day');
    expect(plain(formatValue('loggingStreak', 0))).toBe('0 days');
    expect(plain(formatValue('weightProgressPct', 42))).toBe('42 %');
    expect(plain(formatValue('weightProgressPct', -3.25))).toBe('-3.3 %');
  });

  it('never breaks a line inside a number or between the number and its unit', () => {
    expect(formatNumber(1234567)).toBe('1\u00a0234\u00a0567');
    expect(formatValue('caloriesBurned', 2340)).not.toContain(' ');
  });
});

describe('movement', () => {
  it('shows a climb, a fall, no change and a newcomer, with words for each', () => {
    expect(movement({ rank: 1, previousRank: 3 })).toEqual({
      kind: 'up',
      symbol: '↑2',
      words: 'up 2 places',
    });
    expect(movement({ rank: 3, previousRank: 2 })).toEqual({
      kind: 'down',
      symbol: '↓1',
      words: 'down 1 place',
    });
    expect(movement({ rank: 2, previousRank: 2 })).toEqual({ kind: 'same', symbol: '–', words: 'no change' });
    expect(movement({ rank: 4, previousRank: null })).toMatchObject({ kind: 'new', symbol: 'new' });
  });
});
