import { describe, expect, it } from 'vitest';
import {
  cmToDisplay,
  displayToCm,
  displayToKm,
  formatWeight,
  formatWeightChange,
  girthUnitLabel,
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

describe('body measurement units', () => {
  it('shows centimetres as inches for imperial units and stores what is typed in centimetres', () => {
    expect(girthUnitLabel('imperial')).toBe('in');
    expect(girthUnitLabel('metric')).toBe('cm');
    expect(cmToDisplay(86.36, 'imperial')).toBeCloseTo(34, 10);
    expect(displayToCm(34, 'imperial')).toBeCloseTo(86.36, 10);
    expect(displayToCm(84.5, 'metric')).toBe(84.5);
  });
});
