import { useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { useOutbox } from '@/lib/offline/outboxState';
import { Popup } from './Popup';
import { changeCount } from './changeText';

/**
 * Logs out at once, unless changes made on this device have not been sent: then the person
 * chooses whether this device keeps them for their next log-in or discards them.
 */
export function LogoutButton() {
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
          Log out
        </button>
      </logout.Form>
      <Popup open={confirming} title="Log out?" onClose={() => setConfirming(false)}>
        <p>
          {changeCount(unsent)} on this device {unsent === 1 ? 'has' : 'have'} not been sent yet.
        </p>
        <p id={keepHintId} className="field-hint">
          Kept changes are sent the next time you log in to this account on this device.
        </p>
        <logout.Form method="post" action="/" className="logout-choices">
          <input type="hidden" name="intent" value="logout" />
          <button type="button" className="button-secondary" autoFocus onClick={() => setConfirming(false)}>
            Stay logged in
          </button>
          <button
            type="submit"
            name="queued"
            value="keep"
            className="button-primary"
            aria-describedby={keepHintId}
            disabled={busy}
          >
            Log out and keep {unsent === 1 ? 'it' : 'them'} here
          </button>
          <button type="submit" name="queued" value="discard" className="button-danger" disabled={busy}>
            Log out and discard {unsent === 1 ? 'it' : 'them'}
          </button>
        </logout.Form>
      </Popup>
    </>
  );
}
