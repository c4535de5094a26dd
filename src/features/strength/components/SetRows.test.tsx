import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  checkExercises,
  MAX_SETS_PER_EXERCISE,
  type LoggedExercise,
  type LoggedSet,
  type Measure,
} from '@/domain/strength';
import { SetRows, type SetRowsProps } from './SetRows';

type Options = Partial<Omit<SetRowsProps, 'exercise' | 'onChange'>> & { sets: LoggedSet[] };

/** SetRows held by a parent that keeps each change, as the workout window will. */
function renderSets({ sets, ...props }: Options) {
  const changes: LoggedExercise[] = [];
  function Parent() {
    const [exercise, setExercise] = useState<LoggedExercise>({ exerciseId: 'bench', sets });
    return (
      <SetRows
        name="Bench press"
        measure="weight_reps"
        unit="kg"
        index={0}
        {...props}
        exercise={exercise}
        onChange={(next) => {
          changes.push(next);
          setExercise(next);
        }}
      />
    );
  }
  render(<Parent />);
  return { changes, last: () => changes.at(-1)?.sets };
}

describe('SetRows', () => {
  it('adds a set that copies the last one in one tap', async () => {
    const user = userEvent.setup();
    const { last } = renderSets({
      sets: [
        { reps: 10, weightKg: 40 },
        { reps: 8, weightKg: 60, rpe: 8 },
      ],
    });

    await user.click(screen.getByRole('button', { name: 'Add set' }));

    expect(last()).toEqual([
      { reps: 10, weightKg: 40 },
      { reps: 8, weightKg: 60, rpe: 8 },
      { reps: 8, weightKg: 60, rpe: 8 },
    ]);
    expect(screen.getByLabelText('Set 3 reps')).toHaveValue('8');
    expect(screen.getByLabelText('Set 3 weight (kg)')).toHaveValue('60');
    expect(screen.getByLabelText('Set 3 RPE')).toHaveValue('8');
  });

  it('stores pounds typed as kg and shows kg as pounds', async () => {
    const user = userEvent.setup();
    const { last } = renderSets({ sets: [{ reps: 8, weightKg: 60 }], unit: 'lb' });
    const weight = screen.getByLabelText('Set 1 weight (lb)');
    expect(weight).toHaveValue('132.3');
    expect(screen.getByRole('columnheader', { name: 'Weight (lb)' })).toBeInTheDocument();

    await user.clear(weight);
    await user.type(weight, '135');
    await user.tab();

    expect(last()).toEqual([{ reps: 8, weightKg: 61.235 }]);
    expect(weight).toHaveValue('135');
  });

  it('says what was done last time', () => {
    renderSets({
      sets: [{}],
      previousSets: [
        { reps: 12, weightKg: 20, warmup: true },
        ...Array<LoggedSet>(3).fill({ reps: 8, weightKg: 60 }),
      ],
    });

    expect(screen.getByText('Last time: 3 × 8 × 60 kg')).toBeInTheDocument();
  });

  it.each<[Measure, string[]]>([
    ['weight_reps', ['Set 1 reps', 'Set 1 weight (kg)']],
    ['reps', ['Set 1 reps', 'Set 1 added weight (kg)']],
    ['time', ['Set 1 time']],
    ['distance', ['Set 1 distance (m)', 'Set 1 time']],
  ])('offers the fields of the measure %s', (measure, labels) => {
    renderSets({ sets: [{}], measure });

    const inputs = screen.getAllByRole('textbox');
    expect(inputs.map((input) => input.getAttribute('aria-label'))).toEqual(labels);
  });

  it('reads times as minutes and seconds and leaves out an emptied field', async () => {
    const user = userEvent.setup();
    const { last } = renderSets({ sets: [{ distanceM: 400, durationS: 100 }], measure: 'distance' });
    const time = screen.getByLabelText('Set 1 time');
    expect(time).toHaveValue('1:40');

    await user.clear(time);
    await user.type(time, '1:35');
    expect(last()).toEqual([{ distanceM: 400, durationS: 95 }]);
    await user.clear(time);
    expect(last()).toEqual([{ distanceM: 400 }]);
  });

  it('marks warm-ups and records the RPE', async () => {
    const user = userEvent.setup();
    const { last } = renderSets({ sets: [{ reps: 5, weightKg: 100 }] });

    await user.click(screen.getByLabelText('Set 1 warm-up'));
    await user.selectOptions(screen.getByLabelText('Set 1 RPE'), '8.5');
    expect(last()).toEqual([{ reps: 5, weightKg: 100, warmup: true, rpe: 8.5 }]);

    await user.click(screen.getByLabelText('Set 1 warm-up'));
    await user.selectOptions(screen.getByLabelText('Set 1 RPE'), 'RPE');
    expect(last()).toEqual([{ reps: 5, weightKg: 100 }]);
  });

  it('keeps a set’s done tick with the set, tells the parent when one is ticked, and deletes the set asked', async () => {
    const user = userEvent.setup();
    const onSetDone = vi.fn();
    const { last } = renderSets({ sets: [{ reps: 5 }, { reps: 6 }, { reps: 7, done: true }], onSetDone });
    expect(screen.getByLabelText('Set 3 done')).toBeChecked();

    await user.click(screen.getByLabelText('Set 2 done'));
    expect(onSetDone).toHaveBeenCalledWith(1);
    expect(last()).toEqual([{ reps: 5 }, { reps: 6, done: true }, { reps: 7, done: true }]);

    await user.click(screen.getByRole('button', { name: 'Delete set 1' }));
    expect(last()).toEqual([
      { reps: 6, done: true },
      { reps: 7, done: true },
    ]);
    expect(screen.getByLabelText('Set 1 done')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Add set' })).toHaveFocus();

    await user.click(screen.getByLabelText('Set 1 done'));
    expect(last()).toEqual([{ reps: 6 }, { reps: 7, done: true }]);
    expect(onSetDone).toHaveBeenCalledTimes(1);
  });

  it('shows beside each set the same set last time, and copies its numbers in with one tap', async () => {
    const user = userEvent.setup();
    const { last } = renderSets({
      sets: [{ rpe: 8 }, { reps: 3 }],
      previousSets: [{ reps: 8, weightKg: 60, done: true }],
    });

    await user.click(screen.getByRole('button', { name: 'Set 1: same as last time, 8 × 60 kg' }));

    expect(last()).toEqual([{ reps: 8, weightKg: 60, rpe: 8 }, { reps: 3 }]);
    expect(screen.getByLabelText('Set 1 weight (kg)')).toHaveValue('60');
    expect(screen.getByLabelText('Set 1 done')).not.toBeChecked();
    const [, , second] = screen.getAllByRole('row');
    expect(second).toHaveTextContent('nothing last time');
  });

  it('holds at most the sets an exercise may have', async () => {
    const user = userEvent.setup();
    renderSets({ sets: Array<LoggedSet>(MAX_SETS_PER_EXERCISE).fill({ reps: 5, weightKg: 50 }) });

    const add = screen.getByRole('button', { name: 'Add set' });
    expect(add).toBeDisabled();
    expect(screen.getByText(`An exercise holds at most ${MAX_SETS_PER_EXERCISE} sets.`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Delete set ${MAX_SETS_PER_EXERCISE}` }));
    expect(add).toBeEnabled();
    expect(add).toHaveFocus();
  });

  it('shows a fault of checkExercises beside the field it names', () => {
    const measureOf = () => 'weight_reps' as const;
    const sets = [
      { reps: 5, weightKg: 100 },
      { reps: 5.5, weightKg: 100 },
    ];
    const fault = checkExercises([{ exerciseId: 'bench', sets }], measureOf);
    renderSets({ sets, fault });

    expect(screen.getByLabelText('Set 2 reps')).toBeInvalid();
    expect(screen.getByLabelText('Set 2 reps')).toHaveAccessibleDescription(
      'Set 2 reps must be a whole number.',
    );
    expect(screen.getByLabelText('Set 2 weight (kg)')).toBeValid();
    expect(screen.getByLabelText('Set 1 reps')).toBeValid();
  });

  it('shows a fault of the whole exercise under its sets, and none of another exercise', () => {
    const measureOf = () => 'weight_reps' as const;
    const fault = checkExercises(
      [
        { exerciseId: 'squat', sets: [{ reps: 5, weightKg: 100 }] },
        { exerciseId: 'bench', sets: [] },
      ],
      measureOf,
    );
    renderSets({ sets: [], fault, index: 1 });
    expect(screen.getByText('Add at least one set.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add set' })).toHaveAccessibleDescription(
      'Add at least one set.',
    );
  });

  it('shows no fault that lies in another exercise', () => {
    const measureOf = () => 'weight_reps' as const;
    const fault = checkExercises(
      [
        { exerciseId: 'squat', sets: [{ reps: 5.5, weightKg: 100 }] },
        { exerciseId: 'bench', sets: [{ reps: 5, weightKg: 100 }] },
      ],
      measureOf,
    );
    renderSets({ sets: [{ reps: 5.5, weightKg: 100 }], fault, index: 1 });

    expect(screen.getByLabelText('Set 1 reps')).toBeValid();
    expect(screen.queryByText(/must be/)).not.toBeInTheDocument();
  });

  it('marks a set that beat a personal record, naming the records in words', () => {
    renderSets({
      sets: [
        { reps: 5, weightKg: 100 },
        { reps: 8, weightKg: 60 },
      ],
      records: [['heaviest', 'oneRepMax'], []],
    });

    const [, first, second] = screen.getAllByRole('row');
    expect(first).toHaveAccessibleName(
      /personal record: heaviest weight, best estimated one-rep max \(Epley\)/,
    );
    expect(second).not.toHaveAccessibleName(/personal record/);
  });
});
