import { describe, expect, it } from 'vitest';
import { checkExercises, type LoggedSet, type Measure } from '@/domain/strength';
import {
  displayToWeightKg,
  formatDuration,
  lastTimeText,
  nextSet,
  parseDuration,
  parseSetNumber,
  setFaultOf,
  weightToDisplay,
} from './sets';

describe('weights in the person’s unit', () => {
  it('stores pounds as kg to the gram and shows kg as pounds to a tenth', () => {
    expect(displayToWeightKg(135, 'lb')).toBe(61.235);
    expect(weightToDisplay(61.235, 'lb')).toBe(135);
    expect(weightToDisplay(60, 'lb')).toBe(132.3);
    expect(displayToWeightKg(62.5, 'kg')).toBe(62.5);
    expect(weightToDisplay(61.2349, 'kg')).toBe(61.23);
    expect(displayToWeightKg(Number.NaN, 'lb')).toBeNaN();
  });
});

describe('parseSetNumber', () => {
  it('reads empty as no value, a comma as a decimal mark, and anything else as NaN', () => {
    expect(parseSetNumber(' ')).toBeUndefined();
    expect(parseSetNumber('62,5')).toBe(62.5);
    expect(parseSetNumber('8')).toBe(8);
    expect(parseSetNumber('eight')).toBeNaN();
  });
});

describe('durations', () => {
  it('reads seconds, m:ss and h:mm:ss, and writes them back', () => {
    expect(parseDuration('45')).toBe(45);
    expect(parseDuration('1:30')).toBe(90);
    expect(parseDuration('1:02:03')).toBe(3723);
    expect(parseDuration('')).toBeUndefined();
    expect(parseDuration('1:x')).toBeNaN();
    expect(parseDuration('1:2:3:4')).toBeNaN();
    expect(formatDuration(45)).toBe('0:45');
    expect(formatDuration(90)).toBe('1:30');
    expect(formatDuration(3723)).toBe('1:02:03');
  });
});

describe('nextSet', () => {
  it('copies the last set but not its done tick, or starts empty', () => {
    const last = { reps: 8, weightKg: 60, rpe: 8 };
    const copy = nextSet([{ reps: 10, weightKg: 40, warmup: true }, last]);
    expect(copy).toEqual(last);
    expect(copy).not.toBe(last);
    expect(nextSet([{ ...last, done: true }])).toEqual(last);
    expect(nextSet([])).toEqual({});
  });
});

describe('lastTimeText', () => {
  it('counts equal sets in a row and leaves warm-ups out', () => {
    const sets = [
      { reps: 10, weightKg: 40, warmup: true },
      ...Array<LoggedSet>(3).fill({ reps: 8, weightKg: 60 }),
    ];
    expect(lastTimeText(sets, 'weight_reps', 'kg')).toBe('3 × 8 × 60 kg');
    expect(
      lastTimeText(
        [{ reps: 8, weightKg: 60 }, ...Array<LoggedSet>(2).fill({ reps: 6, weightKg: 65 })],
        'weight_reps',
        'lb',
      ),
    ).toBe('8 × 132.3 lb, 2 × 6 × 143.3 lb');
  });

  it('tells each measure in its own words', () => {
    expect(lastTimeText([{ reps: 12 }, { reps: 10, weightKg: 10 }], 'reps', 'kg')).toBe(
      '12 reps, 10 reps + 10 kg',
    );
    expect(lastTimeText([{ durationS: 60 }, { durationS: 60 }], 'time', 'kg')).toBe('2 × 1:00');
    expect(lastTimeText([{ distanceM: 500, durationS: 105 }], 'distance', 'kg')).toBe('500 m in 1:45');
    expect(lastTimeText([{ reps: 10, weightKg: 20, warmup: true }], 'weight_reps', 'kg')).toBe('10 × 20 kg');
  });
});

describe('setFaultOf', () => {
  const measureOf = (id: string): Measure | undefined => (id === 'bench' ? 'weight_reps' : undefined);
  /** The fault of a workout whose second exercise has these sets. */
  const faultOf = (sets: unknown[]) =>
    checkExercises(
      [
        { exerciseId: 'bench', sets: [{ reps: 5, weightKg: 100 }] },
        { exerciseId: 'bench', sets },
      ],
      measureOf,
    );

  it('names the set and field as the form labels them', () => {
    expect(
      setFaultOf(
        faultOf([
          { reps: 5, weightKg: 60 },
          { reps: 8.5, weightKg: 60 },
        ]),
        1,
        'kg',
      ),
    ).toEqual({
      setIndex: 1,
      field: 'reps',
      message: 'Set 2 reps must be a whole number.',
    });
    expect(setFaultOf(faultOf([{ reps: 5 }]), 1, 'kg')).toEqual({
      setIndex: 0,
      field: 'weightKg',
      message: 'Set 1 weight is required for this exercise.',
    });
  });

  it('gives a number’s limits in the person’s unit', () => {
    expect(setFaultOf(faultOf([{ reps: 5, weightKg: 1200 }]), 1, 'lb')?.message).toBe(
      'Set 1 weight must be from 0 to 2204.6 lb.',
    );
    expect(setFaultOf(faultOf([{ reps: 5, weightKg: 60, rpe: 11 }]), 1, 'kg')?.message).toBe(
      'Set 1 RPE must be from 1 to 10.',
    );
  });

  it('tells faults of the whole exercise, and ignores those of other exercises', () => {
    const fault = faultOf([]);
    expect(setFaultOf(fault, 1, 'kg')).toEqual({
      setIndex: null,
      field: null,
      message: 'Add at least one set.',
    });
    expect(setFaultOf(fault, 0, 'kg')).toBeNull();
    expect(setFaultOf(null, 0, 'kg')).toBeNull();
    expect(
      setFaultOf(checkExercises([{ exerciseId: 'gone', sets: [{ reps: 1 }] }], measureOf), 0, 'kg')?.message,
    ).toBe('This exercise is not in the catalogue or among your own.');
  });
});
