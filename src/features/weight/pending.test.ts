import { describe, expect, it } from 'vitest';
import type { WeightEntryRow, WeightSummary } from '@/domain/weight';
import { localTarget, restDate } from '@/lib/offline/changes';
import { pendingChange } from '@/test/pendingChange';
import { withWaitingWeighIns } from './pending';

const saved: WeightEntryRow[] = [
  { id: 'w2', measuredAt: '2026-11-22T07:00:00.000Z', weightKg: 81, bodyFatPct: null, note: '' },
  { id: 'w1', measuredAt: '2026-11-21T07:00:00.000Z', weightKg: 81.5, bodyFatPct: 20, note: 'gym' },
];

function summary(page = 0): WeightSummary {
  return {
    range: '3m',
    today: '2026-11-23',
    timeZone: 'UTC',
    weightUnit: 'kg',
    goalWeightKg: null,
    heightCm: null,
    points: [],
    trendKg: null,
    change7Kg: null,
    change30Kg: null,
    weeklyRateKg: null,
    dailyBalanceKcal: null,
    forecast: null,
    bmi: null,
    fastRate: false,
    entries: saved,
    page,
    pageCount: 2,
  };
}

const newWeighIn = pendingChange({
  className: 'WeightEntry',
  op: 'create',
  target: localTarget('00000000-0000-4000-8000-0000000000aa'),
  fields: {
    measuredAt: restDate(new Date('2026-11-23T07:00:00Z')),
    weightKg: 80.6,
    bodyFatPct: null,
    note: 'offline',
  },
});

describe('withWaitingWeighIns', () => {
  it('returns the summary unchanged when nothing waits', () => {
    const unchanged = summary();
    expect(withWaitingWeighIns(unchanged, [])).toBe(unchanged);
  });

  it('puts a weigh-in made offline first on the first page, marked waiting', () => {
    const { entries } = withWaitingWeighIns(summary(), [newWeighIn]);

    expect(entries.map((entry) => [entry.weightKg, entry.sync])).toEqual([
      [80.6, 'waiting'],
      [81, undefined],
      [81.5, undefined],
    ]);
  });

  it('leaves later pages as the server gave them', () => {
    expect(withWaitingWeighIns(summary(1), [newWeighIn]).entries).toEqual(saved);
  });

  it('shows an edit in place and hides a deletion', () => {
    const edit = pendingChange({
      className: 'WeightEntry',
      op: 'update',
      target: 'w1',
      fields: {
        measuredAt: restDate(new Date('2026-11-21T07:00:00Z')),
        weightKg: 81.2,
        bodyFatPct: null,
        note: 'fixed',
      },
    });
    const deletion = pendingChange({ className: 'WeightEntry', op: 'delete', target: 'w2' });

    const { entries } = withWaitingWeighIns(summary(), [edit, deletion]);

    expect(entries).toEqual([
      { ...saved[1], weightKg: 81.2, bodyFatPct: null, note: 'fixed', sync: 'waiting' },
    ]);
  });

  it('marks an entry whose change the server refused', () => {
    const refused = { ...newWeighIn, refusal: { code: 142, message: 'weightKg is out of range.' } };

    expect(withWaitingWeighIns(summary(), [refused]).entries[0]?.sync).toBe('refused');
  });

  it('ignores changes to other classes', () => {
    const workout = pendingChange({ className: 'Activity', op: 'delete', target: 'w1' });
    expect(withWaitingWeighIns(summary(), [workout]).entries).toEqual(saved);
  });
});
