import { useEffect, useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { DatePicker } from '@/components/DatePicker';
import { Popup } from '@/components/Popup';
import { addDays } from '@/domain/calendarDays';
import { MEAL_TYPES } from '@/domain/contract';
import { dateToDay, dayToDate } from '@/lib/days';
import type { NutritionActionResult } from '../actionResult';
import { MEAL_TYPE_LABELS } from '../mealTypes';

export interface CopyMealsWindowProps {
  open: boolean;
  onClose: () => void;
  /** The day the meals are copied to. */
  day: string;
}

/** Copies a whole day, or one of its meals, from another day to this one. */
export function CopyMealsWindow({ open, onClose, day }: CopyMealsWindowProps) {
  return (
    <Popup open={open} title="Copy meals from another day" onClose={onClose}>
      <CopyForm key={day} day={day} onDone={onClose} />
    </Popup>
  );
}

function CopyForm({ day, onDone }: { day: string; onDone: () => void }) {
  const fetcher = useFetcher<NutritionActionResult>();
  const [from, setFrom] = useState<Date>(dayToDate(addDays(day, -1)));
  const sectionId = useId();
  const copied = fetcher.state === 'idle' ? fetcher.data?.copied : undefined;

  useEffect(() => {
    if (copied !== undefined && copied > 0) onDone();
  }, [copied, onDone]);

  return (
    <fetcher.Form method="post" className="copy-form">
      <input type="hidden" name="intent" value="copy" />
      <input type="hidden" name="toDate" value={day} />
      <DatePicker label="Copy from" name="fromDate" value={from} onChange={setFrom} />
      <div className="form-field">
        <label htmlFor={sectionId}>What to copy</label>
        <select id={sectionId} name="mealType" defaultValue="">
          <option value="">The whole day</option>
          {MEAL_TYPES.map((type) => (
            <option key={type} value={type}>
              {MEAL_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </div>
      {dateToDay(from) === day ? <p className="field-error">Choose another day than this one.</p> : null}
      <p role="status" className="form-notice">
        {copied === 0 ? 'That day has nothing to copy.' : (fetcher.data?.formError ?? '')}
      </p>
      <div className="form-actions">
        <button
          type="submit"
          className="button-primary"
          disabled={fetcher.state !== 'idle' || dateToDay(from) === day}
        >
          {fetcher.state !== 'idle' ? 'Copying…' : 'Copy'}
        </button>
      </div>
    </fetcher.Form>
  );
}
