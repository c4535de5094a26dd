import { describe, expect, it } from 'vitest';
import { parseWeightCsv } from './csv';

const NOW = new Date(2026, 10, 22, 12, 0);

describe('parseWeightCsv', () => {
  it('reads dates, times, units and a header, and rejects each bad line with a reason', () => {
    const text = [
      'date,weight,unit',
      '2026-11-01,80.5',
      '2026-11-02 07:15,177.4,lb',
      '2026-11-03;79,9',
      '',
      '2026-13-01,80',
      '2026-11-04,heavy',
      '2026-11-05,80,stone',
      '2026-11-06,5',
      '2027-01-01,80',
    ].join('\n');

    const { rows, rejected } = parseWeightCsv(text, 'kg', NOW);

    expect(rows).toEqual([
      { line: 2, measuredAt: new Date(2026, 10, 1, 8, 0).toISOString(), weightKg: 80.5 },
      { line: 3, measuredAt: new Date(2026, 10, 2, 7, 15).toISOString(), weightKg: 80.467 },
      { line: 4, measuredAt: new Date(2026, 10, 3, 8, 0).toISOString(), weightKg: 79.9 },
    ]);
    expect(rejected.map((row) => [row.line, row.reason])).toEqual([
      [6, 'the date is not YYYY-MM-DD (optionally with HH:MM)'],
      [7, 'the weight is not a number'],
      [8, 'the unit is not kg or lb'],
      [9, 'the weight is not between 20 and 500 kg'],
      [10, 'the date is in the future'],
    ]);
  });

  it("reads weights without a unit in the person's unit (stones as pounds)", () => {
    const { rows } = parseWeightCsv('2026-11-01,180', 'st', NOW);

    expect(rows[0]?.weightKg).toBeCloseTo(81.647, 3);
  });
});
