import { useFetcher } from 'react-router';
import { FormField } from '@/components/FormField';
import { useT, type MessageId } from '@/i18n';
import { formatDate } from '@/i18n/dates';
import type { SettingsActionResult } from '../actionResult';
import type { SessionRow } from '../types';
import { SaveButton, SettingsSection } from './SettingsSection';
import { refusalIn } from '@/lib/routeActions';

/** How a session began, as the sentence its row says ("Logged in on …"). */
const HOW: Readonly<Record<string, MessageId>> = {
  login: 'settings.security.loggedInOn',
  signup: 'settings.security.signedUpOn',
  upgrade: 'settings.security.loggedInOn',
};

/** Change the password (the current one first), see the signed-in devices, log the others out. */
export function SecurityPanel({ sessions }: { sessions: readonly SessionRow[] }) {
  const t = useT();
  const password = useFetcher<SettingsActionResult>();
  const revoke = useFetcher<SettingsActionResult>();
  const errors = refusalIn(password.data)?.fieldErrors ?? {};
  const others = sessions.filter((session) => !session.current).length;
  return (
    <SettingsSection id="security" title={t('settings.security.title')} result={revoke.data ?? password.data}>
      <password.Form method="post" noValidate key={password.data?.kind === 'saved' ? 'saved' : 'form'}>
        <input type="hidden" name="intent" value="password" />
        <FormField
          label={t('settings.security.currentPassword')}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
        <FormField
          label={t('settings.security.newPassword')}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          hint={t('settings.security.newPasswordHint')}
          error={errors.newPassword}
        />
        <FormField
          label={t('settings.security.confirmPassword')}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
        />
        <SaveButton busy={password.state !== 'idle'} label={t('settings.security.changePassword')} />
      </password.Form>
      <h3>{t('settings.security.devices')}</h3>
      <ul className="session-list">
        {sessions.map((session) => (
          <li key={session.id}>
            {t(HOW[session.createdWith] ?? 'settings.security.signedInOn', {
              date: formatDate(new Date(session.createdAt), t('settings.dateTimePattern')),
            })}
            {session.current ? <strong> {t('settings.security.thisDevice')}</strong> : null}
          </li>
        ))}
      </ul>
      <revoke.Form method="post">
        <input type="hidden" name="intent" value="revokeSessions" />
        <button type="submit" className="button-secondary" disabled={others === 0 || revoke.state !== 'idle'}>
          {t('settings.security.logOutOthers')}
        </button>
      </revoke.Form>
    </SettingsSection>
  );
}
