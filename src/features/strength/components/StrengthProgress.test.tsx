import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ExerciseProgress, ExerciseRow, ProgressRange, RecentExercises } from '@/domain/strength';
import { StrengthProgress } from './StrengthProgress';

const BENCH: ExerciseRow = {
  id: 'bench',
  name: 'Bench press',
  category: 'barbell',
  primaryMuscles: ['chest'],
  secondaryMuscles: [],
  equipment: 'barbell',
  measure: 'weight_reps',
  custom: false,
};

const recent = (exercises: ExerciseRow[]) => () =>
  Promise.resolve<RecentExercises>({ exercises, lastSets: {}, named: [] });

function progressIn(range: ProgressRange): ExerciseProgress {
  return {
    exercise: BENCH,
    range,
    points: [],
    records: {
      heaviest: { value: 100, weightKg: 100, reps: 3, activityId: 'a1', startedAt: '2026-03-02T18:00:00Z' },
      oneRepMax: { value: 112.5, weightKg: 90, reps: 8, activityId: 'a2', startedAt: '2026-04-06T18:00:00Z' },
      setVolume: { value: 720, weightKg: 90, reps: 8, activityId: 'a2', startedAt: '2026-04-06T18:00:00Z' },
      repsAtWeight: [],
    },
  };
}

describe('StrengthProgress', () => {
  it('is not shown to someone who has logged no strength workout', async () => {
    const loadRecent = vi.fn(recent([]));
    const { container } = render(<StrengthProgress unit="kg" loadRecent={loadRecent} />);

    await vi.waitFor(() => expect(loadRecent).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });

  it('follows only exercises with weight and reps, and says so when there is none', async () => {
    const plank: ExerciseRow = {
      ...BENCH,
      id: 'plank',
      name: 'Plank',
      category: 'bodyweight',
      measure: 'time',
    };
    const loadProgress = vi.fn(() => Promise.resolve(progressIn('3m')));
    const { rerender } = render(
      <StrengthProgress
        unit="kg"
        loadRecent={recent([plank])}
        loadProgress={loadProgress}
        weekMuscleSets={{ abs: 3 }}
      />,
    );

    expect(
      await screen.findByText(
        'Log an exercise with weight and reps to follow its estimated one-rep max and volume here.',
      ),
    ).toBeVisible();
    expect(screen.queryByLabelText('Exercise')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sets per muscle this week' })).toBeVisible();
    expect(loadProgress).not.toHaveBeenCalled();

    rerender(
      <StrengthProgress
        unit="kg"
        loadRecent={recent([plank, BENCH])}
        loadProgress={loadProgress}
        weekMuscleSets={{ abs: 3 }}
        revision={2}
      />,
    );
    const exercise = await screen.findByLabelText('Exercise');
    expect([...(exercise as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Bench press',
    ]);
    await vi.waitFor(() => expect(loadProgress).toHaveBeenCalledWith('bench', '3m'));
  });

  it('shows the latest exercise’s records in words, and says when a range has no workout', async () => {
    const user = userEvent.setup();
    const loadProgress = vi.fn((_id: string, range: ProgressRange) => Promise.resolve(progressIn(range)));
    render(<StrengthProgress unit="kg" loadRecent={recent([BENCH])} loadProgress={loadProgress} />);

    expect(
      await screen.findByText('No workout with Bench press in the last 3 months. Choose a longer range.'),
    ).toBeVisible();
    expect(screen.getByText('100 kg × 3, 2 Mar 2026')).toBeVisible();
    expect(screen.getByText('No working sets this week yet.')).toBeVisible();
    expect(screen.getByText('Best estimated one-rep max (Epley: weight × (1 + reps ÷ 30))')).toBeVisible();
    expect(screen.getByText('112.5 kg from 90 kg × 8, 6 Apr 2026')).toBeVisible();

    await user.selectOptions(screen.getByLabelText('Range'), '1 month');

    expect(
      await screen.findByText('No workout with Bench press in the last month. Choose a longer range.'),
    ).toBeVisible();
    expect(loadProgress).toHaveBeenLastCalledWith('bench', '1m');
  });

  it('shows weights in pounds for someone who lifts in pounds', async () => {
    render(
      <StrengthProgress
        unit="lb"
        loadRecent={recent([BENCH])}
        loadProgress={(_id, range) => Promise.resolve(progressIn(range))}
      />,
    );

    expect(await screen.findByText('220.5 lb × 3, 2 Mar 2026')).toBeVisible();
  });

  it('says what went wrong when the progress cannot be loaded', async () => {
    render(
      <StrengthProgress
        unit="kg"
        loadRecent={recent([BENCH])}
        loadProgress={() => Promise.reject(new Error('Network request failed'))}
      />,
    );

    expect(await screen.findByRole('alert')).not.toBeEmptyDOMElement();
  });

  it('asks again when the workouts change, so a new record shows without a reload', async () => {
    const loadProgress = vi.fn((_id: string, range: ProgressRange) => Promise.resolve(progressIn(range)));
    const loadRecent = vi.fn(recent([BENCH]));
    const { rerender } = render(
      <StrengthProgress unit="kg" revision={1} loadRecent={loadRecent} loadProgress={loadProgress} />,
    );
    await vi.waitFor(() => expect(loadProgress).toHaveBeenCalledTimes(1));

    rerender(<StrengthProgress unit="kg" revision={2} loadRecent={loadRecent} loadProgress={loadProgress} />);

    await vi.waitFor(() => expect(loadProgress).toHaveBeenCalledTimes(2));
    expect(loadRecent).toHaveBeenCalledTimes(2);
  });
});
