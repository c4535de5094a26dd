import { describe, expect, it } from 'vitest';
import { navyBodyFatPct } from './bodyFat';

const cm = (inches: number) => inches * 2.54;

/**
 * Hodgdon & Beckett's metric form of the same fit (body density, then Siri's 495 / density − 450),
 * the one the Navy published first: an independent check of the inch form within half a point.
 */
function metricNavy(sex: 'male' | 'female', heightCm: number, neckCm: number, waistCm: number, hipsCm = 0) {
  const density =
    sex === 'male'
      ? 1.0324 - 0.19077 * Math.log10(waistCm - neckCm) + 0.15456 * Math.log10(heightCm)
      : 1.29579 - 0.35004 * Math.log10(waistCm + hipsCm - neckCm) + 0.221 * Math.log10(heightCm);
  return 495 / density - 450;
}

describe('navyBodyFatPct', () => {
  it('gives 17.5 % for a man 70 in tall with a 15 in neck and a 34 in waist (worked by hand)', () => {
    // 86.010 × log10(19) − 70.041 × log10(70) + 36.76 = 86.010 × 1.278754 − 70.041 × 1.845098 + 36.76
    // = 109.9856 − 129.2325 + 36.76 = 17.513
    const pct = navyBodyFatPct({ sex: 'male', heightCm: cm(70), neckCm: cm(15), waistCm: cm(34) });
    expect(pct).toBeCloseTo(17.513, 2);
  });

  it('gives 29.2 % for a woman 64 in tall, neck 13, waist 30, hips 38 in (worked by hand)', () => {
    // 163.205 × log10(55) − 97.684 × log10(64) − 78.387 = 163.205 × 1.740363 − 97.684 × 1.806180 − 78.387
    // = 284.0359 − 176.4349 − 78.387 = 29.214
    const pct = navyBodyFatPct({
      sex: 'female',
      heightCm: cm(64),
      neckCm: cm(13),
      waistCm: cm(30),
      hipsCm: cm(38),
    });
    expect(pct).toBeCloseTo(29.214, 2);
  });

  it.each([
    ['male', 180, 40, 90, undefined],
    ['male', 170, 36, 105, undefined],
    ['female', 165, 32, 75, 98],
    ['female', 158, 35, 90, 108],
  ] as const)(
    'agrees with the metric form within half a point (%s, %d cm)',
    (sex, heightCm, neckCm, waistCm, hipsCm) => {
      const pct = navyBodyFatPct({ sex, heightCm, neckCm, waistCm, hipsCm });
      expect(Math.abs((pct ?? NaN) - metricNavy(sex, heightCm, neckCm, waistCm, hipsCm))).toBeLessThan(0.5);
    },
  );

  it('has no answer without a sex of male or female, without hips for a woman, or with a neck as wide as the waist', () => {
    expect(navyBodyFatPct({ sex: undefined, heightCm: 170, neckCm: 38, waistCm: 85 })).toBeNull();
    expect(navyBodyFatPct({ sex: 'other', heightCm: 170, neckCm: 38, waistCm: 85, hipsCm: 95 })).toBeNull();
    expect(navyBodyFatPct({ sex: 'female', heightCm: 170, neckCm: 33, waistCm: 75 })).toBeNull();
    expect(navyBodyFatPct({ sex: 'male', heightCm: 170, neckCm: 40, waistCm: 40 })).toBeNull();
  });
});
