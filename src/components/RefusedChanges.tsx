import { useRef, useState } from 'react';
import type { PendingChange } from '@/lib/offline/changes';
import { Popup } from './Popup';
import { RefusedChangeItem } from './RefusedChangeItem';
import { refusedCount } from './changeText';

export interface RefusedChangesProps {
  /** The waiting changes the server refused, oldest first. */
  changes: readonly PendingChange[];
}

/** The status bar's "N changes were refused" button and the window that lists them. */
export function RefusedChanges({ changes }: RefusedChangesProps) {
  const [open, setOpen] = useState(false);
  const introRef = useRef<HTMLParagraphElement>(null);
  // The handled change leaves the list with its buttons: focus stays in the window, on its first line.
  const focusIntro = () => introRef.current?.focus();

  return (
    <>
      {changes.length > 0 ? (
        <button type="button" className="status-refused" onClick={() => setOpen(true)}>
          {refusedCount(changes.length)}
        </button>
      ) : null}
      <Popup open={open} title="Refused changes" onClose={() => setOpen(false)}>
        <p ref={introRef} tabIndex={-1} className="refused-intro">
          {changes.length > 0
            ? 'The server did not save these changes. They stay on this device until you try again or discard them.'
            : 'No refused changes are left.'}
        </p>
        {changes.length > 0 ? (
          <ul className="refused-list">
            {changes.map((change) => (
              <RefusedChangeItem key={change.id} change={change} onSettled={focusIntro} />
            ))}
          </ul>
        ) : null}
        <p className="field-hint">
          To correct an entry, open it on its page, change it and save: it is tried again.
        </p>
      </Popup>
    </>
  );
}
