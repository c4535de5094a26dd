import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { DatePicker } from '@/components/DatePicker';
import { FormError } from '@/components/FormError';
import { FormField } from '@/components/FormField';
import { Popup } from '@/components/Popup';
import { SaveOrDelete } from '@/components/SaveOrDelete';
import {
  MEASUREMENT_FIELDS,
  type BodyMeasurementRow,
  type MeasurementField,
} from '@/domain/bodyMeasurements';
import { cmToDisplay, girthUnitLabel, type Units } from '@/domain/units';
import { useT } from '@/i18n';
import { refusalIn } from '@/lib/routeActions';
import type { MeasurementActionResult } from '../actionResult';
import { MEASUREMENT_LABELS } from '../form';

export interface MeasurementEditWindowProps {
  open: boolean;
  onClose: () => void;
  /** The day to edit, or null for a new one today. */
  row: BodyMeasurementRow | null;
  units: Units;
}

/** The measurement window: add, change or delete a day's measurements. */
export function MeasurementEditWindow({ open, onClose, row, units }: MeasurementEditWindowProps) {
  const t = useT();
  return (
    <Popup
      open={open}
      title={row ? t('weight.measurements.edit.editTitle') : t('weight.measurements.edit.addTitle')}
      onClose={onClose}
    >
      <MeasurementForm key={row?.id ?? 'new'} row={row} units={units} onDone={onClose} />
    </Popup>
  );
}

/** A stored value as the field shows it: the person's unit, to a tenth. */
function shownValue(field: MeasurementField, value: number | null, units: Units): string {
  if (value === null) return '';
  const shown = field === 'bodyFatPct' ? value : cmToDisplay(value, units);
  return String(Math.round(shown * 10) / 10);
}

function MeasurementForm({
  row,
  units,
  onDone,
}: {
  row: BodyMeasurementRow | null;
  units: Units;
  onDone: () => void;
}) {
  const t = useT();
  const fetcher = useFetcher<MeasurementActionResult>();
  // A new day is taken at 08:00, as an imported date alone is: the same day twice is found again.
  const measuredAt = row ? new Date(row.measuredAt) : new Date(new Date().setHours(8, 0, 0, 0));
  const [date, setDate] = useState<Date>(measuredAt);
  const busy = fetcher.state !== 'idle';
  const done = fetcher.data?.kind === 'done';
  const refusal = refusalIn(fetcher.data);
  const errors = refusal?.fieldErrors ?? {};
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  const unit = girthUnitLabel(units);

  useEffect(() => {
    if (fetcher.state === 'idle' && done) onDone();
  }, [fetcher.state, done, onDone]);

  return (
    <fetcher.Form method="post" className="measurement-form" noValidate>
      <input type="hidden" name="units" value={units} />
      <input type="hidden" name="time" value={format(measuredAt, 'HH:mm')} />
      {row ? <input type="hidden" name="id" value={row.id} /> : null}
      <DatePicker
        label={t('weight.measurements.date')}
        name="date"
        value={date}
        onChange={setDate}
        maxDate={tomorrow}
        error={errors.date}
      />
      <p className="field-hint">{t('weight.measurements.edit.hint', { unit })}</p>
      <div className="form-row">
        {MEASUREMENT_FIELDS.map((field, index) => (
          <FormField
            key={field}
            label={t('weight.measurements.edit.fieldIn', {
              field: t(MEASUREMENT_LABELS[field]),
              unit: field === 'bodyFatPct' ? '%' : unit,
            })}
            name={field}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            autoFocus={index === 0}
            defaultValue={shownValue(field, row?.[field] ?? null, units)}
            error={errors[field]}
          />
        ))}
      </div>
      <FormError>{refusal?.formError}</FormError>
      <SaveOrDelete
        thing={t('weight.measurements.edit.thing')}
        busy={busy}
        canDelete={row !== null}
        confirmQuestion={t('weight.measurements.edit.confirmDelete')}
        intents={{ save: 'measurementSave', delete: 'measurementDelete' }}
      />
    </fetcher.Form>
  );
}
