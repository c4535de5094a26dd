import { format } from 'date-fns';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { FormField } from '@/components/FormField';
import { invitationLink, type InvitationRow, type NewInvitation } from '@/domain/signup';
import type { SettingsActionResult } from '../actionResult';
import { SettingsSection } from './SettingsSection';

/** Making and revoking share one fetcher, so the section says what the last of them did. */
const INVITATIONS_FETCHER = 'invitations';

const shortDate = (iso: string) => format(new Date(iso), 'd MMM yyyy, HH:mm');

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
  const fetcher = useFetcher<SettingsActionResult>({ key: INVITATIONS_FETCHER });
  const made = fetcher.data?.invitation;
  return (
    <SettingsSection id="invitations" title="Invitations" result={fetcher.data}>
      <p>
        New accounts on this server need an invitation link. Each link works for one sign-up, for seven days.
      </p>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="invite" />
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={fetcher.state !== 'idle'}>
            {fetcher.state !== 'idle' ? 'Making…' : 'Make an invitation link'}
          </button>
        </div>
      </fetcher.Form>
      {made ? <MadeLink invitation={made} /> : null}
      <h3>{isAdmin ? 'Open invitations' : 'Your open invitations'}</h3>
      {invitations.length === 0 ? (
        <p className="empty-note">No open invitations.</p>
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
  const link = invitationLink(window.location.origin, invitation.code);
  const [copied, setCopied] = useState(false);
  return (
    <div className="invitation-made">
      <FormField
        label="Invitation link"
        name="invitationLink"
        readOnly
        value={link}
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        hint={`Copy it now and send it to the person you invite: it is shown only this once. It works until ${shortDate(invitation.expiresAt)}.`}
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
          Copy link
        </button>
        <span role="status">{copied ? 'Copied.' : ''}</span>
      </div>
    </div>
  );
}

/** One open invitation; its revocation answers in the section, since the row goes with it. */
function OpenInvitation({ invitation, showMaker }: { invitation: InvitationRow; showMaker: boolean }) {
  const fetcher = useFetcher<SettingsActionResult>({ key: INVITATIONS_FETCHER });
  const made = shortDate(invitation.createdAt);
  return (
    <li>
      <span>
        Made {showMaker ? `by ${invitation.createdBy} ` : ''}on {made}; works until{' '}
        {shortDate(invitation.expiresAt)}.
      </span>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="revokeInvitation" />
        <input type="hidden" name="invitationId" value={invitation.id} />
        <button
          type="submit"
          className="button-danger"
          disabled={fetcher.state !== 'idle'}
          aria-label={`Revoke the invitation made on ${made}`}
        >
          Revoke
        </button>
      </fetcher.Form>
    </li>
  );
}
