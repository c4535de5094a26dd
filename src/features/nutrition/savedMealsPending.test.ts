import { describe, expect, it } from 'vitest';
import type { SavedMealRow } from '@/domain/savedMeals';
import type { PendingChange } from '@/lib/offline/changes';
import { withWaitingSavedMeals } from './savedMealsPending';

const toast = { name: 'Toast', caloriesKcal: 180, proteinG: 6, carbsG: 30, fatG: 2 };
const saved: SavedMealRow[] = [
  { id: 'a', name: 'Breakfast', items: [toast] },
  { id: 'b', name: 'Lunch', items: [toast, toast] },
];

const change = (fields: Partial<PendingChange>): PendingChange => ({
  id: 'c1',
  account: 'me',
  seq: 1,
  className: 'SavedMeal',
  op: 'create',
  target: 'local:c1',
  fields: {},
  display: {},
  queuedAt: '2026-03-01T08:00:00.000Z',
  refusal: null,
  ...fields,
});

describe('withWaitingSavedMeals', () => {
  it('adds a saved meal made on this device, renames and removes others, by name', () => {
    const rows = withWaitingSavedMeals(saved, [
      change({ fields: { name: 'Apéritif', items: [toast] } }),
      change({ id: 'c2', seq: 2, op: 'update', target: 'a', fields: { name: 'Sunday' } }),
      change({ id: 'c3', seq: 3, op: 'delete', target: 'b' }),
      change({ id: 'c4', seq: 4, className: 'Meal', op: 'delete', target: 'a' }),
    ]);
    expect(rows).toEqual([
      { id: 'local:c1', name: 'Apéritif', items: [toast], sync: 'waiting' },
      { id: 'a', name: 'Sunday', items: [toast], sync: 'waiting' },
    ]);
  });

  it('answers the saved meals themselves when nothing of theirs waits', () => {
    expect(withWaitingSavedMeals(saved, [])).toBe(saved);
  });
});
