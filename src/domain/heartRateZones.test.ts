import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ZONE_BOUNDS,
  heartRateZones,
  karvonenBpm,
  maxHeartRate,
  sustainedMaxHr,
  tanakaMaxHr,
  timeInZones,
  zoneBoundsProblem,
} from './heartRateZones';

/** One reading a second from `fromS`, each `hr` for `seconds` seconds. */
function steady(fromS: number, ...stretches: [hr: number, seconds: number][]) {
  const samples: { t: number; hr: number }[] = [];
  let second = fromS;
  for (const [hr, seconds] of stretches) {
    for (let index = 0; index < seconds; index += 1) samples.push({ t: (second + index) * 1000, hr });
    second += seconds;
  }
  return samples;
}

describe('tanakaMaxHr', () => {
  it('gives 208 − 0.7 × age (Tanaka 2001): 180 at 40, 194 at 20', () => {
    expect(tanakaMaxHr(40)).toBeCloseTo(180, 10);
    expect(tanakaMaxHr(20)).toBeCloseTo(194, 10);
  });
});

describe('karvonenBpm', () => {
  it('gives rest + share × reserve: 70 % of 60…180 is 60 + 0.7 × 120 = 144', () => {
    expect(karvonenBpm(70, 60, 180)).toBeCloseTo(144, 10);
  });
});

describe('heartRateZones', () => {
  it('splits the reserve 60…180 into 120, 132, 144, 156, 168, 180 with the default bounds', () => {
    expect(heartRateZones(60, 180).map(({ fromBpm, toBpm }) => [fromBpm, toBpm])).toEqual([
      [120, 132],
      [132, 144],
      [144, 156],
      [156, 168],
      [168, 180],
    ]);
  });

  it('follows edited bounds: 55 % of 50…190 is 50 + 0.55 × 140 = 127', () => {
    expect(heartRateZones(50, 190, [55, 65, 75, 82, 89, 100])[0]).toEqual({
      zone: 1,
      fromBpm: 127,
      toBpm: 141,
    });
  });
});

describe('zoneBoundsProblem', () => {
  it('accepts the default bounds', () => {
    expect(zoneBoundsProblem([...DEFAULT_ZONE_BOUNDS])).toBeNull();
  });

  it('refuses the wrong count, a value out of range, a fraction and bounds that do not rise, naming the field', () => {
    expect(zoneBoundsProblem([50, 60, 70], 'zones')?.field).toBe('zones');
    expect(zoneBoundsProblem([50, 60, 70, 80, 90, 101])?.message).toContain('100');
    expect(zoneBoundsProblem([50, 60.5, 70, 80, 90, 100])).not.toBeNull();
    expect(zoneBoundsProblem([50, 70, 70, 80, 90, 100])?.field).toBe('zoneBounds');
    expect(zoneBoundsProblem('50,60')).not.toBeNull();
  });
});

describe('sustainedMaxHr', () => {
  it('ignores a 3-second spike and finds the 30-second stretch at 170', () => {
    // The spike's best window: (3 × 200 + 27 × 100) / 30 = 110, below 170.
    const track = steady(0, [100, 120], [200, 3], [100, 60], [170, 40], [150, 60]);
    expect(sustainedMaxHr(track)).toBe(170);
  });

  it('averages a window that straddles two values: 20 s at 180 then 150 gives (20 × 180 + 10 × 150) / 30 = 170', () => {
    const track = steady(0, [120, 60], [180, 20], [150, 60]);
    expect(sustainedMaxHr(track)).toBe(170);
  });

  it('answers null when no continuous stretch lasts 30 seconds (a gap over 60 s breaks it)', () => {
    const track = [...steady(0, [170, 20]), ...steady(100, [170, 20])];
    expect(sustainedMaxHr(track)).toBeNull();
  });

  it('leaves out readings without a heart rate and impossible ones', () => {
    const track = [...steady(0, [140, 40]), { t: 41_000 }, { t: 42_000, hr: 400 }];
    expect(sustainedMaxHr(track)).toBe(140);
  });
});

describe('maxHeartRate', () => {
  it('takes the highest sustained value over the tracks', () => {
    expect(maxHeartRate([steady(0, [160, 60]), steady(0, [175, 60])], 40)).toEqual({
      bpm: 175,
      source: 'tracks',
    });
  });

  it('falls back to Tanaka for the age, then to nothing', () => {
    expect(maxHeartRate([steady(0, [160, 10])], 40)).toEqual({ bpm: 180, source: 'age' });
    expect(maxHeartRate([], null)).toBeNull();
  });
});

describe('timeInZones', () => {
  it('counts each reading until the next and nothing across a gap over 60 s (worked by hand)', () => {
    const zones = heartRateZones(60, 180); // 120 | 132 | 144 | 156 | 168 | 180
    const track = [
      { t: 0, hr: 110 }, // 0→10 s below zone 1
      { t: 10_000, hr: 125 }, // 10→40 s zone 1
      { t: 40_000, hr: 150 }, // 40→100 s zone 3
      { t: 100_000, hr: 200 }, // next reading 80 s later: a gap, counted nowhere
      { t: 180_000, hr: 130 }, // 180→190 s zone 1
      { t: 190_000, hr: 130 },
    ];
    expect(timeInZones(track, zones)).toEqual({ below: 10, zones: [40, 0, 60, 0, 0] });
  });

  it('counts readings above the maximum in zone 5', () => {
    const zones = heartRateZones(60, 180);
    expect(timeInZones(steady(0, [190, 31]), zones).zones[4]).toBe(30);
  });
});

describe('sustainedMaxHr on a long track', () => {
  it('finds the hardest 30 seconds of three hours of readings', () => {
    const track = Array.from({ length: 10_800 }, (_, second) => ({
      t: second * 1000,
      hr: second >= 9000 && second < 9030 ? 182 : 140 + (second % 7),
    }));
    expect(sustainedMaxHr(track)).toBe(182);
  });
});
