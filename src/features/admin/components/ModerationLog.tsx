import { useId } from 'react';
import { Form, Link, useFetcher } from 'react-router';
import { FormError } from '@/components/FormError';
import { adminPath } from '@/domain/adminSections';
import {
  ACTION_REASON_MAX,
  MODERATION_ACTIONS,
  type AppealOutcome,
  type ModerationActionKind,
  type ModerationActionRow,
} from '@/domain/moderation';
import { useT, type MessageId } from '@/i18n';
import { refusalIn } from '@/lib/routeActions';
import type { AdminActionResult } from '../actionResult';
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
  /** The action filtered on, if any. */
  filter: ModerationActionKind | null;
}

/** The record of moderators' actions, newest first, filtered by action; appeals decided here. */
export function ModerationLog({ actions, next, filter }: ModerationLogProps) {
  const t = useT();
  const filterId = useId();
  return (
    <section className="card admin-section" aria-labelledby="admin-log-heading">
      <h2 id="admin-log-heading">{t('admin.log.title')}</h2>
      <Form method="get" className="admin-search">
        <input type="hidden" name="section" value="log" />
        <div className="form-field">
          <label htmlFor={filterId}>{t('admin.log.filter')}</label>
          <select id={filterId} name="action" defaultValue={filter ?? ''}>
            <option value="">{t('admin.log.all')}</option>
            {MODERATION_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(ACTION_TEXT[action])}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button-secondary">
          {t('admin.log.show')}
        </button>
      </Form>
      {actions.length === 0 ? (
        <p className="empty-note">{t('admin.log.empty')}</p>
      ) : (
        <ol className="admin-log">
          {actions.map((row) => (
            <LogRow key={row.id} row={row} />
          ))}
        </ol>
      )}
      {next ? (
        <p>
          <Link to={adminPath('log', { ...(filter ? { action: filter } : {}), before: next })}>
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
        {t('admin.log.row', {
          moderator: row.moderator.username,
          action: t(ACTION_TEXT[row.action]),
          kind: t(KIND_TEXT[row.targetKind]),
          target: row.targetUser?.username ?? t('admin.reports.gone'),
        })}
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
