import type { Refused } from '@/lib/routeActions';
import type { GoalFieldErrors, WeightFieldErrors } from './form';

/** What the weight page's action answers to its windows. */
export type WeightActionResult =
  /** A weigh-in saved or deleted, or the goal or unit saved. */
  | { kind: 'done' }
  /** Import checked, nothing saved: how many would be, and which rows (1-based) repeat saved weigh-ins. */
  | { kind: 'checked'; wouldImport: number; duplicates: number[] }
  | { kind: 'imported'; count: number }
  | Refused<WeightFieldErrors & GoalFieldErrors>;
