import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ActivityRow, WorkoutDetail } from '@/domain/activity';
import type { ExerciseRow } from '@/domain/strength';
import type { Units } from '@/domain/units';
import { WorkoutSummaryWindow } from './WorkoutSummaryWindow';

const RUN: ActivityRow = {
  id: 'run1',
  type: 'run',
  startedAt: new Date(2026, 2, 14, 6, 30).toISOString(),
  durationMin: 50,
  distanceKm: 10,
  caloriesKcal: 640,
  caloriesEstimated: false,
  notes: 'Easy loop',
};

const BENCH: ExerciseRow = {
  id: 'bench',
  name: 'Bench press',
  category: 'strength',
  primaryMuscles: ['chest'],
  secondaryMuscles: [],
  equipment: 'barbell',
  measure: 'weight_reps',
  custom: false,
};

function Harness({
  activity,
  detail = null,
  units = 'metric',
  onEdit = () => undefined,
  onDelete = () => undefined,
}: {
  activity: ActivityRow;
  detail?: WorkoutDetail | null;
  units?: Units;
  onEdit?: (activity: ActivityRow) => void;
  onDelete?: (activity: ActivityRow) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open the workout
      </button>
      <WorkoutSummaryWindow
        activity={open ? activity : null}
        detail={detail}
        units={units}
        knownExercises={[BENCH]}
        onClose={() => setOpen(false)}
        onEdit={onEdit}
        onDelete={onDelete}
      />
    </>
  );
}

async function open(props: Parameters<typeof Harness>[0]) {
  render(<Harness {...props} />);
  await userEvent.click(screen.getByRole('button', { name: 'Open the workout' }));
  return screen.getByRole('dialog', { name: 'Running on 14 March 2026' });
}

describe('WorkoutSummaryWindow', () => {
  it('shows a run to read, with its pace, and the focus on its title', async () => {
    const window = await open({ activity: RUN });
    expect(within(window).getByRole('heading', { name: 'Running on 14 March 2026' })).toHaveFocus();
    expect(window).toHaveTextContent('Running, Saturday 14 March 2026 at 06:30');
    expect(within(window).getByText('Average pace').nextSibling).toHaveTextContent('5:00 /km');
    expect(within(window).getByText('Distance').nextSibling).toHaveTextContent('10.00 km');
    expect(within(window).getByText('Duration').nextSibling).toHaveTextContent('50 min');
    expect(within(window).getByText('Calories').nextSibling).toHaveTextContent('640 kcal');
    expect(window).toHaveTextContent('Easy loop');
    expect(within(window).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(window).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('shows a ride’s speed in mph for imperial units', async () => {
    render(
      <Harness
        activity={{ ...RUN, type: 'cycle', distanceKm: 32.18688, durationMin: 60 }}
        units="imperial"
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open the workout' }));
    const window = screen.getByRole('dialog', { name: 'Cycling on 14 March 2026' });
    expect(within(window).getByText('Average speed').nextSibling).toHaveTextContent('20.0 mph');
    expect(within(window).queryByText('Average pace')).not.toBeInTheDocument();
  });

  it('reads pace from the moving time and shows the heart rate of a recorded run', async () => {
    const detail: WorkoutDetail = {
      activity: RUN,
      movingTimeS: 45 * 60,
      elevationGainM: 40,
      avgHr: 150,
      maxHr: 172,
      track: null,
      timeInZones: null,
      load: null,
      personalBests: [],
      original: null,
    };
    const window = await open({ activity: RUN, detail });
    expect(within(window).getByText('Moving time').nextSibling).toHaveTextContent('45:00');
    expect(within(window).getByText('Average pace').nextSibling).toHaveTextContent('4:30 /km');
    expect(within(window).getByText('Heart rate').nextSibling).toHaveTextContent('150 bpm average, 172 max');
  });

  it('lists a strength workout’s sets with their records', async () => {
    render(
      <Harness
        activity={{
          ...RUN,
          type: 'strength',
          distanceKm: null,
          exercises: [
            {
              exerciseId: 'bench',
              sets: [
                { reps: 10, weightKg: 40, warmup: true },
                { reps: 8, weightKg: 60 },
              ],
            },
          ],
          setRecords: [[[], ['heaviest']]],
        }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open the workout' }));
    const window = screen.getByRole('dialog', { name: 'Strength on 14 March 2026' });
    const lifts = within(window).getByRole('region', { name: 'Exercises' });
    expect(lifts).toHaveTextContent('Bench press');
    const sets = within(lifts).getAllByRole('listitem').slice(1);
    expect(sets[0]).toHaveTextContent('Set 1: 40 kg × 10 (warm-up)');
    expect(sets[1]).toHaveTextContent('Set 2: 60 kg × 8 Personal record: heaviest weight');
    expect(within(window).queryByText('Average pace')).not.toBeInTheDocument();
  });

  it('offers Edit in its menu', async () => {
    const onEdit = vi.fn();
    const window = await open({ activity: RUN, onEdit });
    await userEvent.click(within(window).getByRole('button', { name: 'More actions for this workout' }));
    const menu = within(window).getByRole('menu', { name: 'More actions for this workout' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Delete']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledWith(RUN);
  });

  it('asks once before Delete, and keeps the workout when told to', async () => {
    const onDelete = vi.fn();
    const window = await open({ activity: RUN, onDelete });
    await userEvent.click(within(window).getByRole('button', { name: 'More actions for this workout' }));
    await userEvent.click(within(window).getByRole('menuitem', { name: 'Delete' }));
    const deleteButton = within(window).getByRole('button', { name: 'Delete workout' });
    expect(deleteButton).toHaveFocus();
    await userEvent.click(within(window).getByRole('button', { name: 'Keep it' }));
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(within(window).getByRole('button', { name: 'More actions for this workout' }));
    await userEvent.click(within(window).getByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(within(window).getByRole('button', { name: 'Delete workout' }));
    expect(onDelete).toHaveBeenCalledWith(RUN);
  });

  it('returns the focus to what opened it when it closes', async () => {
    const window = await open({ activity: RUN });
    await userEvent.click(within(window).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open the workout' })).toHaveFocus();
  });
});
