/**
 * Body fat estimated from circumferences: the U.S. Navy formula (Hodgdon & Beckett 1984, Naval
 * Health Research Center reports 84-11 and 84-29), in the inch form of DoD Instruction 1308.3.
 */
import type { Sex } from './goals';
import { CM_PER_INCH } from './units';

/** What the estimate needs, in centimetres; hips only for women. */
export interface NavyMeasurements {
  sex: Sex | undefined;
  heightCm: number;
  neckCm: number;
  waistCm: number;
  hipsCm?: number | undefined;
}

/**
 * Men: 86.010·log10(waist − neck) − 70.041·log10(height) + 36.76; women:
 * 163.205·log10(waist + hips − neck) − 97.684·log10(height) − 78.387; all in inches. Null when the
 * formula has no answer: no sex of male or female (it was fitted to each apart), a woman's hips
 * missing, or a neck as wide as the waist.
 */
export function navyBodyFatPct({ sex, heightCm, neckCm, waistCm, hipsCm }: NavyMeasurements): number | null {
  const inches = (cm: number) => cm / CM_PER_INCH;
  if (heightCm <= 0) return null;
  if (sex === 'male') {
    const girth = inches(waistCm - neckCm);
    return girth > 0 ? 86.01 * Math.log10(girth) - 70.041 * Math.log10(inches(heightCm)) + 36.76 : null;
  }
  if (sex === 'female' && hipsCm !== undefined) {
    const girth = inches(waistCm + hipsCm - neckCm);
    return girth > 0 ? 163.205 * Math.log10(girth) - 97.684 * Math.log10(inches(heightCm)) - 78.387 : null;
  }
  return null;
}
