import { describe, expect, it } from 'vitest';
import {
  displayToKm,
  formatWeight,
  formatWeightChange,
  kgToLb,
  kgToStoneLb,
  kmToDisplay,
  lbToKg,
  stoneLbToKg,
} from './units';

describe('units', () => {
  it('converts kg → lb → kg without drift', () => {
    for (const kg of [45.3, 70, 82.4, 123.456]) {
      expect(lbToKg(kgToLb(kg))).toBeCloseTo(kg, 10);
    }
    expect(kgToLb(100)).toBeCloseTo(220.462, 3);
  });

  it('splits a weight into stones and pounds and back', () => {
    expect(kgToStoneLb(82.4)).toEqual({ stone: 12, lb: 13.7 });
    expect(stoneLbToKg(12, 13.7)).toBeCloseTo(82.4, 1);
  });

  it('converts miles and kilometres both ways', () => {
    expect(displayToKm(kmToDisplay(10, 'imperial'), 'imperial')).toBeCloseTo(10, 10);
    expect(kmToDisplay(1.609344, 'imperial')).toBeCloseTo(1, 10);
  });

  it('formats weights and changes in the chosen unit', () => {
    expect(formatWeight(82.4, 'kg')).toBe('82.4 kg');
    expect(formatWeight(82.4, 'lb')).toBe('181.7 lb');
    expect(formatWeight(82.4, 'st')).toBe('12 st 13.7 lb');
    expect(formatWeightChange(-0.5, 'kg')).toBe('−0.50 kg');
    expect(formatWeightChange(0.5, 'st')).toBe('+1.1 lb');
  });
});
