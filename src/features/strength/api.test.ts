import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadExerciseProgress, loadWorkoutRecords, searchExercises } from './api';

const cloud = vi.hoisted(() => ({ run: vi.fn((_name: string, _params: unknown) => Promise.resolve([])) }));
vi.mock('@/lib/parse', () => ({ getParse: () => Promise.resolve({ Cloud: cloud }) }));

afterEach(() => cloud.run.mockClear());

describe('strength api', () => {
  it('sends the muscle only when one is chosen', async () => {
    await searchExercises({ query: 'press' });
    await searchExercises({ query: '', muscle: 'upper_back' });

    expect(cloud.run.mock.calls).toEqual([
      ['searchExercises', { query: 'press', language: 'en' }],
      ['searchExercises', { query: '', language: 'en', muscle: 'upper_back' }],
    ]);
  });

  it('asks for the progress of an exercise over a range and the records of a workout', async () => {
    await loadExerciseProgress('ex1', '6m');
    await loadWorkoutRecords('act1');

    expect(cloud.run.mock.calls).toEqual([
      ['exerciseProgress', { exerciseId: 'ex1', range: '6m' }],
      ['workoutRecords', { activityId: 'act1' }],
    ]);
  });
});
