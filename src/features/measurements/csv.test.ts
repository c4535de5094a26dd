import { describe, expect, it } from 'vitest';
import { parseMeasurementCsv } from './csv';

const NOW = new Date(2026, 10, 22, 12, 0);

describe('parseMeasurementCsv', () => {
  it('reads the columns the header names, in the person’s units, and stores centimetres', () => {
    const text = [
      'Date;Waist;Upper arm;Body fat',
      '2026-11-01;33,5;12;21.4',
      '2026-11-08 07:30;33;;20.9',
    ].join('\n');
    const parsed = parseMeasurementCsv(text, 'imperial', NOW);

    expect(parsed.fileError).toBeNull();
    expect(parsed.rejected).toEqual([]);
    expect(parsed.rows).toEqual([
      {
        line: 2,
        measuredAt: new Date(2026, 10, 1, 8, 0).toISOString(),
        waistCm: 85.09,
        upperArmCm: 30.48,
        bodyFatPct: 21.4,
      },
      { line: 3, measuredAt: new Date(2026, 10, 8, 7, 30).toISOString(), waistCm: 83.82, bodyFatPct: 20.9 },
    ]);
  });

  it('takes each line’s unit from a unit column, and centimetres from a header ending in cm', () => {
    const text = ['date,waist,neck,unit', '2026-11-01,84,38,cm', '2026-11-02,33,15,in'].join('\n');
    const exported = ['measuredAt,waistCm,hipsCm', '2026-11-03,84.5,98'].join('\n');

    expect(parseMeasurementCsv(text, 'metric', NOW).rows.map((row) => [row.waistCm, row.neckCm])).toEqual([
      [84, 38],
      [83.82, 38.1],
    ]);
    expect(parseMeasurementCsv(exported, 'imperial', NOW).rows[0]).toMatchObject({
      waistCm: 84.5,
      hipsCm: 98,
    });
  });

  it('rejects each bad line with a reason naming the column, and keeps the good ones', () => {
    const text = [
      'date,waist,neck,unit',
      '2026-13-01,84,38,cm',
      '2027-01-01,84,38,cm',
      '2026-11-01,wide,38,cm',
      '2026-11-01,84,38,yards',
      '2026-11-01,400,38,cm',
      '2026-11-01,,,cm',
      '2026-11-02,84,38,',
    ].join('\n');
    const parsed = parseMeasurementCsv(text, 'metric', NOW);

    expect(parsed.rows.map((row) => row.line)).toEqual([8]);
    expect(parsed.rejected.map((row) => [row.line, row.reason])).toEqual([
      [2, 'the date is not YYYY-MM-DD'],
      [3, 'the date is in the future'],
      [4, 'Waist: not a number'],
      [5, 'the unit “yards” is not cm or in'],
      [6, 'Waist: Enter a number from 30.0 to 300.0 cm, or leave it empty.'],
      [7, 'no measurement on the line'],
    ]);
  });

  it('refuses a file whose first line names no date or no measurement', () => {
    expect(parseMeasurementCsv('2026-11-01,84', 'metric', NOW).fileError).toMatch(/first line/);
    expect(parseMeasurementCsv('date,weight\n2026-11-01,84', 'metric', NOW).fileError).toMatch(/first line/);
  });
});
