import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Form, Link, useFetcher } from 'react-router';
import { FormError } from '@/components/FormError';
import { adminPath } from '@/domain/adminSections';
import { ASSIGNABLE_ROLES, type AccountStatus, type AdminUserRow } from '@/domain/moderation';
import { ROLE_TEXT } from '@/domain/moderationLabels';
import { useT, type MessageId } from '@/i18n';
import { refusalIn } from '@/lib/routeActions';
import type { AdminActionResult } from '../actionResult';
import { shownDateTime } from '../format';
import { AccountWindow, type AccountRequest } from './AccountWindow';

const STATUS_TEXT: Readonly<Record<AccountStatus, MessageId>> = {
  active: 'admin.people.statuses.active',
  chatMuted: 'admin.people.statuses.chatMuted',
  suspended: 'admin.people.statuses.suspended',
};

export interface PeopleListProps {
  query: string;
  people: readonly AdminUserRow[];
  next: string | null;
  /** Admins change roles; moderators only see them. */
  mayChangeRoles: boolean;
  /** Admins send a password reset and delete an account. */
  mayManageAccounts: boolean;
  /** A moderator's actions on one person (suspend, lift…); `namesId` names them. */
  actions: (person: AdminUserRow, namesId: string) => ReactNode;
}

/** People by username or e-mail: when they joined and were last seen, their role and standing. */
export function PeopleList({
  query,
  people,
  next,
  mayChangeRoles,
  mayManageAccounts,
  actions,
}: PeopleListProps) {
  const t = useT();
  const searchId = useId();
  const [asked, setAsked] = useState<AccountRequest | null>(null);
  const [notice, setNotice] = useState<{ text: string; focus: boolean } | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // A deleted person's row is gone, and the button that opened the window with it.
    if (notice?.focus) noticeRef.current?.focus();
  }, [notice]);
  return (
    <section className="card admin-section" aria-labelledby="admin-people-heading">
      <h2 id="admin-people-heading">{t('admin.people.title')}</h2>
      <p className="admin-notice" role="status" ref={noticeRef} tabIndex={-1}>
        {notice?.text}
      </p>
      <Form method="get" role="search" className="admin-search">
        <input type="hidden" name="section" value="people" />
        <div className="form-field">
          <label htmlFor={searchId}>{t('admin.people.search')}</label>
          <input id={searchId} name="q" type="search" defaultValue={query} autoComplete="off" />
        </div>
        <button type="submit" className="button-secondary">
          {t('admin.people.find')}
        </button>
      </Form>
      {people.length === 0 ? (
        <p className="empty-note">{t('admin.people.empty')}</p>
      ) : (
        <ul className="person-list admin-people">
          {people.map((person) => (
            <PersonRow
              key={person.userId}
              person={person}
              mayChangeRoles={mayChangeRoles}
              onAsk={mayManageAccounts ? setAsked : undefined}
              actions={actions}
            />
          ))}
        </ul>
      )}
      <AccountWindow
        request={asked}
        onClose={() => setAsked(null)}
        onDone={(text, done) => {
          setAsked(null);
          setNotice({ text, focus: done.kind === 'delete' });
        }}
      />
      {next ? (
        <p>
          <Link to={adminPath('people', { ...(query ? { q: query } : {}), before: next })}>
            {t('admin.people.more')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

interface PersonRowProps {
  person: AdminUserRow;
  mayChangeRoles: boolean;
  /** Asks for a password reset or a deletion (admins); absent for moderators. */
  onAsk: ((request: AccountRequest) => void) | undefined;
  actions: PeopleListProps['actions'];
}

function PersonRow({ person, mayChangeRoles, onAsk, actions }: PersonRowProps) {
  const t = useT();
  const namesId = useId();
  const suspended = person.status === 'suspended';
  return (
    <li className="person-item admin-person">
      <div id={namesId}>
        <p className="person-name">
          {person.displayName} <span className="person-username">@{person.username}</span>
        </p>
        <dl className="admin-facts">
          {person.email ? (
            <>
              <dt>{t('admin.people.email')}</dt>
              <dd>{person.email}</dd>
            </>
          ) : null}
          <dt>{t('admin.people.joined')}</dt>
          <dd>{shownDateTime(person.joined)}</dd>
          <dt>{t('admin.people.lastActive')}</dt>
          <dd>{person.lastActive ? shownDateTime(person.lastActive) : t('admin.people.never')}</dd>
          <dt>{t('admin.people.role')}</dt>
          <dd>{t(ROLE_TEXT[person.role])}</dd>
          <dt>{t('admin.people.status')}</dt>
          <dd>
            {t(STATUS_TEXT[person.status])}
            {suspended
              ? ` · ${
                  person.suspendedUntil
                    ? t('admin.people.until', { until: shownDateTime(person.suspendedUntil) })
                    : t('moderation.durations.lifted')
                }`
              : null}
          </dd>
        </dl>
      </div>
      <details className="admin-person-actions">
        <summary aria-describedby={namesId}>{t('admin.people.actions')}</summary>
        {actions(person, namesId)}
        {mayChangeRoles && person.role !== 'owner' ? <RoleForm person={person} /> : null}
        {onAsk ? (
          <div className="form-actions admin-account-actions">
            <button
              type="button"
              className="button-secondary"
              aria-describedby={namesId}
              onClick={() => onAsk({ kind: 'reset', person })}
            >
              {t('admin.people.resetPassword')}
            </button>
            {person.role !== 'owner' ? (
              <button
                type="button"
                className="button-danger"
                aria-describedby={namesId}
                onClick={() => onAsk({ kind: 'delete', person })}
              >
                {t('admin.people.deleteAccount')}
              </button>
            ) : null}
          </div>
        ) : null}
      </details>
    </li>
  );
}

function RoleForm({ person }: { person: AdminUserRow }) {
  const t = useT();
  const fetcher = useFetcher<AdminActionResult>();
  const id = useId();
  const refusal = fetcher.state === 'idle' ? refusalIn(fetcher.data) : undefined;
  return (
    <fetcher.Form method="post" className="admin-role-form">
      <input type="hidden" name="intent" value="setRole" />
      <input type="hidden" name="userId" value={person.userId} />
      <div className="form-field">
        <label htmlFor={id}>{t('admin.people.changeRole')}</label>
        <select id={id} name="role" defaultValue={person.role}>
          {ASSIGNABLE_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(ROLE_TEXT[role])}
            </option>
          ))}
        </select>
        {refusal?.fieldErrors?.role ? <p className="field-error">{refusal.fieldErrors.role}</p> : null}
      </div>
      <FormError>{refusal?.formError}</FormError>
      <button type="submit" className="button-secondary" disabled={fetcher.state !== 'idle'}>
        {t('admin.people.saveRole')}
      </button>
    </fetcher.Form>
  );
}
