import { useState } from 'react';

export interface SaveOrDeleteProps {
  /** e.g. "workout": the buttons read "Save workout" and "Delete workout". */
  thing: string;
  busy: boolean;
  /** Offer Delete (for a saved item). */
  canDelete: boolean;
  /** The question asked once before deleting. */
  confirmQuestion: string;
}

/**
 * The actions of an edit window: Save, and Delete that asks once. Both submit the form with
 * `intent` = `save` or `delete`.
 */
export function SaveOrDelete({ thing, busy, canDelete, confirmQuestion }: SaveOrDeleteProps) {
  const [confirming, setConfirming] = useState(false);
  if (confirming) {
    return (
      // Keyed apart from the actions below: if React reused the clicked Delete button's element as
      // the submit button, the browser would treat the very click that asked to confirm as a submit.
      <div key="confirm" className="confirm-delete" role="group" aria-label="Confirm delete">
        <p>{confirmQuestion}</p>
        <button
          type="submit"
          name="intent"
          value="delete"
          className="button-danger"
          disabled={busy}
          autoFocus
        >
          Delete {thing}
        </button>
        <button type="button" className="button-secondary" onClick={() => setConfirming(false)}>
          Keep it
        </button>
      </div>
    );
  }
  return (
    <div key="actions" className="form-actions">
      <button type="submit" name="intent" value="save" className="button-primary" disabled={busy}>
        {busy ? 'Saving…' : `Save ${thing}`}
      </button>
      {canDelete ? (
        <button type="button" className="button-secondary" onClick={() => setConfirming(true)}>
          Delete
        </button>
      ) : null}
    </div>
  );
}
