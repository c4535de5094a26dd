// How long cutting a route for a friend's eyes takes: trimTrack (src/domain/privacyZones.ts) on
// 10 000 points with no privacy zone and with the most a person may keep (five), in milliseconds.
// `npm run bench:trim`
import { MAX_PRIVACY_ZONES, trimTrack, type PrivacyZone } from '../src/domain/privacyZones';
import type { TrackPoint } from '../src/domain/track';

const POINTS = 10_000;
const ROUNDS = 200;
const WARM_UP = 20;

/** A 10 000-point wandering route around Munich, one point a second, about 3 m apart. */
function route(): TrackPoint[] {
  return Array.from({ length: POINTS }, (_, index) => ({
    t: index * 1000,
    lat: 48.137 + 0.01 * Math.sin(index / 500) + index * 1e-6,
    lon: 11.575 + 0.015 * Math.cos(index / 700),
    ele: 520,
    hr: 140,
  }));
}

const ZONES: PrivacyZone[] = Array.from({ length: MAX_PRIVACY_ZONES }, (_, index) => ({
  lat: 48.137 + 0.004 * index,
  lon: 11.585 - 0.003 * index,
  radiusM: 200 + 150 * index,
}));

function time(points: readonly TrackPoint[], zones: readonly PrivacyZone[]) {
  let kept = 0;
  for (let round = 0; round < WARM_UP; round += 1) kept = trimTrack(points, zones).length;
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const start = performance.now();
    kept = trimTrack(points, zones).length;
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (share: number) => (samples[Math.floor(share * (samples.length - 1))] ?? 0).toFixed(2);
  return { zones: zones.length, kept, p50: at(0.5), p95: at(0.95) };
}

const points = route();
console.log(`trimTrack on ${POINTS} points, ${ROUNDS} rounds (ms)`);
console.table([time(points, []), time(points, ZONES)]);
