import { useId, useState, type ReactNode } from 'react';

export interface TooltipProps {
  /** The explanation shown on hover or keyboard focus. */
  content: ReactNode;
  /** Accessible name of the trigger button. */
  label: string;
  children?: ReactNode;
}

/** A small "i" button whose explanation shows on hover and focus and hides with Escape. */
export function Tooltip({ content, label, children = 'i' }: TooltipProps) {
  const [visible, setVisible] = useState(false);
  const tooltipId = useId();
  return (
    <span className="tooltip" onMouseEnter={() => setVisible(true)} onMouseLeave={() => setVisible(false)}>
      <button
        type="button"
        className="tooltip-trigger"
        aria-label={label}
        aria-describedby={visible ? tooltipId : undefined}
        onFocus={() => setVisible(true)}
        onBlur={() => setVisible(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setVisible(false);
        }}
      >
        {children}
      </button>
      {visible ? (
        <span role="tooltip" id={tooltipId} className="tooltip-content">
          {content}
        </span>
      ) : null}
    </span>
  );
}
