import { describe, expect, it } from 'vitest';
import {
  bestEfforts,
  distanceM,
  effortsOf,
  personalBests,
  profileOf,
  simplifyTrack,
  splitsOf,
  summarizeTrack,
  trackProblem,
  type TrackPoint,
} from './track';

const START = Date.parse('2026-11-01T08:00:00Z');
/** Metres per degree of latitude on this model's sphere. */
const METRES_PER_DEGREE = distanceM({ lat: 0, lon: 0 }, { lat: 1, lon: 0 });

/**
 * A route north along a meridian from `from`, one point a second: each leg a speed (m/s, 0 for a
 * pause) for so many seconds.
 */
function route(legs: { speed: number; seconds: number; ele?: (s: number) => number; hr?: number }[]) {
  const points: TrackPoint[] = [{ t: START, lat: 45, lon: 7 }];
  let lat = 45;
  let t = START;
  for (const leg of legs) {
    for (let second = 1; second <= leg.seconds; second += 1) {
      lat += leg.speed / METRES_PER_DEGREE;
      t += 1000;
      points.push({
        t,
        lat,
        lon: 7,
        ...(leg.ele ? { ele: leg.ele(second) } : {}),
        ...(leg.hr === undefined ? {} : { hr: leg.hr }),
      });
    }
  }
  return points;
}

describe('distanceM', () => {
  it('measures a degree of latitude as about 111.2 km, and nothing between a point and itself', () => {
    expect(METRES_PER_DEGREE).toBeCloseTo(111_195, -1);
    expect(distanceM({ lat: 48.1, lon: 11.5 }, { lat: 48.1, lon: 11.5 })).toBe(0);
  });
});

describe('summarizeTrack', () => {
  it('counts a run with a pause: distance, elapsed and moving time', () => {
    const run = route([
      { speed: 4, seconds: 500 },
      { speed: 0, seconds: 120 },
      { speed: 4, seconds: 250 },
    ]);

    const summary = summarizeTrack(run);

    expect(summary.distanceKm).toBeCloseTo(3, 2);
    expect(summary.elapsedS).toBe(870);
    expect(summary.movingTimeS).toBe(750);
    expect(summary.elevationGainM).toBeNull();
    expect(summary.avgHr).toBeNull();
    expect(summary.maxHr).toBeNull();
  });

  it('sums real climbs and ignores a noisy flat stretch', () => {
    const noisyFlat = (second: number) => 100 + (second % 2 === 0 ? 1 : -1);
    const climb = (second: number) => 100 + second / 10;
    const ride = route([
      { speed: 8, seconds: 300, ele: noisyFlat, hr: 120 },
      { speed: 5, seconds: 500, ele: climb, hr: 160 },
    ]);

    const summary = summarizeTrack(ride);

    expect(summary.elevationGainM).toBeGreaterThanOrEqual(48);
    expect(summary.elevationGainM).toBeLessThanOrEqual(51);
    expect(summary.avgHr).toBe(Math.round((300 * 120 + 500 * 160) / 800));
    expect(summary.maxHr).toBe(160);
  });

  it('answers zeros for an empty track', () => {
    expect(summarizeTrack([])).toMatchObject({ distanceKm: 0, elapsedS: 0, movingTimeS: 0 });
  });
});

describe('simplifyTrack', () => {
  it('keeps a straight line as its two ends', () => {
    const line = route([{ speed: 3, seconds: 10_000 }]);

    const simplified = simplifyTrack(line);

    expect(simplified).toEqual([line[0], line.at(-1)]);
  });

  it('fits a winding 24-hour track into 2 000 points, ends kept, and its length nearly kept', () => {
    const points: TrackPoint[] = Array.from({ length: 86_400 }, (_, second) => ({
      t: START + second * 1000,
      lat: 45 + (second * 2.5) / METRES_PER_DEGREE,
      lon: 7 + Math.sin(second / 60) * 0.002,
    }));

    const simplified = simplifyTrack(points);

    expect(simplified.length).toBeLessThanOrEqual(2000);
    expect(simplified[0]).toBe(points[0]);
    expect(simplified.at(-1)).toBe(points.at(-1));
    const full = summarizeTrack(points).distanceKm;
    expect(summarizeTrack(simplified).distanceKm / full).toBeGreaterThan(0.97);
  });
});

