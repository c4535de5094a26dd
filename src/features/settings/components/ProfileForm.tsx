import type { ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { FormField } from '@/components/FormField';
import type { SettingsActionResult } from '../actionResult';
import type { Profile } from '../types';
import { SaveButton, SettingsSection } from './SettingsSection';

/** Display name and e-mail address; a new address must be verified again. */
export function ProfileForm({ profile, avatar }: { profile: Profile; avatar?: ReactNode }) {
  const fetcher = useFetcher<SettingsActionResult>();
  const resend = useFetcher<SettingsActionResult>();
  const errors = fetcher.data?.fieldErrors ?? {};
  return (
    <SettingsSection id="profile" title="Profile" result={resend.data ?? fetcher.data}>
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
