import type { NewInvitation } from '@/domain/signup';
import type { TwoFactorEnrolment } from '@/domain/twoFactor';
import type { Refused } from '@/lib/routeActions';
import type { SettingsFieldErrors } from './form';

export type SettingsRefused = Refused<SettingsFieldErrors>;

/** What the settings page's action answers to the form that posted. */
export type SettingsActionResult =
  /** Saved or done; `notice` says what changed, beside the form. */
  | { kind: 'saved'; notice: string }
  /** The invitation just made: its link is shown this once. */
  | { kind: 'invited'; invitation: NewInvitation }
  /** Two-factor sign-in being turned on: the key to add to the app, and why the last code was refused. */
  | { kind: 'enrolling'; enrolment: TwoFactorEnrolment; refusal?: SettingsRefused }
  /** Two-factor sign-in just turned on: the recovery codes, shown this once. */
  | { kind: 'twoFactorOn'; notice: string; recoveryCodes: string[] }
  | SettingsRefused;
