import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExerciseRow, LoggedExercise, LoggedSet, RecentExercises } from '@/domain/strength';
import type { ExerciseMemory, RoutineStore } from '../api';
import { REST_TIMER_STORAGE_KEY } from '../restTimer';
import { StrengthExercises, type StrengthExercisesProps } from './StrengthExercises';

afterEach(() => sessionStorage.removeItem(REST_TIMER_STORAGE_KEY));

function exercise(id: string, name: string): ExerciseRow {
  return {
    id,
    name,
    category: 'barbell',
    primaryMuscles: ['chest'],
    secondaryMuscles: [],
    equipment: 'barbell',
    measure: 'weight_reps',
    custom: false,
  };
}

const BENCH = exercise('bench', 'Bench press');
const SQUAT = exercise('squat', 'Back squat');

const NO_ROUTINES: RoutineStore = {
  load: () => Promise.resolve([]),
  save: () => Promise.reject(new Error('not saved')),
  update: () => Promise.reject(new Error('not updated')),
  remove: () => Promise.reject(new Error('not deleted')),
};

const NO_MEMORY: ExerciseMemory = { recall: () => Promise.resolve([]), remember: () => Promise.resolve() };

/** The server's answer as a test sets it: latest exercises and their last sets. */
function recentAnswer(exercises: ExerciseRow[] = [], lastSets: Record<string, LoggedSet[]> = {}) {
  return vi.fn<(ids: readonly string[], before?: string) => Promise<RecentExercises>>(() =>
    Promise.resolve({ exercises, lastSets, named: [] }),
  );
}

/** The exercises part of the workout window, with nothing saved, no routine and no server unless a test says. */
function renderExercises(
  props: Partial<StrengthExercisesProps> & Pick<StrengthExercisesProps, 'initial' | 'known'>,
) {
  return render(
    <StrengthExercises
      unit="kg"
      loadRecent={recentAnswer()}
      routines={NO_ROUTINES}
      memory={NO_MEMORY}
      {...props}
    />,
  );
}

/** What the form would send: the hidden JSON field of the exercises. */
function sent(container: HTMLElement): LoggedExercise[] {
  const field = container.querySelector<HTMLInputElement>('input[name="exercises"]');
  return JSON.parse(field?.value ?? 'null') as LoggedExercise[];
}

