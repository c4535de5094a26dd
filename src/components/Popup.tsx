import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useT } from '@/i18n';

export interface PopupProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Controls beside the close button (a window's menu). */
  actions?: ReactNode;
  /** Move the focus to the title when the window opens (a window to read rather than fill in). */
  focusTitle?: boolean;
}

/**
 * An accessible modal window on the platform's <dialog>: focus moves in and is trapped, Escape
 * closes, and focus returns to what opened it.
 */
export function Popup({ open, title, onClose, children, actions, focusTitle = false }: PopupProps) {
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<Element | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // The content mounts only after the dialog is shown, so its autoFocus lands inside the dialog
  // and the element that opened it is still known.
  const [contentShown, setContentShown] = useState(false);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement;
      dialog.showModal();
      if (focusTitle) titleRef.current?.focus();
      setContentShown(true);
    } else if (!open && openerRef.current) {
      if (dialog.open) dialog.close();
      setContentShown(false);
      const opener = openerRef.current;
      openerRef.current = null;
      if (opener instanceof HTMLElement) opener.focus();
    }
  }, [open, focusTitle]);

  return (
    <dialog
      ref={dialogRef}
      className="popup"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === dialogRef.current) onClose();
      }}
    >
      <div className="popup-header">
        <h2 id={titleId} ref={titleRef} tabIndex={focusTitle ? -1 : undefined}>
          {title}
        </h2>
        {actions}
        <button type="button" className="popup-close" aria-label={t('frame.popup.close')} onClick={onClose}>
          <X className="icon" />
        </button>
      </div>
      {open && contentShown ? <div className="popup-body">{children}</div> : null}
    </dialog>
  );
}
