import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormField } from '@/components/FormField';
import { Popup } from '@/components/Popup';
import { DELETED_KINDS } from '@/domain/dataExport';
import { useT } from '@/i18n';
import { toUiError } from '@/lib/errors';
import { deleteMyAccount } from '../api';
import { FormError } from '@/components/FormError';

/** Where the person lands once the account is gone; the log-in page shows the notice. */
export const ACCOUNT_DELETED_PATH = '/login?notice=account-deleted';

/** Deletes the account and all its data for good, after the person confirms with their password. */
export function DeleteAccount() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <section className="card account-delete" aria-labelledby="account-delete-heading">
      <h2 id="account-delete-heading">{t('settings.delete.title')}</h2>
      <p>{t('settings.delete.intro')}</p>
      <button type="button" className="button-danger" onClick={() => setOpen(true)}>
        {t('settings.delete.open')}
      </button>
      <Popup open={open} title={t('settings.delete.popupTitle')} onClose={() => setOpen(false)}>
        <DeleteAccountForm onCancel={() => setOpen(false)} />
      </Popup>
    </section>
  );
}

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [passwordError, setPasswordError] = useState('');
  const [formError, setFormError] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = new FormData(event.currentTarget).get('password');
    if (typeof password !== 'string' || password === '') {
      setPasswordError(t('settings.delete.passwordMissing'));
      return;
    }
    setBusy(true);
    setPasswordError('');
    setFormError('');
    void deleteMyAccount(password)
      .then(() => navigate(ACCOUNT_DELETED_PATH, { replace: true }))
      .catch((error: unknown) => {
        setBusy(false);
        // A wrong password is the field's problem; anything else concerns the whole request.
        const shown = toUiError(error, ['password']);
        if (shown.field) setPasswordError(shown.sentence);
        else setFormError(shown.sentence);
      });
  };

  return (
    <form className="account-delete-form" onSubmit={submit} noValidate>
      <p>{t('settings.delete.listIntro')}</p>
      <ul className="account-delete-kinds">
        {DELETED_KINDS.map((kind) => (
          <li key={kind}>{kind}</li>
        ))}
      </ul>
      <p>{t('settings.delete.othersKeep')}</p>
      <FormField
        label={t('settings.delete.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        autoFocus
        error={passwordError || undefined}
      />
      <FormError>{formError}</FormError>
      <div className="form-actions">
        <button type="submit" className="button-danger" disabled={busy}>
          {busy ? t('settings.delete.deleting') : t('settings.delete.confirm')}
        </button>
        <button type="button" className="button-secondary" disabled={busy} onClick={onCancel}>
          {t('settings.cancel')}
        </button>
      </div>
    </form>
  );
}
