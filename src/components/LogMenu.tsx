import { Activity, Dumbbell, Plus, Scale, UtensilsCrossed, type LucideIcon } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useOutsidePointer } from './useOutsidePointer';
import { Link, useLocation } from 'react-router';
import { LOG_KINDS, logPath, type LogKind } from '@/domain/logging';
import { useT, type MessageId } from '@/i18n';

const ENTRIES: Readonly<Record<LogKind, { label: MessageId; icon: LucideIcon }>> = {
  workout: { label: 'frame.log.workout', icon: Activity },
  strength: { label: 'frame.log.strength', icon: Dumbbell },
  meal: { label: 'frame.log.meal', icon: UtensilsCrossed },
  'weigh-in': { label: 'frame.log.weighIn', icon: Scale },
};

export interface LogMenuProps {
  /** In the phone's bottom bar the list opens upwards; in the desktop header, downwards. */
  placement: 'bar' | 'header';
}

/**
 * The one "+" that logs: a workout, a meal or a weigh-in, each opening its page's window at once.
 * A disclosure (a button and the list it shows): Escape or a tap elsewhere closes it.
 */
export function LogMenu({ placement }: LogMenuProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { key } = useLocation();
  const [shownAt, setShownAt] = useState(key);
  // Going to another page closes it.
  if (shownAt !== key) {
    setShownAt(key);
    setOpen(false);
  }

  useOutsidePointer(rootRef, open, close);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className={`log-menu log-menu-${placement}`} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="log-menu-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((shown) => !shown)}
      >
        <Plus className="icon" aria-hidden="true" />
        <span>{t('frame.log.button')}</span>
      </button>
      <ul id={listId} className="log-menu-list" hidden={!open}>
        {LOG_KINDS.map((kind) => {
          const { label, icon: Icon } = ENTRIES[kind];
          return (
            <li key={kind}>
              <Link to={logPath(kind)} onClick={() => setOpen(false)}>
                <Icon className="icon icon-lead" aria-hidden="true" />
                {t(label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
