import { describe, expect, it } from 'vitest';
import { localTarget, restDate } from '@/lib/offline/changes';
import { pendingChange } from '@/test/pendingChange';
import { refusedCount, syncDetail } from './changeText';
import { changeLabel, refusalSentence } from './refusedChangeText';

describe('syncDetail', () => {
  it('says nothing when no change waits', () => {
    expect(syncDetail({ waiting: 0, syncing: true, sessionEnded: false })).toBeNull();
  });

  it('counts the waiting changes, and says when they are being sent', () => {
    expect(syncDetail({ waiting: 1, syncing: false, sessionEnded: false })).toBe('1 change waiting to sync');
    expect(syncDetail({ waiting: 3, syncing: false, sessionEnded: false })).toBe('3 changes waiting to sync');
    expect(syncDetail({ waiting: 3, syncing: true, sessionEnded: false })).toBe('sending 3 changes…');
  });

  it('asks to log in again when the session ended', () => {
    expect(syncDetail({ waiting: 2, syncing: false, sessionEnded: true })).toBe(
      'Log in again to send 2 waiting changes.',
    );
    expect(syncDetail({ waiting: 1, syncing: false, sessionEnded: true })).toBe(
      'Log in again to send 1 waiting change.',
    );
  });
});

describe('refusedCount', () => {
  it('agrees the verb with the count', () => {
    expect(refusedCount(1)).toBe('1 change was refused');
    expect(refusedCount(4)).toBe('4 changes were refused');
  });
});

describe('changeLabel', () => {
  it('names the kind of entry, the operation, its date and its name', () => {
    const workout = pendingChange({
      className: 'Activity',
      op: 'create',
      target: localTarget('a'),
      fields: { startedAt: restDate(new Date(2026, 10, 23, 18, 5)) },
    });
    const meal = pendingChange({
      className: 'Meal',
      op: 'update',
      target: 'srv1',
      fields: { eatenAt: restDate(new Date(2026, 10, 22, 12, 0)) },
      display: { name: 'Lentil soup' },
    });

    expect(changeLabel(workout)).toBe('Workout (new) · 23 Nov 2026, 18:05');
    expect(changeLabel(meal)).toBe('Meal (edit) · 22 Nov 2026, 12:00 · Lentil soup');
  });

  it('says what it can of a deletion, which carries no fields', () => {
    expect(changeLabel(pendingChange({ className: 'WeightEntry', op: 'delete', target: 'srv2' }))).toBe(
      'Weigh-in (deletion)',
    );
  });
});

describe('refusalSentence', () => {
  it('shows our validators’ sentences as written and other codes in plain words', () => {
    expect(refusalSentence({ code: 142, message: 'Weight must be between 20 and 400 kg.' })).toBe(
      'Weight must be between 20 and 400 kg.',
    );
    expect(
      refusalSentence({ code: 119, message: 'Permission denied for action update on class Meal.' }),
    ).toBe('You are not allowed to do that.');
  });
});
