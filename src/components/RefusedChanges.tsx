import { useRef, useState } from 'react';
import { useT } from '@/i18n';
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
  const t = useT();
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
      <Popup open={open} title={t('frame.refused.title')} onClose={() => setOpen(false)}>
        <p ref={introRef} tabIndex={-1} className="refused-intro">
          {changes.length > 0 ? t('frame.refused.intro') : t('frame.refused.none')}
        </p>
        {changes.length > 0 ? (
          <ul className="refused-list">
            {changes.map((change) => (
              <RefusedChangeItem key={change.id} change={change} onSettled={focusIntro} />
            ))}
          </ul>
        ) : null}
        <p className="field-hint">{t('frame.refused.hint')}</p>
      </Popup>
    </>
  );
}
