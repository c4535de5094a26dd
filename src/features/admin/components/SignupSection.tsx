import { useFetcher } from 'react-router';
import { FormError } from '@/components/FormError';
import type { SignupSettings } from '@/domain/serverAdmin';
import { SIGNUP_MODES, type InvitationRow, type SignupMode } from '@/domain/signup';
import { useT, type MessageId } from '@/i18n';
import { shownDateTime } from '../format';
import { refusalIn } from '@/lib/routeActions';
import { InvitationsPanel } from '@/features/settings';
import type { AdminActionResult } from '../actionResult';

const MODE_TEXT: Readonly<Record<SignupMode, { name: MessageId; meaning: MessageId }>> = {
  open: { name: 'admin.signup.open', meaning: 'admin.signup.openMeaning' },
  invite: { name: 'admin.signup.invite', meaning: 'admin.signup.inviteMeaning' },
  closed: { name: 'admin.signup.closed', meaning: 'admin.signup.closedMeaning' },
};

/**
 * Who may sign up, chosen by an admin over the operator's SIGNUP, and (by invitation) everyone's
 * open invitations, which the settings' panel shows and revokes.
 */
export function SignupSection({
  settings,
  invitations,
}: {
  settings: SignupSettings;
  invitations: readonly InvitationRow[] | null;
}) {
  const t = useT();
  const fetcher = useFetcher<AdminActionResult>();
  const idle = fetcher.state === 'idle';
  const refusal = idle ? refusalIn(fetcher.data) : undefined;
  const done = idle && fetcher.data?.kind === 'done' ? fetcher.data.notice : '';
  const { changed } = settings;
  return (
    <>
      <section className="card" aria-labelledby="admin-signup-heading">
        <h2 id="admin-signup-heading">{t('admin.signup.title')}</h2>
        <p>
          {changed
            ? t('admin.signup.changed', {
                who: changed.by,
                when: shownDateTime(changed.at),
              })
            : t('admin.signup.configured')}
        </p>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="setSignupMode" />
          <fieldset
            className="choice-list signup-modes"
            aria-invalid={refusal?.fieldErrors?.mode ? true : undefined}
          >
            <legend>{t('admin.signup.mode')}</legend>
            {SIGNUP_MODES.map((mode) => (
              <label key={mode}>
                <input
                  type="radio"
                  name="mode"
                  value={mode}
                  defaultChecked={mode === settings.mode}
                  aria-describedby={`signup-mode-${mode}`}
                />
                <span>
                  <strong>{t(MODE_TEXT[mode].name)}</strong>{' '}
                  <span id={`signup-mode-${mode}`}>{t(MODE_TEXT[mode].meaning)}</span>
                </span>
              </label>
            ))}
            {refusal?.fieldErrors?.mode ? <p className="field-error">{refusal.fieldErrors.mode}</p> : null}
          </fieldset>
          <div className="form-actions">
            <button type="submit" className="button-primary" disabled={!idle}>
              {t('admin.signup.save')}
            </button>
          </div>
          <p role="status" className="form-notice">
            {done}
          </p>
          <FormError>{refusal?.formError}</FormError>
        </fetcher.Form>
      </section>
      {invitations ? <InvitationsPanel invitations={invitations} isAdmin /> : null}
    </>
  );
}
