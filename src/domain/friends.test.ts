import { describe, expect, it } from 'vitest';
import { rankByValue } from './friends';

describe('rankByValue', () => {
  it('ranks highest first and lets ties share a rank', () => {
    const ranked = rankByValue([
      { id: 'a', value: 90 },
      { id: 'b', value: 120 },
      { id: 'c', value: 90 },
      { id: 'd', value: 10 },
    ]);

    expect(ranked.map((row) => [row.id, row.rank])).toEqual([
      ['b', 1],
      ['a', 2],
      ['c', 2],
      ['d', 4],
    ]);
  });
});
