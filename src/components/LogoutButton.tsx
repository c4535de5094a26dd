import { useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { useT } from '@/i18n';
import { useOutbox } from '@/lib/offline/outboxState';
import { Popup } from './Popup';

/**
 * Logs out at once, unless changes made on this device have not been sent: then the person
 * chooses whether this device keeps them for their next log-in or discards them.
 */
export function LogoutButton() {
  const t = useT();
  const logout = useFetcher();
  const { changes } = useOutbox();
  const [confirming, setConfirming] = useState(false);
  const keepHintId = useId();
  const busy = logout.state !== 'idle';
  const unsent = changes.length;

  return (
    <>
      <logout.Form method="post" action="/">
        <button
          type="submit"
          name="intent"
          value="logout"
          className="button-secondary"
          disabled={busy}
          onClick={(event) => {
            if (unsent === 0) return;
            event.preventDefault();
            setConfirming(true);
          }}
        >
          {t('frame.logout.button')}
        </button>
      </logout.Form>
      <Popup open={confirming} title={t('frame.logout.title')} onClose={() => setConfirming(false)}>
        <p>{t('frame.logout.unsent', { count: unsent })}</p>
        <p id={keepHintId} className="field-hint">
          {t('frame.logout.keptHint')}
        </p>
        <logout.Form method="post" action="/" className="logout-choices">
          <input type="hidden" name="intent" value="logout" />
          <button type="button" className="button-secondary" autoFocus onClick={() => setConfirming(false)}>
            {t('frame.logout.stay')}
          </button>
          <button
            type="submit"
            name="queued"
            value="keep"
            className="button-primary"
            aria-describedby={keepHintId}
            disabled={busy}
          >
            {unsent === 1 ? t('frame.logout.keepOne') : t('frame.logout.keepMany')}
          </button>
          <button type="submit" name="queued" value="discard" className="button-danger" disabled={busy}>
            {unsent === 1 ? t('frame.logout.discardOne') : t('frame.logout.discardMany')}
          </button>
        </logout.Form>
      </Popup>
    </>
  );
}
