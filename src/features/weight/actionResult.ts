import type { GoalFieldErrors, WeightFieldErrors } from './form';

/** What the weight page's action answers to its windows. */
export interface WeightActionResult {
  done?: boolean;
  fieldErrors?: WeightFieldErrors & GoalFieldErrors;
  formError?: string;
  /** Import: how many were saved or would be, and which rows repeat existing weigh-ins. */
  imported?: number;
  wouldImport?: number;
  duplicates?: number[];
}
