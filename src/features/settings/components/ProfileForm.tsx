import type { ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { FormField } from '@/components/FormField';
import type { SettingsActionResult } from '../actionResult';
import type { Profile } from '../types';
import { SaveButton, SettingsSection } from './SettingsSection';

/** What the card says when a verification link from a mail brought the person here (`?notice=`). */
const LINK_OUTCOMES: Readonly<Record<string, string>> = {
  'email-verified': 'Your e-mail address is verified.',
  'email-link-invalid':
    'That verification link is no longer valid: it was used already or a newer one was sent.',
  'email-link-expired': 'That verification link has expired. Send the mail again below.',
};

/** Display name and e-mail address; a new address must be verified again. */
export function ProfileForm({
  profile,
  avatar,
  linkOutcome,
}: {
  profile: Profile;
  avatar?: ReactNode;
  linkOutcome?: string | null;
}) {
  const fetcher = useFetcher<SettingsActionResult>();
  const resend = useFetcher<SettingsActionResult>();
  const errors = fetcher.data?.fieldErrors ?? {};
  const arrived = LINK_OUTCOMES[linkOutcome ?? ''];
  return (
    <SettingsSection
      id="profile"
      title="Profile"
      result={resend.data ?? fetcher.data ?? (arrived ? { notice: arrived } : undefined)}
    >
      {avatar}
      <fetcher.Form method="post" noValidate>
        <input type="hidden" name="intent" value="profile" />
        <p className="field-hint">
          Username: <strong>{profile.username}</strong> (it cannot be changed)
        </p>
        <FormField
          label="Display name"
          name="displayName"
          maxLength={50}
          defaultValue={profile.displayName}
          hint="Shown to friends and in chat instead of your username."
          error={errors.displayName}
        />
        <FormField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={profile.email}
          hint={profile.emailVerified ? 'Verified.' : undefined}
          error={errors.email}
        />
        <SaveButton busy={fetcher.state !== 'idle'} label="Save profile" />
      </fetcher.Form>
      {profile.emailVerified === false ? (
        <resend.Form method="post" className="verify-note">
          <input type="hidden" name="intent" value="resendVerification" />
          <input type="hidden" name="email" value={profile.email} />
          <p>
            {profile.email} is not verified yet: open the link in the mail we sent.{' '}
            <button type="submit" className="button-secondary" disabled={resend.state !== 'idle'}>
              Send the mail again
            </button>
          </p>
        </resend.Form>
      ) : null}
    </SettingsSection>
  );
}
