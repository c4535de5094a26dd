import './moderation.css';
import { useId, useRef, useState, type FormEvent } from 'react';
import { FormError } from '@/components/FormError';
import { Popup } from '@/components/Popup';
import { useT, type MessageId } from '@/i18n';
import { toUiError } from '@/lib/errors';
import { formText } from '@/lib/formValues';
import { reportContent } from '../api';
import { REPORT_NOTE_MAX, REPORT_REASONS, isReportReason, type ReportKind } from '@/domain/moderation';
import { REPORT_REASON_TEXT } from '@/domain/moderationLabels';
import type { ReportOutcome, ReportTarget } from '../types';

const TITLE_TEXT: Readonly<Record<ReportKind, MessageId>> = {
  message: 'moderation.report.titleMessage',
  comment: 'moderation.report.titleComment',
  activity: 'moderation.report.titleWorkout',
  user: 'moderation.report.titlePerson',
};

export interface ReportWindowProps {
  /** What to report; null keeps the window closed. */
  target: ReportTarget | null;
  onClose: () => void;
}

/**
 * Reporting something to the moderators: a reason and an optional note; then a sentence saying it
 * was sent, or that this person's earlier report of it is still open. The person reported is not told.
 */
export function ReportWindow({ target, onClose }: ReportWindowProps) {
  const t = useT();
  return (
    <Popup
      open={target !== null}
      title={target ? t(TITLE_TEXT[target.kind], { name: target.name }) : ''}
      onClose={onClose}
    >
      {target ? <ReportForm key={`${target.kind}:${target.id}`} target={target} onClose={onClose} /> : null}
    </Popup>
  );
}

function ReportForm({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const t = useT();
  const noteId = useId();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ReportOutcome | null>(null);
  const [errors, setErrors] = useState<{ reason?: string; note?: string; form?: string }>({});
  const firstReason = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const reason = form.get('reason');
    const note = formText(form, 'note');
    if (!isReportReason(reason)) {
      setErrors({ reason: t('moderation.report.reasonMissing') });
      firstReason.current?.focus();
      return;
    }
    setBusy(true);
    setErrors({});
    reportContent({ kind: target.kind, id: target.id, reason, note }).then(setOutcome, (error: unknown) => {
      setBusy(false);
      const shown = toUiError(error, ['reason', 'note']);
      setErrors(
        shown.field === 'note' || shown.field === 'reason'
          ? { [shown.field]: shown.sentence }
          : { form: shown.sentence },
      );
    });
  };

  if (outcome) {
    return (
      <div className="report-done">
        <p role="status">{t(outcome === 'sent' ? 'moderation.report.sent' : 'moderation.report.already')}</p>
        <div className="form-actions">
          <button type="button" className="button-primary" autoFocus onClick={onClose}>
            {t('moderation.report.close')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className="report-form" onSubmit={submit} noValidate>
      <p>{t('moderation.report.intro')}</p>
      <fieldset className="choice-list" aria-invalid={errors.reason ? true : undefined}>
        <legend>{t('moderation.report.reason')}</legend>
        {REPORT_REASONS.map((reason, index) => (
          <label key={reason}>
            <input
              ref={index === 0 ? firstReason : undefined}
              type="radio"
              name="reason"
              value={reason}
              autoFocus={index === 0}
            />
            {t(REPORT_REASON_TEXT[reason])}
          </label>
        ))}
        {errors.reason ? <p className="field-error">{errors.reason}</p> : null}
      </fieldset>
      <div className="form-field">
        <label htmlFor={noteId}>{t('moderation.report.note')}</label>
        <textarea
          id={noteId}
          name="note"
          rows={3}
          maxLength={REPORT_NOTE_MAX}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? `${noteId}-error` : undefined}
        />
        {errors.note ? (
          <p id={`${noteId}-error`} className="field-error">
            {errors.note}
          </p>
        ) : null}
      </div>
      <FormError>{errors.form}</FormError>
      <div className="form-actions">
        <button type="submit" className="button-danger" disabled={busy}>
          {busy ? t('moderation.report.sending') : t('moderation.report.send')}
        </button>
        <button type="button" className="button-secondary" onClick={onClose}>
          {t('moderation.report.cancel')}
        </button>
      </div>
    </form>
  );
}
