import { useState } from 'react';
import { useT } from '@/i18n';

export interface SaveOrDeleteProps {
  /**
   * The translated noun, e.g. "workout": the buttons read "Save workout" and "Delete workout"
   * (common.edit.save and common.edit.deleteThing put it where the language wants it).
   */
  thing: string;
  busy: boolean;
  /** Offer Delete (for a saved item). */
  canDelete: boolean;
  /** The question asked once before deleting. */
  confirmQuestion: string;
  /** The `intent` values the buttons submit, where a page's form has others than save and delete. */
  intents?: { save: string; delete: string };
}

const DEFAULT_INTENTS = { save: 'save', delete: 'delete' } as const;

/**
 * The actions of an edit window: Save, and Delete that asks once. Both submit the form with
 * `intent` = `save` or `delete` (or the intents given).
 */
export function SaveOrDelete({
  thing,
  busy,
  canDelete,
  confirmQuestion,
  intents = DEFAULT_INTENTS,
}: SaveOrDeleteProps) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  if (confirming) {
    return (
      // Keyed apart from the actions below: if React reused the clicked Delete button's element as
      // the submit button, the browser would treat the very click that asked to confirm as a submit.
      <div key="confirm" className="confirm-delete" role="group" aria-label={t('frame.edit.confirmDelete')}>
        <p>{confirmQuestion}</p>
        <button
          type="submit"
          name="intent"
          value={intents.delete}
          className="button-danger"
          disabled={busy}
          autoFocus
        >
          {t('frame.edit.deleteThing', { thing })}
        </button>
        <button type="button" className="button-secondary" onClick={() => setConfirming(false)}>
          {t('frame.edit.keep')}
        </button>
      </div>
    );
  }
  return (
    <div key="actions" className="form-actions">
      <button type="submit" name="intent" value={intents.save} className="button-primary" disabled={busy}>
        {busy ? t('frame.edit.saving') : t('frame.edit.save', { thing })}
      </button>
      {canDelete ? (
        <button type="button" className="button-secondary" onClick={() => setConfirming(true)}>
          {t('frame.edit.delete')}
        </button>
      ) : null}
    </div>
  );
}
