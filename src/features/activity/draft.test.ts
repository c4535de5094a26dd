import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@/test/memoryStorage';
import {
  draftDay,
  draftFieldsOf,
  dropWorkoutDraft,
  keepWorkoutDraft,
  WORKOUT_DRAFT_STORAGE_KEY,
  workoutDraft,
  type DraftStorage,
} from './draft';

describe('a workout draft', () => {
  it('keeps the fields typed and gives them back to the same account only', () => {
    const storage = memoryStorage();
    keepWorkoutDraft('alice', { type: 'strength', durationMin: '45' }, storage);

    expect(workoutDraft('alice', storage)).toEqual({ type: 'strength', durationMin: '45' });
    expect(workoutDraft('bob', storage)).toBeNull();
  });

  it('is forgotten when dropped, and ignores what is not a draft', () => {
    const storage = memoryStorage();
    keepWorkoutDraft('alice', { type: 'run' }, storage);
    dropWorkoutDraft(storage);
    expect(workoutDraft('alice', storage)).toBeNull();

    for (const stored of ['{', '"text"', '{"account":"alice","fields":{"durationMin":45}}', 'null']) {
      storage.setItem(WORKOUT_DRAFT_STORAGE_KEY, stored);
      expect(workoutDraft('alice', storage)).toBeNull();
    }
  });

  it('survives a storage that refuses to write or read', () => {
    const broken: DraftStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(() => keepWorkoutDraft('alice', { type: 'run' }, broken)).not.toThrow();
    expect(workoutDraft('alice', broken)).toBeNull();
    expect(() => dropWorkoutDraft(broken)).not.toThrow();
  });

  it("takes only the form's named text fields it is told to keep", () => {
    const form = document.createElement('form');
    form.innerHTML = `
      <input name="type" value="strength" />
      <input name="durationMin" value="50" />
      <input type="hidden" name="row" value="{}" />
      <input type="hidden" name="exercises" value='[{"exerciseId":"bench","sets":[{"reps":8}]}]' />
      <input type="file" name="picture" />`;

    expect(draftFieldsOf(form, ['type', 'durationMin', 'exercises', 'picture'])).toEqual({
      type: 'strength',
      durationMin: '50',
      exercises: '[{"exerciseId":"bench","sets":[{"reps":8}]}]',
    });
  });

  it("trusts only a real calendar day as the draft's date", () => {
    expect(draftDay({ date: '2026-11-26' })).toBe('2026-11-26');
    for (const date of ['2026-02-30', '26/11/2026', 'tomorrow', '']) {
      expect(draftDay({ date }), date).toBeUndefined();
    }
    expect(draftDay(null)).toBeUndefined();
  });
});
