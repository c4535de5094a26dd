import './moderation.css';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { FormError } from '@/components/FormError';
import { useT, type MessageId } from '@/i18n';
import { shownDateTime } from '../format';
import { toUiError } from '@/lib/errors';
import { formText } from '@/lib/formValues';
import { appealAction } from '../api';
import { APPEAL_TEXT_MAX, type AccountStanding, type AppealOutcome } from '@/domain/moderation';

type Suspension = NonNullable<AccountStanding['suspension']>;

export const APPEAL_TEXT: Readonly<Record<AppealOutcome, MessageId>> = {
  pending: 'moderation.suspended.appealPending',
  upheld: 'moderation.suspended.appealUpheld',
  overturned: 'moderation.suspended.appealOverturned',
};

export interface SuspendedScreenProps {
  suspension: Suspension;
  /** The download of all the person's data (the settings' own). */
  dataExport: ReactNode;
  /** Deleting the account (the settings' own). */
  deletion: ReactNode;
  /** Logging out. */
  logout: ReactNode;
  /** Reads the standing again once an appeal is sent. */
  onAppealed: () => void;
}

/**
 * All a suspended person sees of the app: the sanction (until when, why), one appeal and its
 * state, their data to take away, deleting the account, and logging out.
 */
export function SuspendedScreen({
  suspension,
  dataExport,
  deletion,
  logout,
  onAppealed,
}: SuspendedScreenProps) {
  const t = useT();
  return (
    <div className="suspended-screen">
      <section className="card" aria-labelledby="suspended-heading">
        <h1 id="suspended-heading" tabIndex={-1}>
          {t('moderation.suspended.title')}
        </h1>
        <p>
          {suspension.until
            ? t('moderation.suspended.until', { until: shownDateTime(suspension.until) })
            : t('moderation.suspended.untilLifted')}
        </p>
        <p>
          <strong>{t('moderation.suspended.reason')}</strong> {suspension.reason}
        </p>
      </section>
      <section className="card" aria-labelledby="appeal-heading">
        <h2 id="appeal-heading">{t('moderation.suspended.appealTitle')}</h2>
        {suspension.appeal ? (
          <>
            <p role="status">{t(APPEAL_TEXT[suspension.appeal.outcome])}</p>
            <blockquote className="appeal-text">{suspension.appeal.text}</blockquote>
            {suspension.appeal.reason ? (
              <p>
                <strong>{t('moderation.suspended.decision')}</strong> {suspension.appeal.reason}
              </p>
            ) : null}
          </>
        ) : (
          <AppealForm actionId={suspension.actionId} onAppealed={onAppealed} />
        )}
      </section>
      {dataExport}
      {deletion}
      <div className="suspended-logout">{logout}</div>
    </div>
  );
}

export function AppealForm({
  actionId,
  onAppealed,
  autoFocus = false,
}: {
  actionId: string;
  onAppealed: () => void;
  /** Puts the caret in the text at once (when a button has just opened the form). */
  autoFocus?: boolean;
}) {
  const t = useT();
  const textId = useId();
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState('');
  const [formError, setFormError] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = formText(new FormData(event.currentTarget), 'text');
    if (text === '') {
      setFieldError(t('moderation.suspended.appealMissing'));
      return;
    }
    setBusy(true);
    setFieldError('');
    setFormError('');
    appealAction(actionId, text).then(onAppealed, (error: unknown) => {
      setBusy(false);
      const shown = toUiError(error, ['text']);
      if (shown.field) setFieldError(shown.sentence);
      else setFormError(shown.sentence);
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <p>{t('moderation.suspended.appealIntro')}</p>
      <div className="form-field">
        <label htmlFor={textId}>{t('moderation.suspended.appealText')}</label>
        <textarea
          id={textId}
          name="text"
          rows={4}
          maxLength={APPEAL_TEXT_MAX}
          autoFocus={autoFocus}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${textId}-error` : undefined}
        />
        {fieldError ? (
          <p id={`${textId}-error`} className="field-error">
            {fieldError}
          </p>
        ) : null}
      </div>
      <FormError>{formError}</FormError>
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? t('moderation.suspended.appealSending') : t('moderation.suspended.appealSend')}
        </button>
      </div>
    </form>
  );
}
