import { describe, expect, it } from 'vitest';
import {
  dateOf,
  isLocalTarget,
  localTarget,
  newChangeId,
  pendingView,
  planChange,
  restDate,
  type PendingChange,
} from './changes';

let nextSeq = 1;

function change(overrides: Partial<PendingChange> & Pick<PendingChange, 'op' | 'target'>): PendingChange {
  const seq = overrides.seq ?? nextSeq++;
  return {
    id: `change-${seq}`,
    account: 'alice',
    seq,
    className: 'WeightEntry',
    fields: {},
    display: {},
    queuedAt: '2026-03-01T10:00:00.000Z',
    refusal: null,
    ...overrides,
  };
}

describe('pendingView', () => {
  it('merges a create and its later edits into one new entry with the latest values', () => {
    const create = change({
      op: 'create',
      target: localTarget('a'),
      fields: { weightKg: 80, note: 'morning' },
      display: { name: 'Morning' },
    });
    const edit = change({ op: 'update', target: localTarget('a'), fields: { weightKg: 79.5 } });

    const view = pendingView([edit, create], 'WeightEntry');

    expect(view.entries).toEqual([
      {
        id: localTarget('a'),
        isNew: true,
        fields: { weightKg: 79.5, note: 'morning' },
        display: { name: 'Morning' },
        refusal: null,
      },
    ]);
    expect(view.deleted.size).toBe(0);
  });

  it('shows an edit of a server entry as an entry that is not new', () => {
    const view = pendingView(
      [change({ op: 'update', target: 'srv1', fields: { weightKg: 70 } })],
      'WeightEntry',
    );

    expect(view.entries).toMatchObject([{ id: 'srv1', isNew: false, fields: { weightKg: 70 } }]);
  });

  it('hides an entry created on this device when its deletion waits, without listing it as deleted', () => {
    const view = pendingView(
      [
        change({ op: 'create', target: localTarget('b'), fields: { weightKg: 80 } }),
        change({ op: 'delete', target: localTarget('b') }),
      ],
      'WeightEntry',
    );

    expect(view.entries).toEqual([]);
    expect(view.deleted.size).toBe(0);
  });

  it('lists a waiting deletion of a server entry in deleted, and drops its earlier edit', () => {
    const view = pendingView(
      [
        change({ op: 'update', target: 'srv2', fields: { weightKg: 75 } }),
        change({ op: 'delete', target: 'srv2' }),
      ],
      'WeightEntry',
    );

    expect(view.entries).toEqual([]);
    expect([...view.deleted]).toEqual(['srv2']);
  });

  it('carries the refusal of a change, and keeps it through a later edit that was not refused', () => {
    const refusal = { code: 142, message: 'Weight must be between 20 and 400 kg.' };
    const view = pendingView(
      [
        change({ op: 'create', target: localTarget('c'), fields: { weightKg: 900 }, refusal }),
        change({ op: 'update', target: localTarget('c'), fields: { note: 'x' } }),
      ],
      'WeightEntry',
    );

    expect(view.entries[0]?.refusal).toEqual(refusal);
  });

  it('only folds the changes of the class asked for', () => {
    const view = pendingView(
      [
        change({ op: 'create', target: localTarget('m'), className: 'Meal' }),
        change({ op: 'delete', target: 'srv3', className: 'Activity' }),
      ],
      'WeightEntry',
    );

    expect(view).toEqual({ entries: [], deleted: new Set() });
  });
});

describe('planChange', () => {
  it('appends a change to an entry with nothing waiting', () => {
    expect(planChange([], { op: 'update', target: 'srv1', className: 'Meal' }, null)).toEqual({
      kind: 'append',
    });
  });

  it('merges an edit into the waiting change of the same entry', () => {
    const create = change({ op: 'create', target: localTarget('d') });

    const plan = planChange(
      [create],
      { op: 'update', target: localTarget('d'), className: 'WeightEntry' },
      null,
    );

    expect(plan).toMatchObject({ kind: 'merge', into: create });
  });

  it('merges into the last waiting change of the entry, not the first', () => {
    const first = change({ op: 'update', target: 'srv4', seq: 100 });
    const last = change({ op: 'update', target: 'srv4', seq: 101 });

    const plan = planChange([last, first], { op: 'update', target: 'srv4', className: 'WeightEntry' }, null);

    expect(plan).toMatchObject({ kind: 'merge', into: last });
  });

  it('does not merge into a change that is being sent: the edit is appended after it', () => {
    const create = change({ op: 'create', target: localTarget('e') });

    const plan = planChange(
      [create],
      { op: 'update', target: localTarget('e'), className: 'WeightEntry' },
      create.id,
    );

    expect(plan).toEqual({ kind: 'append' });
  });

  it('drops every waiting change of an entry the server never saw when it is deleted', () => {
    const create = change({ op: 'create', target: localTarget('f') });
    const edit = change({ op: 'update', target: localTarget('f') });

    const plan = planChange(
      [create, edit],
      { op: 'delete', target: localTarget('f'), className: 'WeightEntry' },
      null,
    );

    expect(plan).toEqual({ kind: 'drop', ids: [create.id, edit.id] });
  });

  it('appends the deletion of a server entry, since the server has to hear of it', () => {
    const edit = change({ op: 'update', target: 'srv5' });

    expect(planChange([edit], { op: 'delete', target: 'srv5', className: 'WeightEntry' }, null)).toEqual({
      kind: 'append',
    });
  });

  it('does not merge into a waiting deletion', () => {
    const deletion = change({ op: 'delete', target: 'srv6' });

    expect(planChange([deletion], { op: 'update', target: 'srv6', className: 'WeightEntry' }, null)).toEqual({
      kind: 'append',
    });
  });

  it('keeps entries of different classes apart even when their targets match', () => {
    const meal = change({ op: 'update', target: 'same-id', className: 'Meal' });

    expect(planChange([meal], { op: 'update', target: 'same-id', className: 'Activity' }, null)).toEqual({
      kind: 'append',
    });
  });
});

describe('change helpers', () => {
  it('makes version 4 UUIDs', () => {
    expect(newChangeId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newChangeId()).not.toBe(newChangeId());
  });

  it('tells local targets from objectIds and reads REST dates back', () => {
    expect(isLocalTarget(localTarget('x'))).toBe(true);
    expect(isLocalTarget('AbC123')).toBe(false);
    expect(dateOf(restDate(new Date('2026-03-01T08:30:00.000Z')))?.toISOString()).toBe(
      '2026-03-01T08:30:00.000Z',
    );
    expect(dateOf('2026-03-01')).toBeNull();
  });
});
