import { describe, expect, it } from 'vitest';
import { parseActivityForm } from './form';

const NOW = new Date(2026, 10, 22, 12, 0);

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  const values = { type: 'run', date: '2026-11-22', time: '07:30', durationMin: '45', ...fields };
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

describe('parseActivityForm', () => {
  it('reads a run at 07:30 local time with empty optional fields left for the server', () => {
    const parsed = parseActivityForm(
      form({ distance: '', caloriesKcal: '', notes: ' easy ' }),
      'metric',
      NOW,
    );

    expect(parsed).toEqual({
      input: {
        type: 'run',
        startedAt: new Date(2026, 10, 22, 7, 30),
        durationMin: 45,
        distanceKm: null,
        caloriesKcal: null,
        notes: 'easy',
      },
    });
  });

  it('stores a distance typed in miles as kilometres', () => {
    const parsed = parseActivityForm(form({ distance: '3.1' }), 'imperial', NOW);

    expect('input' in parsed && parsed.input.distanceKm).toBeCloseTo(4.989, 3);
  });

  it('names each bad field in a sentence', () => {
    const parsed = parseActivityForm(
      form({
        type: 'chess',
        time: '25:00',
        durationMin: '0',
        distance: '-2',
        caloriesKcal: 'lots',
        notes: 'x'.repeat(501),
      }),
      'metric',
      NOW,
    );

    expect(parsed).toEqual({
      fieldErrors: {
        type: 'Choose the type of workout.',
        time: 'Enter the start time as hours and minutes.',
        durationMin: 'Duration must be between 1 and 1440 minutes.',
        distance: 'Distance must be a number from 0 to 1000 km, or left empty.',
        caloriesKcal: 'Calories must be a number from 0 to 10000, or left empty to estimate.',
        notes: 'Notes can be at most 500 characters.',
      },
    });
  });

  it('refuses a start more than a day ahead', () => {
    const parsed = parseActivityForm(form({ date: '2026-11-24' }), 'metric', NOW);

    expect(parsed).toEqual({ fieldErrors: { date: 'The workout cannot start more than a day from now.' } });
  });
});
