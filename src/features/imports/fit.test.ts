import { describe, expect, it } from 'vitest';
import { parseFitFile } from './fit';
import { WorkoutFileError } from './formats';
import { fitFile, START, steady } from './testFiles';

describe('parseFitFile', () => {
  it('reads a run with a pause: the watch’s timer time as moving time, heart rate from the records', () => {
    const bytes = fitFile([
      {
        sport: 'running',
        from: 0,
        samples: [
          { second: 0, metres: 0, hr: 100, ele: 500 },
          ...steady(0, 0, 600, 3.5, { hr: 150, ele: 500 }),
          ...steady(600, 2100, 120, 0, { hr: 110, ele: 500 }),
          ...steady(720, 2100, 300, 3.5, { hr: 160, ele: 500 }),
        ],
        calories: 310,
      },
    ]);

    const [run, ...more] = parseFitFile(bytes);

    expect(more).toEqual([]);
    expect(run).toMatchObject({
      type: 'run',
      source: 'fit',
      startedAt: new Date(START).toISOString(),
      durationMin: 17,
      distanceKm: 3.15,
      caloriesKcal: 310,
      maxHr: 160,
    });
    expect(run?.avgHr).toBeGreaterThan(140);
    expect(run?.track?.[0]).toMatchObject({ t: START, ele: 500, hr: 100 });
    expect(run?.track?.[0]?.lat).toBeCloseTo(48, 6);
    expect(run?.track?.[0]?.lon).toBeCloseTo(11, 6);
  });

  it('reads a ride without heart rate', () => {
    const [ride] = parseFitFile(
      fitFile([{ sport: 'cycling', from: 0, samples: [{ second: 0, metres: 0 }, ...steady(0, 0, 1800, 8)] }]),
    );

    expect(ride).toMatchObject({ type: 'cycle', durationMin: 30, distanceKm: 14.4 });
    expect(ride?.avgHr).toBeUndefined();
  });

  it('reads a pool swim without positions: no track, the distance from the session', () => {
    const [swim] = parseFitFile(
      fitFile([
        {
          sport: 'swimming',
          subSport: 'lapSwimming',
          from: 0,
          indoor: true,
          samples: [{ second: 0, metres: 0 }, ...steady(0, 0, 1500, 1)],
        },
      ]),
    );

    expect(swim).toMatchObject({ type: 'swim', durationMin: 25, distanceKm: 1.5 });
    expect(swim?.track).toBeUndefined();
  });

  // 86 400 records are written and read: one to eight seconds here, over twenty beside the cluster
  // tests on a busy machine, so this test has a bound of its own (a bound, not a measure of speed).
  it('reads a 24-hour ultra into a track of at most 2 000 points', { timeout: 90_000 }, () => {
    const [ultra] = parseFitFile(
      fitFile([
        { sport: 'running', from: 0, samples: [{ second: 0, metres: 0 }, ...steady(0, 0, 86_399, 2)] },
      ]),
    );

    expect(ultra?.durationMin).toBe(1440);
    expect(ultra?.track?.length).toBeLessThanOrEqual(2000);
  });

  it('makes one workout of each session of a multisport file, with its own records', () => {
    const workouts = parseFitFile(
      fitFile([
        { sport: 'cycling', from: 0, samples: [{ second: 0, metres: 0 }, ...steady(0, 0, 1200, 9)] },
        {
          sport: 'running',
          from: 1300,
          samples: [{ second: 1300, metres: 0 }, ...steady(1300, 0, 900, 3)],
        },
      ]),
    );

    expect(workouts.map((workout) => [workout.type, workout.durationMin, workout.distanceKm])).toEqual([
      ['cycle', 20, 10.8],
      ['run', 15, 2.7],
    ]);
    expect(workouts[1]?.track?.[0]?.t).toBe(START + 1_300_000);
  });

  it('takes the sub-sport where it names one of the app’s types', () => {
    const [yoga] = parseFitFile(
      fitFile([
        {
          sport: 'training',
          subSport: 'yoga',
          from: 0,
          indoor: true,
          samples: [{ second: 0, metres: 0 }, ...steady(0, 0, 1800, 0)],
        },
      ]),
    );

    expect(yoga?.type).toBe('yoga');
  });

  it.each([
    ['an empty file', new Uint8Array(0), 'it is empty'],
    [
      'a file of another kind',
      new TextEncoder().encode('<gpx></gpx> and more bytes to fill'),
      'it is not a FIT file',
    ],
    [
      'a truncated file',
      fitFile([{ sport: 'running', from: 0, samples: steady(0, 0, 50, 3) }]).slice(0, 400),
      'it is damaged or cut off (its checksum does not match)',
    ],
  ])('refuses %s with a sentence', (_case, bytes, sentence) => {
    expect(() => parseFitFile(bytes)).toThrow(new WorkoutFileError(sentence));
  });

  it('refuses a file whose bytes were changed', () => {
    const bytes = fitFile([{ sport: 'running', from: 0, samples: steady(0, 0, 50, 3) }]);
    bytes[200] = (bytes[200] ?? 0) ^ 0xff;

    expect(() => parseFitFile(bytes)).toThrow(WorkoutFileError);
  });
});
