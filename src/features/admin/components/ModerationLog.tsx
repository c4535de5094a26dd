import { useId, type FormEvent } from 'react';
import { Link, useFetcher, useNavigate } from 'react-router';
import { FormError } from '@/components/FormError';
import { adminPath } from '@/domain/adminSections';
import {
  ACTION_REASON_MAX,
  RECORDED_ACTIONS,
  USERNAME_FILTER_MAX,
  type AppealOutcome,
  type ModerationActionRow,
} from '@/domain/moderation';
import { useT, type MessageId } from '@/i18n';
import { T } from '@/i18n/T';
import { formText } from '@/lib/formValues';
import { refusalIn } from '@/lib/routeActions';
import type { AdminActionResult } from '../actionResult';
import type { RecordFilters } from '../api';
import { shownDateTime } from '../format';
import { ACTION_TEXT, REPORT_KIND_TEXT as KIND_TEXT } from '@/domain/moderationLabels';

const APPEAL_TEXT: Readonly<Record<AppealOutcome, MessageId>> = {
  pending: 'admin.log.appealPending',
  upheld: 'admin.log.appealUpheld',
  overturned: 'admin.log.appealOverturned',
};

export interface ModerationLogProps {
  actions: readonly ModerationActionRow[];
  next: string | null;
  /** The filters shown, as the page's address holds them. */
  filters: RecordFilters;
}

/** The filters as the page's address holds them, empty ones left out. */
function filterParams(filters: RecordFilters): Record<string, string> {
  return {
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.moderator ? { moderator: filters.moderator } : {}),
    ...(filters.person ? { person: filters.person } : {}),
  };
}

/**
 * The record of moderators' and admins' actions, newest first, filtered by action, moderator and
 * person acted on (by username); appeals decided here.
 */
export function ModerationLog({ actions, next, filters }: ModerationLogProps) {
  const t = useT();
  const navigate = useNavigate();
  const filterId = useId();
  const filtered = Object.keys(filterParams(filters)).length > 0;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const chosen = Object.fromEntries(
      (['action', 'moderator', 'person'] as const).flatMap((name) => {
        const value = formText(form, name);
        return value ? [[name, value]] : [];
      }),
    );
    void navigate(adminPath('log', chosen));
  };

  return (
    <section className="card admin-section" aria-labelledby="admin-log-heading">
      <h2 id="admin-log-heading">{t('admin.log.title')}</h2>
      <form
        // A new filter starts its fields from the address again.
        key={JSON.stringify(filters)}
        className="admin-search"
        aria-label={t('admin.log.filters')}
        onSubmit={submit}
      >
        <div className="form-field">
          <label htmlFor={filterId}>{t('admin.log.filter')}</label>
          <select id={filterId} name="action" defaultValue={filters.action ?? ''}>
            <option value="">{t('admin.log.all')}</option>
            {RECORDED_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(ACTION_TEXT[action])}
              </option>
            ))}
          </select>
        </div>
        <UsernameFilter name="moderator" label={t('admin.log.moderator')} value={filters.moderator} />
        <UsernameFilter name="person" label={t('admin.log.person')} value={filters.person} />
        <button type="submit" className="button-secondary">
          {t('admin.log.show')}
        </button>
      </form>
      {filtered ? (
        <p>
          <Link to={adminPath('log')}>{t('admin.log.clear')}</Link>
        </p>
      ) : null}
      {actions.length === 0 ? (
        <p className="empty-note">{t(filtered ? 'admin.log.emptyFiltered' : 'admin.log.empty')}</p>
      ) : (
        <ol className="admin-log">
          {actions.map((row) => (
            <LogRow key={row.id} row={row} />
          ))}
        </ol>
      )}
      {next ? (
        <p>
          <Link to={adminPath('log', { ...filterParams(filters), before: next })}>
            {t('admin.log.older')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function LogRow({ row }: { row: ModerationActionRow }) {
  const t = useT();
  const rowId = useId();
  return (
    <li className="admin-log-row">
      <p id={rowId}>
        <T
          id="admin.log.row"
          values={{
            moderator: row.moderator.username,
            action: t(ACTION_TEXT[row.action]),
            kind: t(KIND_TEXT[row.targetKind]),
            target: row.targetUser?.username ?? t('admin.reports.gone'),
          }}
          components={{
            0: <Link to={adminPath('log', { moderator: row.moderator.username })} />,
            ...(row.targetUser
              ? { 1: <Link to={adminPath('log', { person: row.targetUser.username })} /> }
              : {}),
          }}
        />
      </p>
      <p className="admin-meta">
        <time dateTime={row.createdAt}>{shownDateTime(row.createdAt)}</time>
        {row.until ? ` · ${t('admin.people.until', { until: shownDateTime(row.until) })}` : null}
      </p>
      <p>
        <strong>{t('admin.log.reason')}</strong> {row.reason}
      </p>
      {row.appeal ? (
        <div className="admin-appeal">
          <p>
            <strong>{t(APPEAL_TEXT[row.appeal.outcome])}</strong> {row.appeal.text}
          </p>
          {row.appeal.outcome === 'pending' ? (
            <DecideForm actionId={row.id} describedBy={rowId} />
          ) : row.appeal.reason ? (
            <p className="admin-meta">{row.appeal.reason}</p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

function DecideForm({ actionId, describedBy }: { actionId: string; describedBy: string }) {
  const t = useT();
  const fetcher = useFetcher<AdminActionResult>();
  const id = useId();
  const refusal = fetcher.state === 'idle' ? refusalIn(fetcher.data) : undefined;
  return (
    <fetcher.Form method="post" className="admin-decide" aria-describedby={describedBy}>
      <input type="hidden" name="intent" value="decideAppeal" />
      <input type="hidden" name="actionId" value={actionId} />
      <div className="form-field">
        <label htmlFor={id}>{t('admin.log.decisionReason')}</label>
        <textarea id={id} name="reason" rows={2} required maxLength={ACTION_REASON_MAX} />
        {refusal?.fieldErrors?.reason ? <p className="field-error">{refusal.fieldErrors.reason}</p> : null}
      </div>
      <FormError>{refusal?.formError}</FormError>
      <div className="form-actions">
        <button type="submit" name="upheld" value="true" className="button-secondary">
          {t('admin.log.uphold')}
        </button>
        <button type="submit" name="upheld" value="false" className="button-secondary">
          {t('admin.log.overturn')}
        </button>
      </div>
    </fetcher.Form>
  );
}

/** A filter by a person's username, as typed (a deleted account's by the name the record kept). */
function UsernameFilter({ name, label, value }: { name: string; label: string; value: string | undefined }) {
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="search"
        defaultValue={value ?? ''}
        maxLength={USERNAME_FILTER_MAX}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
    </div>
  );
}
