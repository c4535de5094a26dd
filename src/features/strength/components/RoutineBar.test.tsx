import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LoggedExercise, RoutineRow } from '@/domain/strength';
import type { RoutineChange, RoutineStore } from '../api';
import { RoutineBar } from './RoutineBar';

const PUSH: RoutineRow = {
  id: 'r1',
  name: 'Push day',
  exercises: [{ exerciseId: 'bench', sets: [{ reps: 5, weightKg: 80 }] }],
};
const LEGS: RoutineRow = {
  id: 'r2',
  name: 'Leg day',
  exercises: [{ exerciseId: 'squat', sets: [{ reps: 5 }] }],
};
const TODAY: LoggedExercise[] = [{ exerciseId: 'bench', sets: [{ reps: 6, weightKg: 82.5 }, { reps: 6 }] }];

/** A store that keeps routines in memory, its calls recorded. */
function memoryStore(routines: RoutineRow[] = [LEGS, PUSH]) {
  let next = 10;
  return {
    load: vi.fn(() => Promise.resolve(routines)),
    save: vi.fn((name: string, exercises: readonly LoggedExercise[]) =>
      Promise.resolve({ id: `r${next++}`, name, exercises: [...exercises] }),
    ),
    update: vi.fn((_id: string, _change: RoutineChange) => Promise.resolve()),
    remove: vi.fn((_id: string) => Promise.resolve()),
  } satisfies RoutineStore;
}

async function choose(name: string) {
  const user = userEvent.setup();
  await user.selectOptions(await screen.findByLabelText('Routine'), name);
  return user;
}

function routineNames(): string[] {
  const select = screen.getByLabelText<HTMLSelectElement>('Routine');
  return [...select.options].map((option) => option.text);
}

describe('RoutineBar', () => {
  it('lists the routines by name and starts the chosen one', async () => {
    const onStart = vi.fn();
    render(<RoutineBar exercises={[]} onStart={onStart} store={memoryStore()} />);

    expect(screen.queryByRole('group', { name: /Routine “/ })).not.toBeInTheDocument();
    const user = await choose('Push day');
    await user.click(screen.getByRole('button', { name: 'Start from routine' }));

    expect(onStart).toHaveBeenCalledWith(PUSH);
  });

  it('renames the chosen routine, refusing an empty name without asking the server', async () => {
    const store = memoryStore();
    render(<RoutineBar exercises={[]} onStart={vi.fn()} store={store} />);
    const user = await choose('Push day');

    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const field = screen.getByLabelText('Routine name');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('Push day');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Rename routine' }));
    expect(screen.getByText('Name the routine.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.type(field, 'Chest and triceps{Enter}');

    expect(store.update).toHaveBeenCalledWith('r1', { name: 'Chest and triceps' });
    expect(store.update).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Renamed to “Chest and triceps”.')).toBeInTheDocument();
    expect(routineNames()).toEqual(['Choose a routine', 'Chest and triceps', 'Leg day']);
    expect(screen.getByLabelText('Routine')).toHaveDisplayValue('Chest and triceps');
  });

  it('duplicates the chosen routine with its own exercises under a new name, and chooses the copy', async () => {
    const store = memoryStore();
    render(<RoutineBar exercises={TODAY} onStart={vi.fn()} store={store} />);
    const user = await choose('Push day');

    await user.click(screen.getByRole('button', { name: 'Duplicate' }));
    expect(screen.getByLabelText('Routine name')).toHaveValue('Push day copy');
    await user.click(screen.getByRole('button', { name: 'Save copy' }));

    expect(store.save).toHaveBeenCalledWith('Push day copy', PUSH.exercises);
    expect(await screen.findByText('Saved a copy as “Push day copy”.')).toBeInTheDocument();
    expect(screen.getByLabelText('Routine')).toHaveDisplayValue('Push day copy');
    expect(routineNames()).toEqual(['Choose a routine', 'Leg day', 'Push day', 'Push day copy']);
  });

  it("updates the chosen routine with the workout's exercises and sets", async () => {
    const store = memoryStore();
    const onStart = vi.fn();
    render(<RoutineBar exercises={TODAY} onStart={onStart} store={store} />);
    const user = await choose('Push day');

    await user.click(screen.getByRole('button', { name: 'Update routine' }));

    expect(store.update).toHaveBeenCalledWith('r1', { exercises: TODAY });
    expect(
      await screen.findByText('The routine “Push day” now has this workout’s exercises and sets.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start from routine' }));
    expect(onStart).toHaveBeenCalledWith({ ...PUSH, exercises: TODAY });
  });

  it('cannot update a routine with a workout that has no exercise', async () => {
    render(<RoutineBar exercises={[]} onStart={vi.fn()} store={memoryStore()} />);
    await choose('Push day');

    expect(screen.getByRole('button', { name: 'Update routine' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save as routine' })).toBeDisabled();
  });

  it('deletes the chosen routine only after a confirmation, and Keep keeps it', async () => {
    const store = memoryStore();
    render(<RoutineBar exercises={[]} onStart={vi.fn()} store={store} />);
    const user = await choose('Leg day');

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('group', { name: 'Confirm delete' });
    expect(
      within(confirm).getByText('Delete the routine “Leg day”? Workouts started from it stay.'),
    ).toBeVisible();
    expect(within(confirm).getByRole('button', { name: 'Delete routine' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Keep' }));
    expect(store.remove).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    expect(routineNames()).toContain('Leg day');

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete routine' }));

    expect(store.remove).toHaveBeenCalledWith('r2');
    expect(
      await screen.findByText('Deleted the routine “Leg day”. Workouts started from it stay.'),
    ).toBeInTheDocument();
    expect(routineNames()).toEqual(['Choose a routine', 'Push day']);
    expect(screen.getByLabelText('Routine')).toHaveFocus();
  });

  it('gives focus to the sentence saying so when the last routine is deleted', async () => {
    render(<RoutineBar exercises={[]} onStart={vi.fn()} store={memoryStore([LEGS])} />);
    const user = await choose('Leg day');

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete routine' }));

    const said = await screen.findByText('Deleted the routine “Leg day”. Workouts started from it stay.');
    expect(said).toHaveFocus();
    expect(screen.queryByLabelText('Routine')).not.toBeInTheDocument();
  });

  it("says the server's refusal and keeps the routine as it was", async () => {
    const store = memoryStore();
    store.update.mockRejectedValueOnce(
      Object.assign(new Error('name must be at most 80 characters.'), { code: 142 }),
    );
    render(<RoutineBar exercises={[]} onStart={vi.fn()} store={store} />);
    const user = await choose('Push day');

    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await user.type(screen.getByLabelText('Routine name'), ' again{Enter}');

    expect(await screen.findByText(/name must be at most 80 characters/)).toHaveClass('field-error');
    expect(screen.getByLabelText('Routine name')).toHaveValue('Push day again');
    expect(routineNames()).toEqual(['Choose a routine', 'Leg day', 'Push day']);
  });
});
