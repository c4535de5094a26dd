import { describe, expect, it } from 'vitest';
import { parseMeasurementForm } from './form';

const NOW = new Date(2026, 10, 22, 12, 0);

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries({ date: '2026-11-22', time: '08:00', ...fields }))
    data.set(name, value);
  return data;
}

describe('parseMeasurementForm', () => {
  it('stores centimetres whatever unit the girths were typed in, and null for what was left empty', () => {
    const metric = parseMeasurementForm(form({ waistCm: '84,5', bodyFatPct: '21.4' }), 'metric', NOW);
    const imperial = parseMeasurementForm(form({ waistCm: '33.3', neckCm: '15' }), 'imperial', NOW);

    expect('input' in metric && metric.input).toEqual({
      measuredAt: new Date(2026, 10, 22, 8, 0),
      waistCm: 84.5,
      hipsCm: null,
      chestCm: null,
      neckCm: null,
      upperArmCm: null,
      thighCm: null,
      bodyFatPct: 21.4,
    });
    expect('input' in imperial && [imperial.input.waistCm, imperial.input.neckCm]).toEqual([84.58, 38.1]);
  });

  it('names every bad field in a sentence with the limits in the person’s unit', () => {
    const parsed = parseMeasurementForm(
      form({ date: '2026-12-01', waistCm: '200', thighCm: 'big', bodyFatPct: '80' }),
      'imperial',
      NOW,
    );

    expect(parsed).toEqual({
      fieldErrors: {
        date: 'The day cannot be later than tomorrow.',
        waistCm: 'Enter a number from 11.8 to 118.1 in, or leave it empty.',
        thighCm: 'Enter a number from 5.9 to 59.1 in, or leave it empty.',
        bodyFatPct: 'Enter a percentage from 2 to 75, or leave it empty.',
      },
    });
  });

  it('refuses a day with no measurement at all', () => {
    expect(parseMeasurementForm(form({}), 'metric', NOW)).toEqual({
      fieldErrors: {},
      formError: 'Enter at least one measurement.',
    });
  });
});
