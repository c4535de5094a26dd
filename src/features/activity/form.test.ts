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
        exercises: null,
        visibility: null,
        showRoute: null,
        showHeartRate: null,
        commentsOff: false,
        effort: null,
      },
    });
  });

  it('reads an effort from 1 to 10 and refuses any other at its field', () => {
    const hard = parseActivityForm(form({ effort: '7' }), 'metric', NOW);
    expect('input' in hard && hard.input.effort).toBe(7);
    for (const effort of ['0', '11', '5.5', 'hard']) {
      expect(parseActivityForm(form({ effort }), 'metric', NOW)).toEqual({
        fieldErrors: { effort: 'Choose an effort from 1 to 10, or none.' },
      });
    }
  });

  it('reads who sees the workout and its own choices over the settings', () => {
    const parsed = parseActivityForm(
      form({ visibility: 'friends', showRoute: 'off', showHeartRate: 'on', commentsOff: 'on' }),
      'metric',
      NOW,
    );
    const hostile = parseActivityForm(form({ visibility: 'public', showRoute: 'yes' }), 'metric', NOW);

    expect('input' in parsed && parsed.input).toMatchObject({
      visibility: 'friends',
      showRoute: false,
      showHeartRate: true,
      commentsOff: true,
    });
    expect('input' in hostile && hostile.input).toMatchObject({ visibility: null, showRoute: null });
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

  it("reads a strength workout's exercises and their sets, and none as null", () => {
    const exercises = [
      {
        exerciseId: 'bench',
        sets: [
          { reps: 8, weightKg: 60 },
          { reps: 6, weightKg: 65 },
        ],
      },
    ];
    const logged = parseActivityForm(
      form({
        type: 'strength',
        exercises: JSON.stringify(exercises),
        exerciseMeasures: JSON.stringify({ bench: 'weight_reps' }),
      }),
      'metric',
      NOW,
    );
    const none = parseActivityForm(form({ type: 'strength', exercises: '[]' }), 'metric', NOW);

    expect('input' in logged && logged.input.exercises).toEqual(exercises);
    expect('input' in none && none.input.exercises).toBeNull();
  });

  it('refuses exercises that break a limit or name no known exercise, in a sentence', () => {
    const tooHeavy = [{ exerciseId: 'bench', sets: [{ reps: 8, weightKg: 1001 }] }];
    const unknown = [{ exerciseId: 'nobody', sets: [{ reps: 8, weightKg: 60 }] }];
    const measures = JSON.stringify({ bench: 'weight_reps' });

    for (const exercises of [tooHeavy, unknown, 'not json']) {
      const parsed = parseActivityForm(
        form({
          type: 'strength',
          exercises: typeof exercises === 'string' ? exercises : JSON.stringify(exercises),
          exerciseMeasures: measures,
        }),
        'metric',
        NOW,
      );

      expect(parsed).toEqual({
        fieldErrors: { exercises: 'Some exercises need fixing: see the marked sets.' },
      });
    }
  });

  it('leaves exercises out of every other type of workout', () => {
    const parsed = parseActivityForm(
      form({ type: 'run', exercises: JSON.stringify([{ exerciseId: 'bench', sets: [] }]) }),
      'metric',
      NOW,
    );

    expect('input' in parsed && parsed.input.exercises).toBeNull();
  });
});
