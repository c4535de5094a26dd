import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { adminPath } from '@/domain/adminSections';
import type { ChatLine, QueueReport } from '@/domain/moderation';
import {
  ACTION_TEXT,
  REPORT_KIND_TEXT as KIND_TEXT,
  REPORT_REASON_TEXT as REASON_TEXT,
} from '@/domain/moderationLabels';
import { useT } from '@/i18n';
import { shownDateTime } from '../format';

export interface ReportQueueProps {
  reports: readonly QueueReport[];
  /** The `before` of the next page, null at the end. */
  next: string | null;
  /** A moderator's actions on one report; `headingId` names the report. */
  actions: (report: QueueReport, headingId: string) => ReactNode;
}

/** The open reports, newest first, each with what it is about, the person's history and the actions. */
export function ReportQueue({ reports, next, actions }: ReportQueueProps) {
  const t = useT();
  return (
    <section className="card admin-section" aria-labelledby="admin-reports-heading">
      <h2 id="admin-reports-heading">{t('admin.reports.title')}</h2>
      {reports.length === 0 ? (
        <p className="empty-note">{t('admin.reports.empty')}</p>
      ) : (
        <ol className="admin-reports">
          {reports.map((report) => (
            <ReportItem key={report.id} report={report} actions={actions} />
          ))}
        </ol>
      )}
      {next ? (
        <p>
          <Link to={adminPath('reports', { before: next })}>{t('admin.reports.older')}</Link>
        </p>
      ) : null}
    </section>
  );
}

function ReportItem({ report, actions }: { report: QueueReport; actions: ReportQueueProps['actions'] }) {
  const t = useT();
  const headingId = useId();
  const target = report.targetUser?.username ?? t('admin.reports.gone');
  return (
    <li className="admin-report" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('admin.reports.heading', { kind: t(KIND_TEXT[report.kind]), name: target })}</h3>
      <p className="admin-meta">
        {t('admin.reports.by', {
          reason: t(REASON_TEXT[report.reason]),
          reporter: report.reporter?.username ?? t('admin.reports.gone'),
          when: shownDateTime(report.createdAt),
        })}
      </p>
      {report.note ? <blockquote className="admin-note">{report.note}</blockquote> : null}
      <ReportContextView report={report} />
      <History report={report} />
      {actions(report, headingId)}
    </li>
  );
}

function ChatLineItem({ line, reported }: { line: ChatLine; reported: boolean }) {
  const t = useT();
  return (
    <li className={reported ? 'admin-context-line admin-context-reported' : 'admin-context-line'}>
      <span className="admin-context-author">{line.authorName}</span>{' '}
      <time dateTime={line.createdAt}>{shownDateTime(line.createdAt)}</time>
      {reported ? <span className="admin-badge">{t('admin.reports.reported')}</span> : null}
      {line.hidden ? <span className="admin-badge">{t('admin.reports.hidden')}</span> : null}
      <p>{line.text}</p>
    </li>
  );
}

function ReportContextView({ report }: { report: QueueReport }) {
  const t = useT();
  const { context } = report;
  switch (context.kind) {
    case 'message':
      return context.message ? (
        <ol className="admin-context" aria-label={t('admin.reports.context')}>
          {context.before.map((line) => (
            <ChatLineItem key={line.id} line={line} reported={false} />
          ))}
          <ChatLineItem line={context.message} reported />
          {context.after.map((line) => (
            <ChatLineItem key={line.id} line={line} reported={false} />
          ))}
        </ol>
      ) : (
        <p className="empty-note">{t('admin.reports.goneContent')}</p>
      );
    case 'comment':
      return context.comment ? (
        <blockquote className="admin-note">{context.comment.text}</blockquote>
      ) : (
        <p className="empty-note">{t('admin.reports.goneContent')}</p>
      );
    case 'activity':
      return context.workout ? (
        <p>
          {context.workout.title ?? context.workout.type} · {shownDateTime(context.workout.startedAt)}
          {context.workout.notes ? <> · {context.workout.notes}</> : null}
        </p>
      ) : (
        <p className="empty-note">{t('admin.reports.goneContent')}</p>
      );
    case 'user':
      return context.person ? (
        <p>
          {t('admin.reports.person', {
            name: context.person.displayName,
            joined: shownDateTime(context.person.joined),
          })}
        </p>
      ) : (
        <p className="empty-note">{t('admin.reports.goneContent')}</p>
      );
  }
}

function History({ report }: { report: QueueReport }) {
  const t = useT();
  const { reports, actions } = report.history;
  if (reports.length === 0 && actions.length === 0) {
    return <p className="admin-meta">{t('admin.reports.noHistory')}</p>;
  }
  return (
    <details className="admin-history">
      <summary>{t('admin.reports.history', { count: reports.length + actions.length })}</summary>
      <ul>
        {actions.map((action) => (
          <li key={action.id}>
            {t('admin.reports.historyAction', {
              action: t(ACTION_TEXT[action.action]),
              moderator: action.moderator.username,
              when: shownDateTime(action.createdAt),
              reason: action.reason,
            })}
          </li>
        ))}
        {reports.map((earlier) => (
          <li key={earlier.id}>
            {t('admin.reports.historyReport', {
              kind: t(KIND_TEXT[earlier.kind]),
              reason: t(REASON_TEXT[earlier.reason]),
              when: shownDateTime(earlier.createdAt),
            })}
          </li>
        ))}
      </ul>
    </details>
  );
}
