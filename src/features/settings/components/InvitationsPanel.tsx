import { useState } from 'react';
import { useFetcher } from 'react-router';
import { FormField } from '@/components/FormField';
import { invitationLink, type InvitationRow, type NewInvitation } from '@/domain/signup';
import { t, useT } from '@/i18n';
import { formatDate } from '@/i18n/dates';
import type { SettingsActionResult } from '../actionResult';
import { SettingsSection } from './SettingsSection';

/** Making and revoking share one fetcher, so the section says what the last of them did. */
const INVITATIONS_FETCHER = 'invitations';

const shortDate = (iso: string) => formatDate(new Date(iso), t('settings.dateTimePattern'));

/**
 * Invitation links on an invite-only server: make one (shown once, to copy and send), and see and
 * revoke the open ones (an admin sees everyone's, with who made them).
 */
export function InvitationsPanel({
  invitations,
  isAdmin,
}: {
  invitations: readonly InvitationRow[];
  isAdmin: boolean;
}) {
  const t = useT();
  const fetcher = useFetcher<SettingsActionResult>({ key: INVITATIONS_FETCHER });
  const made = fetcher.data?.kind === 'invited' ? fetcher.data.invitation : undefined;
  return (
    <SettingsSection id="invitations" title={t('settings.invitations.title')} result={fetcher.data}>
      <p>{t('settings.invitations.intro')}</p>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="invite" />
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={fetcher.state !== 'idle'}>
            {fetcher.state !== 'idle' ? t('settings.invitations.making') : t('settings.invitations.make')}
          </button>
        </div>
      </fetcher.Form>
      {made ? <MadeLink invitation={made} /> : null}
      <h3>{isAdmin ? t('settings.invitations.openAll') : t('settings.invitations.openMine')}</h3>
      {invitations.length === 0 ? (
        <p className="empty-note">{t('settings.invitations.none')}</p>
      ) : (
        <ul className="invitation-list">
          {invitations.map((invitation) => (
            <OpenInvitation key={invitation.id} invitation={invitation} showMaker={isAdmin} />
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}

/** The new link, selected for copying; the page never shows it again. */
function MadeLink({ invitation }: { invitation: NewInvitation }) {
  const t = useT();
  const link = invitationLink(window.location.origin, invitation.code);
  const [copied, setCopied] = useState(false);
  return (
    <div className="invitation-made">
      <FormField
        label={t('settings.invitations.link')}
        name="invitationLink"
        readOnly
        value={link}
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        hint={t('settings.invitations.linkHint', { until: shortDate(invitation.expiresAt) })}
      />
      <div className="form-actions">
        <button
          type="button"
          className="button-secondary"
          onClick={() =>
            void navigator.clipboard.writeText(link).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {t('settings.invitations.copy')}
        </button>
        <span role="status">{copied ? t('settings.invitations.copied') : ''}</span>
      </div>
    </div>
  );
}

/** One open invitation; its revocation answers in the section, since the row goes with it. */
function OpenInvitation({ invitation, showMaker }: { invitation: InvitationRow; showMaker: boolean }) {
  const t = useT();
  const fetcher = useFetcher<SettingsActionResult>({ key: INVITATIONS_FETCHER });
  const made = shortDate(invitation.createdAt);
  const until = shortDate(invitation.expiresAt);
  return (
    <li>
      <span>
        {showMaker
          ? t('settings.invitations.madeBy', { maker: invitation.createdBy, made, until })
          : t('settings.invitations.made', { made, until })}
      </span>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="revokeInvitation" />
        <input type="hidden" name="invitationId" value={invitation.id} />
        <button
          type="submit"
          className="button-danger"
          disabled={fetcher.state !== 'idle'}
          aria-label={t('settings.invitations.revokeLabel', { made })}
        >
          {t('settings.invitations.revoke')}
        </button>
      </fetcher.Form>
    </li>
  );
}
