import type { NewInvitation } from '@/domain/signup';
import type { SettingsFieldErrors } from './form';

/** What the settings page's action answers to the form that posted. */
export interface SettingsActionResult {
  done?: boolean;
  /** A sentence saying what changed, shown beside the form. */
  notice?: string;
  fieldErrors?: SettingsFieldErrors;
  formError?: string;
  /** The invitation just made: its link is shown this once. */
  invitation?: NewInvitation;
}
