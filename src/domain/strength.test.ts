import { describe, expect, it } from 'vitest';
import {
  checkExercises,
  checkMuscles,
  estimatedOneRepMaxKg,
  exerciseProgress,
  MAX_EXERCISES_PER_WORKOUT,
  MAX_SETS_PER_EXERCISE,
  NO_BESTS,
  previousSetAt,
  recordsOfSets,
  recordsOfWorkout,
  repeatSet,
  repeatWorkout,
  setVolumeKg,
  workoutMet,
  type Measure,
} from './strength';

const MEASURES: Record<string, Measure> = {
  bench: 'weight_reps',
  pullUp: 'reps',
  plank: 'time',
  row: 'distance',
};
const measureOf = (exerciseId: string) => MEASURES[exerciseId];

const bench = (sets: unknown[]) => ({ exerciseId: 'bench', sets });

describe('checkExercises', () => {
  it('accepts sets that fit each exercise’s measure', () => {
    expect(
      checkExercises(
        [
          bench([
            { reps: 5, weightKg: 100, rpe: 8.5 },
            { reps: 10, weightKg: 40, warmup: true, done: true },
            { reps: 5, weightKg: 100, done: false },
          ]),
          { exerciseId: 'pullUp', sets: [{ reps: 8 }, { reps: 6, weightKg: 10 }], note: 'Slow negatives' },
          { exerciseId: 'plank', sets: [{ durationS: 90 }], restS: 45 },
          { exerciseId: 'row', sets: [{ distanceM: 2000, durationS: 480 }] },
        ],
        measureOf,
      ),
    ).toBeNull();
  });

  it.each([
    ['exercises', 'not a list', 'exercises must be a list.'],
    [
      'exercises[0].exerciseId',
      [{ exerciseId: 'squat', sets: [{ reps: 5, weightKg: 60 }] }],
      'does not name',
    ],
    ['exercises[0].sets', [bench([])], 'at least one set'],
    [
      'exercises[0].sets[1].weightKg',
      [bench([{ reps: 5, weightKg: 60 }, { reps: 5 }])],
      'sets[1].weightKg is required',
    ],
    [
      'exercises[0].sets[0].reps',
      [bench([{ reps: 5.5, weightKg: 60 }])],
      'sets[0].reps must be a whole number',
    ],
    ['exercises[0].sets[0].reps', [bench([{ reps: 1001, weightKg: 60 }])], 'between 0 and 1000'],
    [
      'exercises[0].sets[0].weightKg',
      [bench([{ reps: 5, weightKg: 1000.5 }])],
      'weightKg must be between 0 and 1000',
    ],
    ['exercises[0].sets[0].rpe', [bench([{ reps: 5, weightKg: 60, rpe: 7.3 }])], 'whole or half'],
    [
      'exercises[0].sets[0].rpe',
      [bench([{ reps: 5, weightKg: 60, rpe: 0 }])],
      'rpe must be between 1 and 10',
    ],
    [
      'exercises[0].sets[0].weightKg',
      [bench([{ reps: 5, weightKg: Number.NaN }])],
      'weightKg must be a number',
    ],
    [
      'exercises[0].sets[0].durationS',
      [bench([{ reps: 5, weightKg: 60, durationS: 30 }])],
      'does not fit this exercise',
    ],
    [
      'exercises[0].sets[0].durationS',
      [{ exerciseId: 'plank', sets: [{ durationS: 86_401 }] }],
      'between 0 and 86400',
    ],
    [
      'exercises[0].sets[0].distanceM',
      [{ exerciseId: 'row', sets: [{ distanceM: 1_000_001 }] }],
      'between 0 and 1000000',
    ],
    [
      'exercises[0].sets[0].warmup',
      [bench([{ reps: 5, weightKg: 60, warmup: 'yes' }])],
      'warmup must be true or false',
    ],
    [
      'exercises[0].sets[0].done',
      [bench([{ reps: 5, weightKg: 60, done: 1 }])],
      'done must be true or false',
    ],
    ['exercises[0].sets[0].sneaky', [bench([{ reps: 5, weightKg: 60, sneaky: 1 }])], 'sneaky is not a field'],
    [
      'exercises[0].sets[0].__proto__',
      [bench([JSON.parse('{"reps":5,"weightKg":60,"__proto__":{"x":1}}')])],
      '__proto__ is not',
    ],
    ['exercises[0].sets[0]', [bench([[5, 60]])], 'must be a set of numbers'],
    ['exercises[0].note', [{ ...bench([{ reps: 1, weightKg: 1 }]), note: 'x'.repeat(501) }], 'at most 500'],
    ['exercises[0].restS', [{ ...bench([{ reps: 1, weightKg: 1 }]), restS: 3601 }], 'from 0 to 3600'],
    ['exercises[0].restS', [{ ...bench([{ reps: 1, weightKg: 1 }]), restS: 1.5 }], 'whole number of seconds'],
    [
      'exercises[0].owner',
      [{ ...bench([{ reps: 1, weightKg: 1 }]), owner: 'me' }],
      'not a field of an exercise',
    ],
  ])('refuses %s, naming it', (field, exercises, message) => {
    const problem = checkExercises(exercises, measureOf);

    expect(problem?.field).toBe(field);
    expect(problem?.message).toContain(message);
  });

  it('names the place of the first bad set among many', () => {
    const exercises = [
      bench([{ reps: 5, weightKg: 60 }]),
      bench([
        { reps: 5, weightKg: 60 },
        { reps: -1, weightKg: 60 },
      ]),
    ];

    expect(checkExercises(exercises, measureOf)?.message).toMatch(/^exercises\[1\]\.sets\[1\]\.reps /);
  });

  it('holds a workout to 30 exercises of 20 sets', () => {
    const set = { reps: 5, weightKg: 60 };
    const full = Array.from({ length: MAX_EXERCISES_PER_WORKOUT }, () =>
      bench(Array.from({ length: MAX_SETS_PER_EXERCISE }, () => set)),
    );

    expect(checkExercises(full, measureOf)).toBeNull();
    expect(checkExercises([...full, bench([set])], measureOf)?.field).toBe('exercises');
    expect(
      checkExercises([bench(Array.from({ length: MAX_SETS_PER_EXERCISE + 1 }, () => set))], measureOf)?.field,
    ).toBe('exercises[0].sets');
  });
});

