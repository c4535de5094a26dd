import type { Refused } from '@/lib/routeActions';
import type { MeasurementFieldErrors } from './form';

/** What the weight page's action answers to the measurement windows. */
export type MeasurementActionResult =
  /** A day's measurements saved or deleted. */
  | { kind: 'done' }
  /** Import checked, nothing saved: how many would be, and which rows (1-based) repeat saved ones. */
  | { kind: 'checked'; wouldImport: number; duplicates: number[] }
  | { kind: 'imported'; count: number }
  | Refused<MeasurementFieldErrors>;
