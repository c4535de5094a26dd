import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExerciseRow } from '@/domain/strength';
import type { ExerciseSearch, NewExercise } from '../api';
import { ExercisePicker } from './ExercisePicker';

const api = vi.hoisted(() => ({
  searchExercises: vi.fn<(search: ExerciseSearch) => Promise<ExerciseRow[]>>(),
}));
vi.mock('../api', () => ({ searchExercises: api.searchExercises }));

afterEach(() => api.searchExercises.mockReset());

function exercise(id: string, name: string, primaryMuscles: ExerciseRow['primaryMuscles']): ExerciseRow {
  return {
    id,
    name,
    category: 'barbell',
    primaryMuscles,
    secondaryMuscles: [],
    equipment: 'barbell',
    measure: 'weight_reps',
    custom: false,
  };
}

const BENCH = exercise('bench', 'Bench press', ['chest', 'triceps']);
const BENT_ROW = exercise('row', 'Bent-over row', ['lats', 'upper_back']);
const FACE_PULL = { ...exercise('face', 'Face pull', ['upper_back', 'shoulders']), custom: true };

/** A search answer the test sends when it chooses. */
function deferred() {
  let answer: (rows: ExerciseRow[]) => void = () => undefined;
  const promise = new Promise<ExerciseRow[]>((resolve) => (answer = resolve));
  return { promise, answer };
}