describe('previous sets', () => {
  const lastTime = [
    { reps: 10, weightKg: 40, warmup: true },
    { reps: 8, weightKg: 60, done: true },
  ];

  it('offers the set at the same place last time, and none past its last set', () => {
    expect(previousSetAt(lastTime, 1)).toEqual({ reps: 8, weightKg: 60, done: true });
    expect(previousSetAt(lastTime, 2)).toBeUndefined();
    expect(previousSetAt(undefined, 0)).toBeUndefined();
  });

  it('copies last time’s numbers into a set, keeping the set’s own tick and never last time’s', () => {
    expect(repeatSet({ reps: 3 }, { reps: 8, weightKg: 60, done: true })).toEqual({ reps: 8, weightKg: 60 });
    expect(repeatSet({ done: true }, { reps: 8, weightKg: 60 })).toEqual({
      reps: 8,
      weightKg: 60,
      done: true,
    });
  });

  it('repeats a workout with the same sets, none ticked done', () => {
    expect(repeatWorkout([{ exerciseId: 'bench', sets: lastTime, restS: 120 }])).toEqual([
      {
        exerciseId: 'bench',
        sets: [
          { reps: 10, weightKg: 40, warmup: true },
          { reps: 8, weightKg: 60 },
        ],
        restS: 120,
      },
    ]);
  });
});

describe('estimated one-rep max', () => {
  it('is Epley’s w × (1 + reps/30) up to 12 reps, a single itself, and nothing beyond', () => {
    expect(estimatedOneRepMaxKg({ weightKg: 100, reps: 5 })).toBeCloseTo(116.67, 2);
    expect(estimatedOneRepMaxKg({ weightKg: 60, reps: 12 })).toBeCloseTo(84, 5);
    expect(estimatedOneRepMaxKg({ weightKg: 140, reps: 1 })).toBe(140);
    expect(estimatedOneRepMaxKg({ weightKg: 60, reps: 13 })).toBeNull();
    expect(estimatedOneRepMaxKg({ reps: 10 })).toBeNull();
    expect(estimatedOneRepMaxKg({ weightKg: 60, reps: 0 })).toBeNull();
  });

  it('gives the volume of a set as reps × weight', () => {
    expect(setVolumeKg({ weightKg: 82.5, reps: 8 })).toBe(660);
    expect(setVolumeKg({ reps: 8 })).toBe(0);
  });
});

describe('records', () => {
  it('marks what a set beats of every earlier set, never a warm-up, never the very first set', () => {
    const history = recordsOfSets(
      [
        { weightKg: 100, reps: 5 },
        { weightKg: 60, reps: 10, warmup: true },
      ],
      NO_BESTS,
    );
    const next = recordsOfSets(
      [
        { weightKg: 100, reps: 5 }, // the same again: nothing
        { weightKg: 102.5, reps: 3 }, // heavier, but a lower estimate and volume
        { weightKg: 100, reps: 6 }, // one more rep at 100 kg: estimate, reps and volume
        { weightKg: 80, reps: 12 }, // more volume; no one did 12 reps at 80 kg or more
        { weightKg: 200, reps: 20, warmup: true },
      ],
      history.bests,
    );

    expect(history.records).toEqual([[], []]);
    expect(next.records).toEqual([
      [],
      ['heaviest', 'repsAtWeight'],
      ['oneRepMax', 'repsAtWeight', 'setVolume'],
      ['repsAtWeight', 'setVolume'],
      [],
    ]);
    expect(next.bests.heaviestKg).toBe(102.5);
    expect(next.bests.oneRepMaxKg).toBeCloseTo(120, 5);
    expect(next.bests.repsFront).toEqual([
      { weightKg: 102.5, reps: 3 },
      { weightKg: 100, reps: 6 },
      { weightKg: 80, reps: 12 },
    ]);
  });
});

