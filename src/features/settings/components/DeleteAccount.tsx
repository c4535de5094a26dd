import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormField } from '@/components/FormField';
import { Popup } from '@/components/Popup';
import { DELETED_KINDS } from '@/domain/dataExport';
import { errorSentence, isParseLikeError } from '@/lib/errors';
import { deleteMyAccount } from '../api';

/** Where the person lands once the account is gone; the log-in page shows the notice. */
export const ACCOUNT_DELETED_PATH = '/login?notice=account-deleted';

/** Deletes the account and all its data for good, after the person confirms with their password. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  return (
    <section className="card account-delete" aria-labelledby="account-delete-heading">
      <h2 id="account-delete-heading">Delete account</h2>
      <p>Deleting your account removes it and everything in it for good. It cannot be undone.</p>
      <button type="button" className="button-danger" onClick={() => setOpen(true)}>
        Delete my account
      </button>
      <Popup open={open} title="Delete your account?" onClose={() => setOpen(false)}>
        <DeleteAccountForm onCancel={() => setOpen(false)} />
      </Popup>
    </section>
  );
}

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [passwordError, setPasswordError] = useState('');
  const [formError, setFormError] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = new FormData(event.currentTarget).get('password');
    if (typeof password !== 'string' || password === '') {
      setPasswordError('Please enter your password.');
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
        if (isParseLikeError(error) && error.code === 142) setPasswordError(errorSentence(error));
        else setFormError(errorSentence(error));
      });
  };

  return (
    <form className="account-delete-form" onSubmit={submit} noValidate>
      <p>This deletes, for good:</p>
      <ul className="account-delete-kinds">
        {DELETED_KINDS.map((kind) => (
          <li key={kind}>{kind}</li>
        ))}
      </ul>
      <p>
        Other people keep their own data; messages your friends wrote to you stay in their chats. Download
        your data first if you want a copy.
      </p>
      <FormField
        label="Your password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        autoFocus
        error={passwordError || undefined}
      />
      {formError ? (
        <p role="alert" className="form-error">
          {formError}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button-danger" disabled={busy}>
          {busy ? 'Deleting…' : 'Delete my account for good'}
        </button>
        <button type="button" className="button-secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
