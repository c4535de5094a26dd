import { useEffect, useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { DatePicker } from '@/components/DatePicker';
import { Popup } from '@/components/Popup';
import { addDays } from '@/domain/calendarDays';
import { MEAL_TYPES } from '@/domain/contract';
import { dateToDay, dayToDate } from '@/lib/days';
import { useT } from '@/i18n';
import type { NutritionActionResult } from '../actionResult';
import { MEAL_TYPE_LABELS } from '../mealTypes';
import { refusalIn } from '@/lib/routeActions';

export interface CopyMealsWindowProps {
  open: boolean;
  onClose: () => void;
  /** The day the meals are copied to. */
  day: string;
}

/** Copies a whole day, or one of its meals, from another day to this one. */
export function CopyMealsWindow({ open, onClose, day }: CopyMealsWindowProps) {
  const t = useT();
  return (
    <Popup open={open} title={t('nutrition.copy.title')} onClose={onClose}>
      <CopyForm key={day} day={day} onDone={onClose} />
    </Popup>
  );
}

function CopyForm({ day, onDone }: { day: string; onDone: () => void }) {
  const t = useT();
  const fetcher = useFetcher<NutritionActionResult>();
  const [from, setFrom] = useState<Date>(dayToDate(addDays(day, -1)));
  const sectionId = useId();
  const copied = fetcher.state === 'idle' && fetcher.data?.kind === 'copied' ? fetcher.data.count : undefined;

  useEffect(() => {
    if (copied !== undefined && copied > 0) onDone();
  }, [copied, onDone]);

  return (
    <fetcher.Form method="post" className="copy-form">
      <input type="hidden" name="intent" value="copy" />
      <input type="hidden" name="toDate" value={day} />
      <DatePicker label={t('nutrition.copy.from')} name="fromDate" value={from} onChange={setFrom} />
      <div className="form-field">
        <label htmlFor={sectionId}>{t('nutrition.copy.what')}</label>
        <select id={sectionId} name="mealType" defaultValue="">
          <option value="">{t('nutrition.copy.wholeDay')}</option>
          {MEAL_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(MEAL_TYPE_LABELS[type])}
            </option>
          ))}
        </select>
      </div>
      {dateToDay(from) === day ? <p className="field-error">{t('nutrition.copy.sameDay')}</p> : null}
      <p role="status" className="form-notice">
        {copied === 0 ? t('nutrition.copy.nothing') : (refusalIn(fetcher.data)?.formError ?? '')}
      </p>
      <div className="form-actions">
        <button
          type="submit"
          className="button-primary"
          disabled={fetcher.state !== 'idle' || dateToDay(from) === day}
        >
          {fetcher.state !== 'idle' ? t('nutrition.copy.copying') : t('nutrition.copy.submit')}
        </button>
      </div>
    </fetcher.Form>
  );
}
