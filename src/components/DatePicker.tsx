import { format } from 'date-fns';
import { useId, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { useT } from '@/i18n';
import { dateFnsLocale, formatDate } from '@/i18n/dates';
import { FieldError } from './FieldError';
import { Popup } from './Popup';
import { dayButtonLabel } from './dayButtonLabel';

export interface DatePickerProps {
  label: string;
  value: Date | undefined;
  onChange: (date: Date) => void;
  /** Form field name: the day is submitted as YYYY-MM-DD. */
  name?: string;
  weekStartsOn?: 0 | 1 | 2 | 3 | 4 | 5 | 6;
  /** Latest day that may be chosen (e.g. today for logs). */
  maxDate?: Date;
  /** Why the day chosen was refused, shown under the field and read with it. */
  error?: string | undefined;
}

/** A labelled button that opens a keyboard-navigable calendar in a popup. */
export function DatePicker({
  label,
  value,
  onChange,
  name,
  weekStartsOn = 1,
  maxDate,
  error,
}: DatePickerProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const shown = value ? formatDate(value, t('frame.date.day')) : t('frame.datePicker.choose');
  return (
    <div className="date-picker">
      <span id={labelId} className="field-label">
        {label}
      </span>
      <button
        type="button"
        className="date-picker-trigger"
        // The label, then the date shown: the name holds the visible text (WCAG 2.5.3).
        aria-labelledby={`${labelId} ${labelId}-value`}
        aria-haspopup="dialog"
        aria-describedby={error ? `${labelId}-error` : undefined}
        onClick={() => setOpen(true)}
      >
        <span id={`${labelId}-value`}>{shown}</span>
      </button>
      <FieldError id={`${labelId}-error`}>{error}</FieldError>
      {name ? <input type="hidden" name={name} value={value ? format(value, 'yyyy-MM-dd') : ''} /> : null}
      <Popup open={open} title={label} onClose={() => setOpen(false)}>
        <DayPicker
          mode="single"
          required
          autoFocus
          selected={value}
          defaultMonth={value}
          weekStartsOn={weekStartsOn}
          locale={dateFnsLocale()}
          disabled={maxDate ? { after: maxDate } : undefined}
          labels={{
            labelDayButton: (date, modifiers) => dayButtonLabel(date, modifiers),
            labelNext: () => t('frame.datePicker.nextMonth'),
            labelPrevious: () => t('frame.datePicker.previousMonth'),
          }}
          onSelect={(day: Date | undefined) => {
            if (!day) return;
            onChange(day);
            setOpen(false);
          }}
        />
      </Popup>
    </div>
  );
}