describe('checkMuscles', () => {
  it('accepts one to five primary muscles and up to eight others from the list', () => {
    expect(checkMuscles(['chest'], undefined)).toBeNull();
    expect(checkMuscles(['chest', 'triceps'], ['shoulders'])).toBeNull();
  });

  it.each([
    ['primaryMuscles', [], undefined, 'must name 1–5 muscles'],
    ['primaryMuscles', 'chest', undefined, 'must be a list of muscles'],
    ['primaryMuscles', ['chest', 'wings'], undefined, 'muscles of the list'],
    ['primaryMuscles', ['chest', 'chest'], undefined, 'names a muscle twice'],
    [
      'primaryMuscles',
      ['chest', 'abs', 'lats', 'traps', 'neck', 'calves'],
      undefined,
      'must name 1–5 muscles',
    ],
    ['secondaryMuscles', ['chest'], [{}], 'muscles of the list'],
    ['secondaryMuscles', ['chest'], ['triceps', 'chest'], 'chest, a primary muscle already'],
  ])('refuses bad %s', (field, primary, secondary, message) => {
    const problem = checkMuscles(primary, secondary);

    expect(problem?.field).toBe(field);
    expect(problem?.message).toContain(message);
  });
});

describe('workoutMet', () => {
  it('weights each exercise’s MET by its sets, skipping exercises without one', () => {
    const sets = (count: number) => Array.from({ length: count }, () => ({ reps: 5, weightKg: 60 }));
    const mets: Record<string, number> = { squat: 6, curl: 3.5 };

    expect(
      workoutMet(
        [
          { exerciseId: 'squat', sets: sets(3) },
          { exerciseId: 'curl', sets: sets(1) },
          { exerciseId: 'gone', sets: sets(4) },
        ],
        (id) => mets[id],
      ),
    ).toBeCloseTo(5.375, 5);
    expect(workoutMet([{ exerciseId: 'gone', sets: sets(2) }], (id) => mets[id])).toBeUndefined();
  });
});

describe('exerciseProgress', () => {
  it('gives a point per workout, oldest first, and the records of all of them with when they were set', () => {
    const { points, records } = exerciseProgress([
      { activityId: 'b', startedAt: '2026-03-08T10:00:00.000Z', sets: [{ weightKg: 100, reps: 6 }] },
      {
        activityId: 'a',
        startedAt: '2026-03-01T10:00:00.000Z',
        sets: [
          { weightKg: 60, reps: 10, warmup: true },
          { weightKg: 100, reps: 5 },
          { weightKg: 80, reps: 15 },
        ],
      },
      {
        activityId: 'c',
        startedAt: '2026-03-15T10:00:00.000Z',
        sets: [{ weightKg: 20, reps: 20, warmup: true }],
      },
    ]);

    expect(points.map((point) => [point.activityId, point.volumeKg, point.records])).toEqual([
      ['a', 1700, [[], [], ['repsAtWeight', 'setVolume']]],
      ['b', 600, [['oneRepMax', 'repsAtWeight']]],
      ['c', 0, [[]]],
    ]);
    expect(points[0]?.oneRepMaxKg).toBeCloseTo(116.67, 2);
    expect(points[2]?.oneRepMaxKg).toBeNull();
    expect(records.heaviest).toMatchObject({ value: 100, reps: 5, activityId: 'a' });
    expect(records.oneRepMax).toMatchObject({ value: 120, reps: 6, activityId: 'b' });
    expect(records.setVolume).toMatchObject({ value: 1200, weightKg: 80, reps: 15, activityId: 'a' });
    expect(records.repsAtWeight).toEqual([
      { weightKg: 100, reps: 6 },
      { weightKg: 80, reps: 15 },
    ]);
  });
});

describe('recordsOfWorkout', () => {
  it('holds each set to the earlier workouts of its exercise and to the sets before it in the workout', () => {
    const earlier = new Map([
      [
        'squat',
        [
          { activityId: 'late', startedAt: '2026-02-01T10:00:00.000Z', sets: [{ weightKg: 120, reps: 3 }] },
          { activityId: 'early', startedAt: '2026-01-01T10:00:00.000Z', sets: [{ weightKg: 100, reps: 5 }] },
        ],
      ],
    ]);

    const records = recordsOfWorkout(
      [
        { exerciseId: 'squat', sets: [{ weightKg: 120, reps: 3 }] },
        {
          exerciseId: 'curl',
          sets: [
            { weightKg: 15, reps: 10 },
            { weightKg: 16, reps: 10 },
          ],
        },
        { exerciseId: 'squat', sets: [{ weightKg: 125, reps: 1 }] },
      ],
      earlier,
    );

    expect(records).toEqual([
      [[]],
      [[], ['heaviest', 'oneRepMax', 'repsAtWeight', 'setVolume']],
      [['heaviest', 'repsAtWeight']],
    ]);
  });
});
