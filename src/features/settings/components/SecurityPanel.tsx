import { format } from 'date-fns';
import { useFetcher } from 'react-router';
import { FormField } from '@/components/FormField';
import type { SettingsActionResult } from '../actionResult';
import type { SessionRow } from '../types';
import { SaveButton, SettingsSection } from './SettingsSection';

const HOW: Readonly<Record<string, string>> = {
  login: 'Logged in',
  signup: 'Signed up',
  upgrade: 'Logged in',
};

/** Change the password (the current one first), see the signed-in devices, log the others out. */
export function SecurityPanel({ sessions }: { sessions: readonly SessionRow[] }) {
  const password = useFetcher<SettingsActionResult>();
  const revoke = useFetcher<SettingsActionResult>();
  const errors = password.data?.fieldErrors ?? {};
  const others = sessions.filter((session) => !session.current).length;
  return (
    <SettingsSection id="security" title="Password and devices" result={revoke.data ?? password.data}>
      <password.Form method="post" noValidate key={password.data?.done ? 'saved' : 'form'}>
        <input type="hidden" name="intent" value="password" />
        <FormField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
        <FormField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters, not your username."
          error={errors.newPassword}
        />
        <FormField
          label="New password again"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
        />
        <SaveButton busy={password.state !== 'idle'} label="Change password" />
      </password.Form>
      <h3>Signed-in devices</h3>
      <ul className="session-list">
        {sessions.map((session) => (
          <li key={session.id}>
            {HOW[session.createdWith] ?? 'Signed in'} on{' '}
            {format(new Date(session.createdAt), 'd MMM yyyy, HH:mm')}
            {session.current ? <strong> · this device</strong> : null}
          </li>
        ))}
      </ul>
      <revoke.Form method="post">
        <input type="hidden" name="intent" value="revokeSessions" />
        <button type="submit" className="button-secondary" disabled={others === 0 || revoke.state !== 'idle'}>
          Log out of every other device
        </button>
      </revoke.Form>
    </SettingsSection>
  );
}
