import type { ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { FormField } from '@/components/FormField';
import { useT, type MessageId } from '@/i18n';
import { T } from '@/i18n/T';
import type { SettingsActionResult } from '../actionResult';
import type { Profile } from '../types';
import { SaveButton, SettingsSection } from './SettingsSection';
import { userRules } from '@/domain/contract';
import { inputLimits } from '@/domain/fieldRules';
import { refusalIn } from '@/lib/routeActions';

/** What the card says when a verification link from a mail brought the person here (`?notice=`). */
const LINK_OUTCOMES: Readonly<Record<string, MessageId>> = {
  'email-verified': 'settings.profile.emailVerified',
  'email-link-invalid': 'settings.profile.emailLinkInvalid',
  'email-link-expired': 'settings.profile.emailLinkExpired',
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
  const t = useT();
  const fetcher = useFetcher<SettingsActionResult>();
  const resend = useFetcher<SettingsActionResult>();
  const errors = refusalIn(fetcher.data)?.fieldErrors ?? {};
  const arrivedId = LINK_OUTCOMES[linkOutcome ?? ''];
  const arrived = arrivedId ? t(arrivedId) : undefined;
  return (
    <SettingsSection
      id="profile"
      title={t('settings.profile.title')}
      result={resend.data ?? fetcher.data ?? (arrived ? { kind: 'saved', notice: arrived } : undefined)}
    >
      {avatar}
      <fetcher.Form method="post" noValidate>
        <input type="hidden" name="intent" value="profile" />
        <p className="field-hint">
          <T
            id="settings.profile.username"
            values={{ username: profile.username }}
            components={{ 0: <strong /> }}
          />
        </p>
        <FormField
          label={t('settings.profile.displayName')}
          name="displayName"
          {...inputLimits(userRules.displayName)}
          defaultValue={profile.displayName}
          hint={t('settings.profile.displayNameHint')}
          error={errors.displayName}
        />
        <FormField
          label={t('settings.profile.email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={profile.email}
          hint={profile.emailVerified ? t('settings.profile.verified') : undefined}
          error={errors.email}
        />
        <FormField
          label={t('settings.security.currentPassword')}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          hint={t('settings.profile.currentPasswordHint')}
          error={errors.currentPassword}
        />
        <SaveButton busy={fetcher.state !== 'idle'} label={t('settings.profile.save')} />
      </fetcher.Form>
      {profile.emailVerified === false ? (
        <resend.Form method="post" className="verify-note">
          <input type="hidden" name="intent" value="resendVerification" />
          <input type="hidden" name="email" value={profile.email} />
          <p>
            {t('settings.profile.notVerified', { email: profile.email })}{' '}
            <button type="submit" className="button-secondary" disabled={resend.state !== 'idle'}>
              {t('settings.profile.resend')}
            </button>
          </p>
        </resend.Form>
      ) : null}
    </SettingsSection>
  );
}
