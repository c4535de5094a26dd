import { Ellipsis } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useOutsidePointer } from './useOutsidePointer';

export interface MenuChoice {
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
}

export interface MoreMenuProps {
  /** The button's accessible name, e.g. "More actions for this workout". */
  label: string;
  choices: readonly MenuChoice[];
}

/**
 * A "⋯" button that opens a menu of actions (the menu button pattern): arrow keys, Home and End
 * move between the choices, Escape closes the menu and returns to the button, Tab closes it.
 */
export function MoreMenu({ label, choices }: MoreMenuProps) {
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = useId();

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (open) items()[0]?.focus();
  }, [open]);

  const dismiss = useCallback(() => setOpen(false), []);
  useOutsidePointer(wrapper, open, dismiss);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = items();
    const at = all.findIndex((item) => item === document.activeElement);
    const move = (index: number) => all[(index + all.length) % all.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        move(at + 1);
        break;
      case 'ArrowUp':
        move(at - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(all.length - 1);
        break;
      case 'Escape':
        // Closes the menu only, not the window around it.
        close();
        break;
      case 'Tab':
        setOpen(false);
        return;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div className="more-menu" ref={wrapper}>
      <button
        ref={button}
        type="button"
        className="more-menu-button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((shown) => !shown)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Ellipsis className="icon" aria-hidden="true" />
      </button>
      {open ? (
        <ul
          id={menuId}
          ref={menu}
          className="more-menu-list"
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKey}
        >
          {choices.map((choice) => (
            <li key={choice.label} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  close();
                  choice.onSelect();
                }}
              >
                {choice.icon}
                {choice.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