describe('ExercisePicker', () => {
  it('shows recent exercises before anything is typed, and picks one', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<ExercisePicker recentExercises={[BENCH, BENT_ROW]} onPick={onPick} />);

    const recent = screen.getByRole('list', { name: 'Recent' });
    const buttons = within(recent).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Bench press: Chest, Triceps',
      'Bent-over row: Lats, Upper back',
    ]);
    await user.click(within(recent).getByRole('button', { name: /Bent-over row/ }));

    expect(onPick).toHaveBeenCalledWith(BENT_ROW);
    expect(api.searchExercises).not.toHaveBeenCalled();
  });

  it('searches as one types and ignores an answer that comes after a newer one', async () => {
    const user = userEvent.setup();
    const first = deferred();
    const second = deferred();
    api.searchExercises.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    render(<ExercisePicker recentExercises={[BENCH]} onPick={vi.fn()} />);
    const field = screen.getByLabelText('Search exercises');

    await user.type(field, 'be');
    await vi.waitFor(() => expect(api.searchExercises).toHaveBeenCalledTimes(1));
    await user.type(field, 'n');
    await vi.waitFor(() => expect(api.searchExercises).toHaveBeenCalledTimes(2));
    expect(api.searchExercises.mock.calls).toEqual([[{ query: 'be' }], [{ query: 'ben' }]]);

    second.answer([BENCH]);
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getAllByRole('button')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('1 exercise found.');

    first.answer([BENCH, BENT_ROW]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(results).getAllByRole('button')).toHaveLength(1);
    expect(screen.queryByRole('list', { name: 'Recent' })).not.toBeInTheDocument();
  });

  it('sends the chosen muscle, with or without words', async () => {
    const user = userEvent.setup();
    api.searchExercises.mockResolvedValue([BENT_ROW, FACE_PULL]);
    render(<ExercisePicker recentExercises={[]} onPick={vi.fn()} />);

    const muscle = screen.getByLabelText('Muscle');
    expect(within(muscle).getByRole('option', { name: 'Upper back' })).toHaveValue('upper_back');
    await user.selectOptions(muscle, 'Upper back');

    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(api.searchExercises).toHaveBeenLastCalledWith({ query: '', muscle: 'upper_back' });
    expect(screen.getByRole('status')).toHaveTextContent('2 exercises found for upper back.');
    expect(within(results).getByRole('button', { name: /Face pull.*My exercise/ })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search exercises'), 'row');
    await vi.waitFor(() =>
      expect(api.searchExercises).toHaveBeenLastCalledWith({ query: 'row', muscle: 'upper_back' }),
    );
  });

  it('picks the first match with Enter', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    api.searchExercises.mockResolvedValue([BENT_ROW, FACE_PULL]);
    render(<ExercisePicker recentExercises={[]} onPick={onPick} />);

    await user.type(screen.getByLabelText('Search exercises'), 'row');
    await screen.findByRole('list', { name: 'Search results' });
    await user.keyboard('{Enter}');

    expect(onPick).toHaveBeenCalledWith(BENT_ROW);
  });

  it('moves through the search field and the exercises with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<ExercisePicker recentExercises={[BENCH, BENT_ROW]} onPick={vi.fn()} />);
    const field = screen.getByLabelText('Search exercises');

    await user.click(field);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: /Bench press/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('button', { name: /Bent-over row/ })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(field).toHaveFocus();

    const muscle = screen.getByLabelText('Muscle');
    muscle.focus();
    await user.keyboard('{ArrowDown}');
    expect(muscle).toHaveFocus();
  });

  it('says so when nothing matches, and says what went wrong as a sentence', async () => {
    const user = userEvent.setup();
    api.searchExercises
      .mockResolvedValueOnce([])
      .mockRejectedValueOnce(Object.assign(new Error('Failed to fetch'), { code: 100 }));
    render(<ExercisePicker recentExercises={[]} onPick={vi.fn()} />);
    const field = screen.getByLabelText('Search exercises');

    await user.type(field, 'zzz');
    expect(
      await screen.findByText('No exercise matches “zzz”. Try fewer letters or another muscle.'),
    ).toBeVisible();

    await user.type(field, 'z');
    expect(
      await screen.findByText('The server could not be reached. Check your connection and try again.'),
    ).toBeInTheDocument();
  });

  it("creates an exercise of one's own from a search with no match, and picks it", async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    const create = vi.fn((exercise: NewExercise) =>
      Promise.resolve({ id: 'mine', ...exercise, custom: true }),
    );
    api.searchExercises.mockResolvedValue([]);
    render(<ExercisePicker recentExercises={[]} onPick={onPick} create={create} />);

    await user.type(screen.getByLabelText('Search exercises'), 'Zercher squat ');
    await user.click(
      await screen.findByRole('button', { name: 'Create “Zercher squat” as your own exercise' }),
    );
    const name = screen.getByLabelText('Exercise name');
    expect(name).toHaveValue('Zercher squat');
    expect(name).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Create exercise' }));
    const muscle = screen.getByLabelText('Main muscle');
    expect(muscle).toBeInvalid();
    expect(muscle).toHaveAccessibleDescription('Choose the muscle it works most.');
    expect(muscle).toHaveFocus();
    expect(create).not.toHaveBeenCalled();

    await user.selectOptions(muscle, 'Quadriceps');
    await user.selectOptions(screen.getByLabelText('Also works (optional)'), 'Glutes');
    await user.type(screen.getByLabelText('Equipment (optional)'), 'barbell');
    await user.click(screen.getByRole('button', { name: 'Create exercise' }));

    const created: NewExercise = {
      name: 'Zercher squat',
      category: 'barbell',
      measure: 'weight_reps',
      primaryMuscles: ['quadriceps'],
      secondaryMuscles: ['glutes'],
      equipment: 'barbell',
    };
    expect(create).toHaveBeenCalledWith(created);
    expect(onPick).toHaveBeenCalledWith({ id: 'mine', ...created, custom: true });
  });

  it('keeps what was typed when the server refuses a new exercise, and goes back to the search', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    const create = vi.fn(() =>
      Promise.reject(
        Object.assign(new Error('primaryMuscles must name muscles of the list.'), { code: 142 }),
      ),
    );
    render(<ExercisePicker recentExercises={[]} onPick={onPick} create={create} />);

    await user.click(screen.getByRole('button', { name: 'Create your own exercise' }));
    await user.click(screen.getByRole('button', { name: 'Create exercise' }));
    const name = screen.getByLabelText('Exercise name');
    expect(name).toHaveAccessibleDescription('Name the exercise.');
    expect(name).toHaveFocus();
    expect(screen.getByLabelText('Main muscle')).toBeInvalid();
    await user.type(name, 'Sled push');

    await user.selectOptions(screen.getByLabelText('Each set records'), 'Distance');
    await user.selectOptions(screen.getByLabelText('Main muscle'), 'Quadriceps');
    await user.click(screen.getByRole('button', { name: 'Create exercise' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'primaryMuscles must name muscles of the list.',
    );
    expect(screen.getByLabelText('Exercise name')).toHaveValue('Sled push');
    expect(screen.getByLabelText('Each set records')).toHaveDisplayValue('Distance');
    expect(onPick).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Search exercises')).toBeInTheDocument();
  });

  it('shows the error the workout window gives it beside the search field', () => {
    render(<ExercisePicker recentExercises={[]} onPick={vi.fn()} error="Choose an exercise." />);

    const field = screen.getByLabelText('Search exercises');
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription('Choose an exercise.');
  });
});
