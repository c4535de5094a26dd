import type { SettingsFieldErrors } from './form';

/** What the settings page's action answers to the form that posted. */
export interface SettingsActionResult {
  done?: boolean;
  /** A sentence saying what changed, shown beside the form. */
  notice?: string;
  fieldErrors?: SettingsFieldErrors;
  formError?: string;
}
