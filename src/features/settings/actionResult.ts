import type { NewInvitation } from '@/domain/signup';
import type { TwoFactorEnrolment } from '@/domain/twoFactor';
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
  /** Two-factor sign-in being turned on: the key to add to the app. */
  enrolment?: TwoFactorEnrolment;
  /** Two-factor sign-in just turned on: the recovery codes, shown this once. */
  recoveryCodes?: string[];
}