describe('StrengthExercises', () => {
  it('starts a new workout with the picker and adds a picked exercise with one set', async () => {
    const user = userEvent.setup();
    const { container } = renderExercises({ initial: [], known: [BENCH] });

    await user.click(screen.getByRole('button', { name: /Bench press/ }));

    expect(screen.getByRole('heading', { name: 'Bench press' })).toBeInTheDocument();
    expect(sent(container)).toEqual([{ exerciseId: 'bench', sets: [{}] }]);
    expect(screen.getByLabelText('Set 1 reps')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Add exercise' })).toBeInTheDocument();
  });

  it('moves an exercise up and removes one, sending the new order', async () => {
    const user = userEvent.setup();
    const initial = [
      { exerciseId: 'bench', sets: [{ reps: 8, weightKg: 60 }] },
      { exerciseId: 'squat', sets: [{ reps: 5, weightKg: 100 }] },
    ];
    const { container } = renderExercises({ initial, known: [BENCH, SQUAT] });

    await user.click(screen.getByRole('button', { name: 'Move Back squat up' }));
    expect(sent(container).map((logged) => logged.exerciseId)).toEqual(['squat', 'bench']);
    expect(screen.getByRole('button', { name: 'Move Back squat up' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Remove Bench press' }));
    expect(sent(container)).toEqual([{ exerciseId: 'squat', sets: [{ reps: 5, weightKg: 100 }] }]);
    expect(screen.getByRole('button', { name: 'Add exercise' })).toHaveFocus();
  });

  it('starts the rest timer when a set is ticked done', async () => {
    const user = userEvent.setup();
    renderExercises({
      initial: [{ exerciseId: 'bench', sets: [{ reps: 8, weightKg: 60 }], restS: 120 }],
      known: [BENCH],
    });
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Set 1 done'));

    expect(screen.getByRole('timer', { name: 'Rest left' })).toHaveTextContent('2:00');
  });

  it('rests 90 seconds unless the exercise says otherwise, and keeps a changed rest with the workout', async () => {
    const user = userEvent.setup();
    const { container } = renderExercises({
      initial: [{ exerciseId: 'bench', sets: [{ reps: 8, weightKg: 60 }] }],
      known: [BENCH],
    });
    const rest = screen.getByLabelText('Rest after each set of Bench press');
    expect(rest).toHaveDisplayValue('1:30');

    await user.selectOptions(rest, '3:00');
    await user.click(screen.getByLabelText('Set 1 done'));

    expect(screen.getByRole('timer', { name: 'Rest left' })).toHaveTextContent('3:00');
    expect(sent(container)).toEqual([
      { exerciseId: 'bench', sets: [{ reps: 8, weightKg: 60, done: true }], restS: 180 },
    ]);
  });

  it('tells the form after its exercises change, with them already in the JSON field, not on opening', async () => {
    const user = userEvent.setup();
    const seen: LoggedExercise[][] = [];
    const { container } = renderExercises({
      initial: [{ exerciseId: 'bench', sets: [{ reps: 8, weightKg: 60 }] }],
      known: [BENCH],
      onChange: () => seen.push(sent(container)),
    });
    expect(seen).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Add set' }));

    expect(seen.at(-1)).toEqual([
      {
        exerciseId: 'bench',
        sets: [
          { reps: 8, weightKg: 60 },
          { reps: 8, weightKg: 60 },
        ],
      },
    ]);
  });

  it('marks the faulty set once the form has refused the exercises', () => {
    const initial = [{ exerciseId: 'bench', sets: [{ reps: 8, weightKg: 1200 }] }];
    renderExercises({ initial, known: [BENCH], error: 'Some exercises need fixing: see the marked sets.' });

    const bench = screen.getByRole('listitem');
    expect(within(bench).getByLabelText('Set 1 weight (kg)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Some exercises need fixing: see the marked sets.')).toBeInTheDocument();
  });

  it('names an exercise that is gone instead of failing', () => {
    renderExercises({ initial: [{ exerciseId: 'deleted', sets: [{ reps: 5 }] }], known: [] });

    expect(screen.getByRole('heading', { name: 'An exercise no longer available' })).toBeInTheDocument();
  });

  it('offers the latest exercises first and shows what each had last time, asking for a new one as it is added', async () => {
    const user = userEvent.setup();
    const loadRecent = recentAnswer([SQUAT], { squat: [{ reps: 5, weightKg: 100 }] });
    renderExercises({
      initial: [{ exerciseId: 'squat', sets: [{ reps: 5, weightKg: 105 }] }],
      known: [SQUAT, BENCH],
      before: '2026-11-20T18:00:00.000Z',
      loadRecent,
    });

    expect(await screen.findByText('Last time: 5 × 100 kg')).toBeInTheDocument();
    expect(loadRecent).toHaveBeenCalledWith(['squat'], '2026-11-20T18:00:00.000Z');

    loadRecent.mockResolvedValueOnce({
      exercises: [],
      lastSets: { bench: [{ reps: 8, weightKg: 60 }] },
      named: [],
    });
    await user.click(screen.getByRole('button', { name: 'Add exercise' }));
    await user.click(
      within(screen.getByRole('list', { name: 'Recent' })).getByRole('button', { name: /Back squat/ }),
    );

    expect(loadRecent).toHaveBeenCalledTimes(1); // its last sets are known already
    expect(screen.getAllByText('Last time: 5 × 100 kg')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Add exercise' }));
    await user.click(
      within(screen.getByRole('list', { name: 'Recent' })).getByRole('button', { name: /Bench press/ }),
    );

    expect(loadRecent).toHaveBeenLastCalledWith(['bench'], '2026-11-20T18:00:00.000Z');
    expect(await screen.findByText('Last time: 8 × 60 kg')).toBeInTheDocument();
  });

  it('shows the saved workout’s record marks until its sets change', async () => {
    const user = userEvent.setup();
    renderExercises({
      initial: [{ exerciseId: 'bench', sets: [{ reps: 5, weightKg: 100 }] }],
      known: [BENCH],
      records: [[['heaviest']]],
    });
    expect(screen.getByText(', personal record: heaviest weight')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add set' }));

    expect(screen.queryByText(/personal record/)).not.toBeInTheDocument();
  });

  it('starts from a routine with its target sets, naming its exercises from the server', async () => {
    const user = userEvent.setup();
    const pushDay = {
      id: 'r1',
      name: 'Push day',
      exercises: [{ exerciseId: 'bench', sets: [{ reps: 5, weightKg: 80 }] }],
    };
    const loadRecent = recentAnswer();
    const { container } = renderExercises({
      initial: [],
      known: [],
      loadRecent,
      routines: { ...NO_ROUTINES, load: () => Promise.resolve([pushDay]) },
    });
    await waitFor(() => expect(loadRecent).toHaveBeenCalledTimes(1));
    loadRecent.mockResolvedValueOnce({ exercises: [], lastSets: {}, named: [BENCH] });

    await user.selectOptions(await screen.findByLabelText('Routine'), 'Push day');
    await user.click(screen.getByRole('button', { name: 'Start from routine' }));

    expect(await screen.findByRole('heading', { name: 'Bench press' })).toBeInTheDocument();
    expect(loadRecent).toHaveBeenLastCalledWith(['bench'], undefined);
    expect(sent(container)).toEqual(pushDay.exercises);
  });

  it('repeats the last workout or starts a routine in one tap, none of its sets ticked, last time beside each', async () => {
    const user = userEvent.setup();
    const lastWorkout = {
      durationMin: 50,
      exercises: [{ exerciseId: 'bench', sets: [{ reps: 8, weightKg: 60, done: true }], restS: 120 }],
    };
    const lastSets = { bench: lastWorkout.exercises[0]?.sets ?? [] };
    const legDay = {
      id: 'r1',
      name: 'Leg day',
      exercises: [{ exerciseId: 'squat', sets: [{ reps: 5, weightKg: 100 }] }],
    };
    const onStarted = vi.fn();
    const { container, unmount } = renderExercises({
      initial: [],
      known: [],
      loadRecent: vi.fn(() =>
        Promise.resolve({ exercises: [BENCH, SQUAT], lastSets, named: [BENCH], lastWorkout }),
      ),
      routines: { ...NO_ROUTINES, load: () => Promise.resolve([legDay]) },
      onStarted,
    });
    const starts = await screen.findByRole('group', { name: 'Start from' });

    await user.click(await within(starts).findByRole('button', { name: 'Repeat last workout' }));

    expect(sent(container)).toEqual([{ exerciseId: 'bench', sets: [{ reps: 8, weightKg: 60 }], restS: 120 }]);
    expect(onStarted).toHaveBeenCalledWith(50);
    expect(screen.getByLabelText('Set 1 done')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Set 1: same as last time, 8 × 60 kg' })).toBeInTheDocument();
    expect(screen.getByLabelText('Set 1 reps')).toHaveFocus();
    expect(screen.queryByRole('group', { name: 'Start from' })).not.toBeInTheDocument();
    unmount();

    const again = renderExercises({
      initial: [],
      known: [SQUAT],
      routines: { ...NO_ROUTINES, load: () => Promise.resolve([legDay]) },
    });
    await user.click(await screen.findByRole('button', { name: 'Leg day' }));
    expect(sent(again.container)).toEqual(legDay.exercises);
    expect(screen.getByLabelText('Routine')).toHaveDisplayValue('Leg day');
  });

  it('offers the last workout’s length once it is known, when a routine was started before', async () => {
    const user = userEvent.setup();
    const legDay = {
      id: 'r1',
      name: 'Leg day',
      exercises: [{ exerciseId: 'squat', sets: [{ reps: 5, weightKg: 100 }] }],
    };
    let answer: (value: RecentExercises) => void = () => undefined;
    const onStarted = vi.fn();
    renderExercises({
      initial: [],
      known: [SQUAT],
      loadRecent: vi.fn(
        () =>
          new Promise<RecentExercises>((resolve) => {
            answer = resolve;
          }),
      ),
      routines: { ...NO_ROUTINES, load: () => Promise.resolve([legDay]) },
      onStarted,
    });

    await user.click(await screen.findByRole('button', { name: 'Leg day' }));
    expect(onStarted).not.toHaveBeenCalled();
    answer({
      exercises: [SQUAT],
      lastSets: {},
      named: [SQUAT],
      lastWorkout: { durationMin: 50, exercises: legDay.exercises },
    });

    await waitFor(() => expect(onStarted).toHaveBeenCalledWith(50));
    expect(onStarted).toHaveBeenCalledTimes(1);
  });

  it('names exercises from what this device remembers when the server cannot be reached', async () => {
    const user = userEvent.setup();
    const pushDay = { id: 'r1', name: 'Push day', exercises: [{ exerciseId: 'squat', sets: [{ reps: 5 }] }] };
    const remember = vi.fn(() => Promise.resolve());
    renderExercises({
      initial: [],
      known: [],
      loadRecent: () => Promise.reject(Object.assign(new Error('Failed to fetch'), { code: 100 })),
      routines: { ...NO_ROUTINES, load: () => Promise.resolve([pushDay]) },
      memory: { recall: () => Promise.resolve([SQUAT, BENCH]), remember },
    });

    await user.selectOptions(await screen.findByLabelText('Routine'), 'Push day');
    await user.click(screen.getByRole('button', { name: 'Start from routine' }));

    expect(await screen.findByRole('heading', { name: 'Back squat' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add exercise' }));
    await user.click(await screen.findByRole('button', { name: /Bench press/ }));
    expect(remember).toHaveBeenLastCalledWith([BENCH]);
  });

  it('keeps the exercises as a routine under a name, and refuses an empty name', async () => {
    const user = userEvent.setup();
    const save = vi.fn((name: string, exercises: readonly LoggedExercise[]) =>
      Promise.resolve({ id: 'r2', name, exercises: [...exercises] }),
    );
    const initial = [{ exerciseId: 'bench', sets: [{ reps: 8, weightKg: 60 }] }];
    renderExercises({ initial, known: [BENCH], routines: { ...NO_ROUTINES, save } });

    await user.click(screen.getByRole('button', { name: 'Save as routine' }));
    await user.click(screen.getByRole('button', { name: 'Save routine' }));
    expect(screen.getByText('Name the routine.')).toHaveAttribute('role', 'status');
    expect(save).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Routine name'), 'Push day{Enter}');

    expect(save).toHaveBeenCalledWith('Push day', initial);
    expect(await screen.findByText('Saved as the routine “Push day”.')).toBeInTheDocument();
    expect(screen.getByLabelText('Routine')).toHaveDisplayValue('Choose a routine');
  });
});