describe('splitsOf', () => {
  it('splits 2.5 km at 5 m/s into two full kilometres and the half left', () => {
    const run = route([{ speed: 5, seconds: 500 }]);

    expect(splitsOf(run, 1000)).toEqual([
      { index: 1, distanceM: 1000, seconds: 200 },
      { index: 2, distanceM: 1000, seconds: 200 },
      { index: 3, distanceM: 500, seconds: 100 },
    ]);
  });

  it('splits by miles as well', () => {
    const run = route([{ speed: 4, seconds: 1000 }]);

    const [first] = splitsOf(run, 1609.344);

    expect(first).toEqual({ index: 1, distanceM: 1609, seconds: 402 });
  });
});

describe('bestEfforts', () => {
  it('finds the fastest kilometre inside a run, and leaves out distances longer than it', () => {
    const run = route([
      { speed: 3, seconds: 400 },
      { speed: 5, seconds: 200 },
      { speed: 3, seconds: 600 },
    ]);

    const efforts = bestEfforts(run);

    expect(efforts.map((effort) => effort.label)).toEqual(['400 m', '1 km', '1 mile']);
    expect(efforts.find((effort) => effort.label === '1 km')?.seconds).toBe(200);
    expect(efforts.find((effort) => effort.label === '400 m')?.seconds).toBe(80);
  });
});

describe('trackProblem', () => {
  const ok = { t: START, lat: 45, lon: 7 };

  it('accepts a plausible track', () => {
    expect(trackProblem([ok, { ...ok, t: START + 1000, ele: 120, hr: 130 }])).toBeNull();
  });

  it.each([
    ['not a list', { points: [] }, 'track must be a list of points.'],
    ['too many points', Array.from({ length: 2001 }, () => ok), 'track may have at most 2000 points.'],
    ['time going back', [ok, { ...ok, t: START - 1 }], 'track point 2 goes back in time.'],
    ['latitude out of range', [{ ...ok, lat: 91 }], 'track point 1 has a latitude outside −90…90.'],
    ['longitude out of range', [{ ...ok, lon: -181 }], 'track point 1 has a longitude outside −180…180.'],
    ['no time', [{ lat: 1, lon: 1 }], 'track point 1 needs a time.'],
    ['a heart rate of 400', [{ ...ok, hr: 400 }], 'track point 1 has a heart rate outside 20…250.'],
    ['a point that is no object', [null], 'track point 1 must be an object.'],
  ])('refuses %s with a sentence naming the point', (_case, track, sentence) => {
    expect(trackProblem(track)?.message).toBe(sentence);
  });
});

describe('profileOf', () => {
  it('gives speed over the minute around each point, none while standing, heights and heart rate as recorded', () => {
    const points = route([
      { speed: 3, seconds: 600, hr: 150, ele: () => 500 },
      { speed: 0, seconds: 300, hr: 100, ele: () => 500 },
      { speed: 5, seconds: 600, hr: 170, ele: () => 510 },
    ]);

    const profile = profileOf(points);

    expect(profile.length).toBeLessThanOrEqual(500);
    expect(profile.at(-1)?.distanceM).toBeCloseTo(4800, 0);
    const at = (metres: number) => profile.find((point) => point.distanceM >= metres);
    expect(at(900)?.speedMs).toBeCloseTo(3, 1);
    expect(at(4000)?.speedMs).toBeCloseTo(5, 1);
    expect(at(4000)).toMatchObject({ ele: 510, hr: 170 });
    const standing = profile.filter((point) => Math.abs(point.distanceM - 1800) < 1);
    expect(standing.some((point) => point.speedMs === null)).toBe(true);
  });
});

describe('personal bests', () => {
  it('keeps a run’s best efforts and nothing of another workout', () => {
    const points = route([{ speed: 4, seconds: 300 }]);

    expect(effortsOf('run', points)).toEqual([
      { distanceM: 400, seconds: 100 },
      { distanceM: 1000, seconds: 250 },
    ]);
    expect(effortsOf('cycle', points)).toEqual([]);
  });

  it('takes the fastest time at each distance over all runs', () => {
    expect(
      personalBests([
        [
          { distanceM: 400, seconds: 100 },
          { distanceM: 1000, seconds: 260 },
        ],
        [],
        [
          { distanceM: 1000, seconds: 250 },
          { distanceM: 400, seconds: 101 },
          { distanceM: 5000, seconds: 1500 },
        ],
      ]),
    ).toEqual([
      { distanceM: 400, seconds: 100 },
      { distanceM: 1000, seconds: 250 },
      { distanceM: 5000, seconds: 1500 },
    ]);
  });
});
