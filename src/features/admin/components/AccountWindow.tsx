import { useId, useRef, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { FormError } from '@/components/FormError';
import { Popup } from '@/components/Popup';
import { ACTION_REASON_MAX, type AdminUserRow } from '@/domain/moderation';
import { useT } from '@/i18n';
import { toUiError } from '@/lib/errors';
import { formText } from '@/lib/formValues';
import { deleteAccount, sendPasswordReset } from '../api';

/** An admin's action on an account, asked for from the people list. */
export interface AccountRequest {
  kind: 'reset' | 'delete';
  person: AdminUserRow;
}

export interface AccountWindowProps {
  /** The action to confirm; null keeps the window closed. */
  request: AccountRequest | null;
  onClose: () => void;
  /** The action is done and the list shows it: `notice` says what happened. */
  onDone: (notice: string, request: AccountRequest) => void;
}

/**
 * The confirm step of a password reset or an account's deletion: a reason for the record, and for
 * a deletion the username typed out, since nothing brings the account back.
 */
export function AccountWindow({ request, onClose, onDone }: AccountWindowProps) {
  const t = useT();
  const name = request ? request.person.username : '';
  return (
    <Popup
      open={request !== null}
      title={
        request
          ? t(request.kind === 'reset' ? 'admin.people.resetTitle' : 'admin.people.deleteTitle', { name })
          : ''
      }
      onClose={onClose}
    >
      {request ? (
        <AccountForm
          key={`${request.kind}:${request.person.userId}`}
          request={request}
          onClose={onClose}
          onDone={onDone}
        />
      ) : null}
    </Popup>
  );
}

type Errors = { reason?: string; confirm?: string; form?: string };

function AccountForm({ request, onClose, onDone }: AccountWindowProps & { request: AccountRequest }) {
  const t = useT();
  const { revalidate } = useRevalidator();
  const reasonId = useId();
  const confirmId = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const { kind, person } = request;
  const deleting = kind === 'delete';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const reason = formText(form, 'reason');
    if (reason === '') {
      setErrors({ reason: t('moderation.act.reasonMissing') });
      reasonRef.current?.focus();
      return;
    }
    if (deleting && formText(form, 'confirm') !== person.username) {
      setErrors({ confirm: t('admin.people.confirmMismatch', { username: person.username }) });
      confirmRef.current?.focus();
      return;
    }
    setBusy(true);
    setErrors({});
    const act = deleting ? deleteAccount : sendPasswordReset;
    act(person.userId, reason)
      .then(async () => {
        await revalidate();
        onDone(
          t(deleting ? 'admin.people.deleted' : 'admin.people.resetSent', { name: person.username }),
          request,
        );
      })
      .catch((error: unknown) => {
        setBusy(false);
        const shown = toUiError(error, ['reason']);
        setErrors(shown.field === 'reason' ? { reason: shown.sentence } : { form: shown.sentence });
      });
  };

  return (
    <form className="admin-account-form" onSubmit={submit} noValidate>
      <p>{t(deleting ? 'admin.people.deleteIntro' : 'admin.people.resetIntro', { name: person.username })}</p>
      <div className="form-field">
        <label htmlFor={reasonId}>{t(deleting ? 'admin.people.deleteReason' : 'admin.people.reason')}</label>
        <textarea
          id={reasonId}
          ref={reasonRef}
          name="reason"
          rows={3}
          maxLength={ACTION_REASON_MAX}
          autoFocus
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${reasonId}-error` : undefined}
        />
        {errors.reason ? (
          <p id={`${reasonId}-error`} className="field-error">
            {errors.reason}
          </p>
        ) : null}
      </div>
      {deleting ? (
        <div className="form-field">
          <label htmlFor={confirmId}>
            {t('admin.people.confirmUsername', { username: person.username })}
          </label>
          <input
            id={confirmId}
            ref={confirmRef}
            name="confirm"
            type="text"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={errors.confirm ? true : undefined}
            aria-describedby={errors.confirm ? `${confirmId}-error` : undefined}
          />
          {errors.confirm ? (
            <p id={`${confirmId}-error`} className="field-error">
              {errors.confirm}
            </p>
          ) : null}
        </div>
      ) : null}
      <FormError>{errors.form}</FormError>
      <div className="form-actions">
        <button type="button" className="button-secondary" onClick={onClose}>
          {t('admin.people.cancel')}
        </button>
        <button type="submit" className={deleting ? 'button-danger' : 'button-primary'} disabled={busy}>
          {t(deleting ? 'admin.people.deleteConfirm' : 'admin.people.resetSend')}
        </button>
      </div>
    </form>
  );
}
