import { describe, expect, it } from 'vitest';
import type { ActivityRow, ActivitySummary } from '@/domain/activity';
import { localTarget, restDate } from '@/lib/offline/changes';
import { pendingChange } from '@/test/pendingChange';
import { withWaitingActivities } from './pending';

const morningRun: ActivityRow = {
  id: 'a1',
  type: 'run',
  startedAt: '2026-11-23T07:00:00.000Z',
  durationMin: 30,
  distanceKm: 5,
  caloriesKcal: 300,
  caloriesEstimated: true,
  notes: '',
};

const summary = {
  month: '2026-11',
  date: '2026-11-23',
  timeZone: 'Europe/Berlin',
  dayActivities: [morningRun],
} as ActivitySummary;

function newWorkout(startedAt: string) {
  return pendingChange({
    className: 'Activity',
    op: 'create',
    target: localTarget(startedAt),
    fields: {
      type: 'yoga',
      startedAt: restDate(new Date(startedAt)),
      durationMin: 45,
      distanceKm: null,
      caloriesKcal: null,
      notes: 'offline',
    },
  });
}

describe('withWaitingActivities', () => {
  it('adds a workout made offline on the shown day, in time order, marked waiting', () => {
    const { dayActivities } = withWaitingActivities(summary, [newWorkout('2026-11-23T05:30:00Z')]);

    expect(dayActivities.map((row) => [row.type, row.sync])).toEqual([
      ['yoga', 'waiting'],
      ['run', undefined],
    ]);
  });

  it('leaves out a workout made offline on another day of the person’s time zone', () => {
    // 23:30 UTC on the 23rd is already the 24th in Berlin.
    const { dayActivities } = withWaitingActivities(summary, [newWorkout('2026-11-23T23:30:00Z')]);

    expect(dayActivities).toEqual([morningRun]);
  });

  it('applies an edit and hides a deleted workout', () => {
    const edit = pendingChange({
      className: 'Activity',
      op: 'update',
      target: 'a1',
      fields: { ...newWorkout('2026-11-23T08:00:00Z').fields, type: 'walk' },
    });
    expect(withWaitingActivities(summary, [edit]).dayActivities).toEqual([
      expect.objectContaining({ id: 'a1', type: 'walk', durationMin: 45, sync: 'waiting' }),
    ]);

    const effortGiven = pendingChange({
      className: 'Activity',
      op: 'update',
      target: 'a1',
      fields: { effort: 6 },
    });
    expect(withWaitingActivities(summary, [effortGiven]).dayActivities).toEqual([
      expect.objectContaining({ id: 'a1', type: 'run', effort: 6, sync: 'waiting' }),
    ]);
    const effortTaken = pendingChange({
      className: 'Activity',
      op: 'update',
      target: 'a1',
      fields: { effort: null },
    });
    const withEffort = { ...summary, dayActivities: [{ ...morningRun, effort: 6 }] };
    expect(withWaitingActivities(withEffort, [effortTaken]).dayActivities[0]).not.toHaveProperty('effort');

    const deletion = pendingChange({ className: 'Activity', op: 'delete', target: 'a1' });
    expect(withWaitingActivities(summary, [deletion]).dayActivities).toEqual([]);
  });

  it('shows the sets of a strength workout logged offline, and keeps the saved ones through an edit of other fields', () => {
    const exercises = [{ exerciseId: 'bench', sets: [{ reps: 5, weightKg: 80 }] }];
    const logged = pendingChange({
      className: 'Activity',
      op: 'create',
      target: localTarget('2026-11-23T06:00:00Z'),
      fields: { ...newWorkout('2026-11-23T06:00:00Z').fields, type: 'strength', exercises },
    });
    const savedLift: ActivityRow = { ...morningRun, id: 'a2', type: 'strength', exercises };
    const renamed = pendingChange({
      className: 'Activity',
      op: 'update',
      target: 'a2',
      fields: { notes: 'heavy' },
    });

    expect(withWaitingActivities(summary, [logged]).dayActivities[0]).toMatchObject({
      type: 'strength',
      exercises,
    });
    expect(
      withWaitingActivities({ ...summary, dayActivities: [savedLift] }, [renamed]).dayActivities[0],
    ).toMatchObject({ notes: 'heavy', exercises });
  });
});
