import { describe, expect, it } from 'vitest';
import { racePredictions, riegelSeconds, vdot, vdotSeconds } from './racePredictions';

const clock = (text: string) => text.split(':').reduce((total, part) => total * 60 + Number(part), 0);

/*
 * Daniels' Running Formula (3rd ed., Human Kinetics 2014), Table 5.1, race times by VDOT. The
 * table was drawn from the Daniels–Gilbert equations and rounded; the equations meet it within
 * 0.1 % (VDOT 50's marathon: 3:10:40 from the equations, 3:10:49 in the table).
 */
const DANIELS_TABLE: [vdot: number, distanceM: number, time: string][] = [
  [50, 5000, '19:57'],
  [50, 10_000, '41:21'],
  [50, 21_097.5, '1:31:35'],
  [50, 42_195, '3:10:49'],
  [60, 5000, '17:03'],
  [60, 10_000, '35:22'],
  [60, 21_097.5, '1:18:09'],
  [60, 42_195, '2:43:25'],
];

describe('vdotSeconds', () => {
  it.each(DANIELS_TABLE)('gives VDOT %d over %d m as %s within a thousandth', (value, distanceM, time) => {
    expect(Math.abs(vdotSeconds(value, distanceM) - clock(time)) / clock(time)).toBeLessThan(0.001);
  });
});

describe('vdot', () => {
  it.each(DANIELS_TABLE)('gives back VDOT %d within 0.1 from %d m in %s', (value, distanceM, time) => {
    expect(vdot(distanceM, clock(time))).toBeCloseTo(value, 0);
    expect(Math.abs(vdot(distanceM, clock(time)) - value)).toBeLessThan(0.1);
  });
});

describe('riegelSeconds', () => {
  it('gives T1 × (D2/D1)^1.06 (worked by hand)', () => {
    // 2^1.06 = e^(1.06 × 0.693147) = e^0.734736 = 2.08493.
    // 5 k in 20:00 → 10 k in 1200 × 2.08493 = 2501.9 s (41:42).
    expect(riegelSeconds(1200, 5000, 10_000)).toBeCloseTo(2501.9, 0);
    // Half in 1:30:00 → marathon in 5400 × 2.08493 = 11 258.6 s (3:07:39).
    expect(riegelSeconds(5400, 21_097.5, 42_195)).toBeCloseTo(11_258.6, 0);
  });
});

describe('racePredictions', () => {
  const today = '2026-06-30';

  it('answers nothing from fewer than two efforts in the last 90 days from 1 km to the half', () => {
    const efforts = [
      { distanceM: 5000, seconds: 1200, date: '2026-06-01' },
      { distanceM: 10_000, seconds: 2500, date: '2026-03-01' }, // over 90 days ago
      { distanceM: 400, seconds: 70, date: '2026-06-01' }, // shorter than 1 km
      { distanceM: 42_195, seconds: 11_000, date: '2026-06-01' }, // longer than the half
      { distanceM: 5000, seconds: 1250, date: '2026-06-20' }, // a slower 5 k: the same distance
    ];
    expect(racePredictions(efforts, today)).toBeNull();
  });

  it('predicts each distance from the nearest effort, by Riegel and by VDOT, with the best VDOT', () => {
    const fiveK = { distanceM: 5000, seconds: clock('19:57'), date: '2026-06-01', id: 'a' };
    const half = { distanceM: 21_097.5, seconds: clock('1:31:35'), date: '2026-06-20', id: 'b' };
    const slowKm = { distanceM: 1000, seconds: 300, date: '2026-06-25', id: 'c' };
    const answer = racePredictions([fiveK, half, slowKm], today);

    expect(answer?.predictions.map(({ distanceM, from }) => [distanceM, from.id])).toEqual([
      [5000, 'a'],
      [10_000, 'a'], // 10 k / 5 k = 2 is nearer than 21.1 k / 10 k = 2.11
      [21_097.5, 'b'],
      [42_195, 'b'],
    ]);
    const tenK = answer?.predictions[1];
    expect(tenK?.riegelS).toBeCloseTo(riegelSeconds(clock('19:57'), 5000, 10_000), 6);
    expect(Math.abs((tenK?.vdotS ?? 0) - clock('41:21'))).toBeLessThan(0.001 * clock('41:21'));
    expect(answer?.vdot).toBeGreaterThan(49.9);
    expect(answer?.vdot).toBeLessThan(50.1);
    expect(['a', 'b']).toContain(answer?.vdotFrom.id);
  });
});
