import { describe, expect, it } from 'vitest';
import {
  checkPrivacyZones,
  MAX_PRIVACY_ZONES,
  privacyZonesOf,
  TRIMMED_ENDS_M,
  trimTrack,
  type PrivacyZone,
} from './privacyZones';
import { distanceM } from './track';

const METRES_PER_DEGREE = distanceM({ lat: 0, lon: 0 }, { lat: 1, lon: 0 });
const HOME = { lat: 48.137, lon: 11.575 };
const metresPerDegreeLon = (lat: number) => METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180);

/** A point `north` and `east` metres from `from`. */
const offset = (from: { lat: number; lon: number }, north: number, east: number) => ({
  lat: from.lat + north / METRES_PER_DEGREE,
  lon: from.lon + east / metresPerDegreeLon(from.lat),
});

/** A straight route east from `from`, one point every `step` metres for `length` metres (7: no point on a 200 m edge). */
function straightRoute(from: { lat: number; lon: number }, length: number, step = 7) {
  return Array.from({ length: Math.floor(length / step) + 1 }, (_, index) => ({
    t: index * 1000,
    ...offset(from, 0, index * step),
  }));
}

/** A loop of `radius` metres around a centre, starting and ending at the circle's southern point. */
function loopRoute(centre: { lat: number; lon: number }, radius: number, count: number) {
  return Array.from({ length: count + 1 }, (_, index) => {
    const angle = (2 * Math.PI * index) / count - Math.PI / 2;
    return { t: index * 1000, ...offset(centre, radius * Math.sin(angle), radius * Math.cos(angle)) };
  });
}

/** Checks every kept point against the rule, one by one, and that it is one of the route's points. */
function expectTrimmed(
  points: readonly { lat: number; lon: number }[],
  zones: readonly PrivacyZone[],
  kept: readonly { lat: number; lon: number }[],
) {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) throw new Error('a route needs points');
  for (const point of kept) {
    expect(points).toContain(point);
    expect(distanceM(point, first)).toBeGreaterThan(TRIMMED_ENDS_M);
    expect(distanceM(point, last)).toBeGreaterThan(TRIMMED_ENDS_M);
    for (const zone of zones) expect(distanceM(point, zone)).toBeGreaterThan(zone.radiusM);
  }
  // Nothing outside is cut: each point either kept or near an end or in a zone.
  for (const point of points) {
    const cut =
      distanceM(point, first) <= TRIMMED_ENDS_M ||
      distanceM(point, last) <= TRIMMED_ENDS_M ||
      zones.some((zone) => distanceM(point, zone) <= zone.radiusM);
    expect(kept.includes(point)).toBe(!cut);
  }
}

describe('checkPrivacyZones', () => {
  const zone = { ...HOME, radiusM: 300 };

  it('accepts no zones, an empty list and up to five valid zones', () => {
    expect(checkPrivacyZones(undefined)).toBeNull();
    expect(checkPrivacyZones([])).toBeNull();
    expect(checkPrivacyZones(Array.from({ length: MAX_PRIVACY_ZONES }, () => zone))).toBeNull();
    expect(
      checkPrivacyZones([
        { lat: -90, lon: 180, radiusM: 100 },
        { lat: 90, lon: -180, radiusM: 1000 },
      ]),
    ).toBeNull();
  });

  it('refuses a value that is not a list, and a sixth zone', () => {
    expect(checkPrivacyZones('home')?.field).toBe('privacyZones');
    expect(checkPrivacyZones(Array.from({ length: 6 }, () => zone))?.field).toBe('privacyZones');
  });

  it('names the zone and the field that is wrong', () => {
    const zones = (third: unknown) => [zone, zone, third];
    expect(checkPrivacyZones(zones(null))?.field).toBe('privacyZones[2]');
    expect(checkPrivacyZones(zones([1, 2, 3]))?.field).toBe('privacyZones[2]');
    expect(checkPrivacyZones(zones({ ...zone, radiusM: 99 }))?.field).toBe('privacyZones[2].radiusM');
    expect(checkPrivacyZones(zones({ ...zone, radiusM: 1001 }))?.field).toBe('privacyZones[2].radiusM');
    expect(checkPrivacyZones(zones({ ...zone, radiusM: 150.5 }))?.field).toBe('privacyZones[2].radiusM');
    expect(checkPrivacyZones(zones({ ...zone, radiusM: '300' }))?.field).toBe('privacyZones[2].radiusM');
    expect(checkPrivacyZones(zones({ ...zone, lat: 90.1 }))?.field).toBe('privacyZones[2].lat');
    expect(checkPrivacyZones(zones({ ...zone, lat: Number.NaN }))?.field).toBe('privacyZones[2].lat');
    expect(checkPrivacyZones(zones({ ...zone, lon: -180.5 }))?.field).toBe('privacyZones[2].lon');
    expect(checkPrivacyZones(zones({ ...zone, lon: undefined }))?.field).toBe('privacyZones[2].lon');
    expect(checkPrivacyZones(zones({ ...zone, name: 'home' }))?.field).toBe('privacyZones[2].name');
  });

  it('writes a sentence naming the field', () => {
    expect(checkPrivacyZones([{ ...zone, radiusM: 50 }])?.message).toContain('privacyZones[0].radiusM');
  });
});

