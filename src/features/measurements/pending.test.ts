import { describe, expect, it } from 'vitest';
import type { BodyMeasurementRow } from '@/domain/bodyMeasurements';
import { localTarget, restDate } from '@/lib/offline/changes';
import { pendingChange } from '@/test/pendingChange';
import type { MeasurementsView } from './api';
import { withWaitingMeasurements } from './pending';

const EMPTY = { waistCm: null, hipsCm: null, chestCm: null, neckCm: null, upperArmCm: null, thighCm: null };

const saved: BodyMeasurementRow[] = [
  { ...EMPTY, id: 'm2', measuredAt: '2026-11-15T07:00:00.000Z', waistCm: 85, bodyFatPct: null },
  { ...EMPTY, id: 'm1', measuredAt: '2026-11-08T07:00:00.000Z', waistCm: 86, bodyFatPct: 22 },
];

const view: MeasurementsView = { rows: saved, units: 'metric', sex: 'male', heightCm: 180, timeZone: 'UTC' };

describe('withWaitingMeasurements', () => {
  it('returns the view unchanged when nothing waits', () => {
    expect(withWaitingMeasurements(view, [])).toBe(view);
  });

  it('adds a day measured offline in date order, marked waiting, and shows edits and deletions', () => {
    const created = pendingChange({
      className: 'BodyMeasurement',
      op: 'create',
      target: localTarget('00000000-0000-4000-8000-0000000000aa'),
      fields: { measuredAt: restDate(new Date('2026-11-22T07:00:00Z')), waistCm: 84.5, neckCm: 38 },
    });
    const edit = pendingChange({
      className: 'BodyMeasurement',
      op: 'update',
      target: 'm1',
      fields: { waistCm: 86.5 },
    });
    const deletion = pendingChange({ className: 'BodyMeasurement', op: 'delete', target: 'm2' });
    const weighIn = pendingChange({ className: 'WeightEntry', op: 'delete', target: 'm1' });

    const { rows } = withWaitingMeasurements(view, [created, edit, deletion, weighIn]);

    expect(rows.map((row) => [row.waistCm, row.neckCm, row.bodyFatPct, row.sync])).toEqual([
      [84.5, 38, null, 'waiting'],
      [86.5, null, 22, 'waiting'],
    ]);
  });
});
