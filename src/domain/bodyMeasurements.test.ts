import { describe, expect, it } from 'vitest';
import {
  formatMeasurement,
  formatMeasurementChange,
  hasAnyValue,
  latestMeasurements,
  measurementSeries,
  navyEstimate,
  type BodyMeasurementRow,
} from './bodyMeasurements';

const EMPTY = {
  waistCm: null,
  hipsCm: null,
  chestCm: null,
  neckCm: null,
  upperArmCm: null,
  thighCm: null,
  bodyFatPct: null,
};

const row = (id: string, measuredAt: string, values: Partial<BodyMeasurementRow>): BodyMeasurementRow => ({
  ...EMPTY,
  id,
  measuredAt,
  ...values,
});

const inches = (value: number) => value * 2.54;

describe('measurementSeries', () => {
  it('gives a point a day, the day’s mean, with the trend smoothed like the weight’s', () => {
    const rows = [
      row('c', '2026-03-11T08:00:00Z', { waistCm: 90 }),
      row('a', '2026-03-01T08:00:00Z', { waistCm: 100 }),
      row('b', '2026-03-01T19:00:00Z', { waistCm: 98 }),
      row('d', '2026-03-05T08:00:00Z', { neckCm: 40 }),
    ];
    const series = measurementSeries(rows, 'waistCm', 'UTC');
    // Ten days later the trend moves by 1 − 0.9^10 = 0.6513 of the gap: 99 − 9 × 0.6513 = 93.138.
    expect(series.map((point) => point.date)).toEqual(['2026-03-01', '2026-03-11']);
    expect(series[0]).toEqual({ date: '2026-03-01', value: 99, trend: 99 });
    expect(series[1]?.value).toBe(90);
    expect(series[1]?.trend).toBeCloseTo(93.138, 3);
  });

  it('puts a row on the day of the person’s zone', () => {
    const rows = [row('a', '2026-03-01T23:30:00Z', { waistCm: 80 })];
    expect(measurementSeries(rows, 'waistCm', 'Europe/Berlin')[0]?.date).toBe('2026-03-02');
  });
});

describe('latestMeasurements', () => {
  it('gives each measurement’s newest value and its change since the oldest, in field order', () => {
    const rows = [
      row('b', '2026-03-08T08:00:00Z', { waistCm: 88.5, bodyFatPct: 24 }),
      row('a', '2026-03-01T08:00:00Z', { waistCm: 90, neckCm: 38 }),
    ];
    expect(latestMeasurements(rows)).toEqual([
      { field: 'waistCm', latest: 88.5, change: -1.5 },
      { field: 'neckCm', latest: 38, change: null },
      { field: 'bodyFatPct', latest: 24, change: null },
    ]);
  });

  it('gives nothing without rows', () => {
    expect(latestMeasurements([])).toEqual([]);
  });
});

describe('navyEstimate', () => {
  const man = [row('a', '2026-03-01T08:00:00Z', { waistCm: inches(34), neckCm: inches(15) })];

  it('estimates a man from the newest waist and neck and the height (17.5 %, bodyFat.test.ts)', () => {
    const estimate = navyEstimate(man, { sex: 'male', heightCm: inches(70) });
    expect(estimate.kind).toBe('estimate');
    expect(estimate.kind === 'estimate' ? estimate.bodyFatPct : 0).toBeCloseTo(17.513, 2);
  });

  it('estimates a woman from values of different days, the newest of each (29.2 %)', () => {
    const rows = [
      row('a', '2026-03-01T08:00:00Z', { waistCm: inches(32), neckCm: inches(13), hipsCm: inches(38) }),
      row('b', '2026-03-08T08:00:00Z', { waistCm: inches(30) }),
    ];
    const estimate = navyEstimate(rows, { sex: 'female', heightCm: inches(64) });
    expect(estimate.kind === 'estimate' ? estimate.bodyFatPct : 0).toBeCloseTo(29.214, 2);
  });

  it('names what is missing: a sex the formula knows, the height, and a woman’s hips', () => {
    expect(navyEstimate(man, { sex: null, heightCm: null })).toEqual({
      kind: 'missing',
      missing: ['sex', 'height'],
    });
    expect(navyEstimate(man, { sex: 'other', heightCm: 180 })).toEqual({ kind: 'missing', missing: ['sex'] });
    expect(navyEstimate(man, { sex: 'female', heightCm: 165 })).toEqual({
      kind: 'missing',
      missing: ['hips'],
    });
    expect(navyEstimate([], { sex: 'male', heightCm: 180 })).toEqual({
      kind: 'missing',
      missing: ['waist', 'neck'],
    });
  });

  it('has no answer for a neck as wide as the waist', () => {
    const rows = [row('a', '2026-03-01T08:00:00Z', { waistCm: 40, neckCm: 40 })];
    expect(navyEstimate(rows, { sex: 'male', heightCm: 180 })).toEqual({ kind: 'noAnswer' });
  });
});

describe('hasAnyValue', () => {
  it('is true with one value and false with none', () => {
    expect(hasAnyValue({ thighCm: 55 })).toBe(true);
    expect(hasAnyValue({ waistCm: null })).toBe(false);
  });
});

describe('formatMeasurement', () => {
  it('shows girths in the person’s units and body fat in percent, changes with their sign', () => {
    expect(formatMeasurement('waistCm', 84.5, 'metric')).toBe('84.5 cm');
    expect(formatMeasurement('waistCm', inches(33.3), 'imperial')).toBe('33.3 in');
    expect(formatMeasurement('bodyFatPct', 21.43, 'metric')).toBe('21.4 %');
    expect(formatMeasurementChange('waistCm', -1.5, 'metric')).toBe('−1.5 cm');
    expect(formatMeasurementChange('neckCm', 2.54, 'imperial')).toBe('+1.0 in');
    expect(formatMeasurementChange('bodyFatPct', 0.01, 'metric')).toBe('±0.0 %');
  });
});