describe('privacyZonesOf', () => {
  it('answers the zones of a valid value and none of anything else', () => {
    const zones = [{ ...HOME, radiusM: 200 }];
    expect(privacyZonesOf(zones)).toEqual(zones);
    expect(privacyZonesOf(undefined)).toEqual([]);
    expect(privacyZonesOf([{ lat: 1 }])).toEqual([]);
  });
});

describe('trimTrack', () => {
  it('answers nothing for no points and for one', () => {
    expect(trimTrack([], [])).toEqual([]);
    expect(trimTrack([HOME], [])).toEqual([]);
  });

  it('cuts every point within 200 m of the start and of the end, and keeps the rest', () => {
    const points = straightRoute(HOME, 2000);
    const kept = trimTrack(points, []);
    expectTrimmed(points, [], kept);
    // 2 000 m every 7 m: 286 points, minus 29 at each end (0–196 m).
    expect(kept).toHaveLength(points.length - 58);
  });

  it('cuts the points inside each zone, edge included', () => {
    const points = straightRoute(HOME, 5000);
    const zones = [
      { ...offset(HOME, 0, 1500), radiusM: 300 },
      { ...offset(HOME, 200, 3000), radiusM: 250 },
      { ...offset(HOME, 5000, 0), radiusM: 1000 },
    ];
    const kept = trimTrack(points, zones);
    expectTrimmed(points, zones, kept);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(points.length - 58);
  });

  it('cuts both ends of a loop that returns home, and a zone around home', () => {
    const points = loopRoute(offset(HOME, 1000, 0), 1000, 600);
    const zones = [{ ...HOME, radiusM: 400 }];
    const kept = trimTrack(points, zones);
    expectTrimmed(points, zones, kept);
    expect(kept.length).toBeGreaterThan(points.length / 2);
    for (const point of kept) expect(distanceM(point, HOME)).toBeGreaterThan(400);
  });

  it('answers nothing for a route wholly inside a zone', () => {
    const points = loopRoute(HOME, 600, 100);
    expect(trimTrack(points, [{ ...HOME, radiusM: 1000 }])).toEqual([]);
  });

  it('keeps the points as they are, heart rate and time included', () => {
    const points = straightRoute(HOME, 1000).map((point) => ({ ...point, hr: 140 }));
    const kept = trimTrack(points, []);
    expect(kept[0]).toBe(points[29]);
  });

  it('holds near the antimeridian and the poles', () => {
    const dateLine = straightRoute({ lat: -16.5, lon: 179.99 }, 3000);
    expectTrimmed(
      dateLine,
      [{ lat: -16.5, lon: -179.995, radiusM: 300 }],
      trimTrack(dateLine, [{ lat: -16.5, lon: -179.995, radiusM: 300 }]),
    );
    const polar = straightRoute({ lat: 89.9, lon: 0 }, 3000);
    expectTrimmed(polar, [], trimTrack(polar, []));
  });
});
