import { FieldError } from '@/components/FieldError';
import { invalidProps } from '@/components/invalidProps';
import { format } from 'date-fns';
import { useEffect, useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { DatePicker } from '@/components/DatePicker';
import { FormField } from '@/components/FormField';
import { Popup } from '@/components/Popup';
import { SaveOrDelete } from '@/components/SaveOrDelete';
import { WeightInput } from '@/components/WeightInput';
import type { WeightUnit } from '@/domain/units';
import type { WeightEntryRow } from '@/domain/weight';
import { useT } from '@/i18n';
import type { WeightActionResult } from '../actionResult';
import { weightEntryRules } from '@/domain/contract';
import { inputLimits } from '@/domain/fieldRules';
import { FormError } from '@/components/FormError';
import { refusalIn } from '@/lib/routeActions';

export interface WeightEditWindowProps {
  open: boolean;
  onClose: () => void;
  /** The weigh-in to edit, or null for a new one now. */
  entry: WeightEntryRow | null;
  unit: WeightUnit;
  /** The last weigh-in's weight: a new one starts from it, so a steady weight is saved in one tap. */
  lastWeightKg?: number | null | undefined;
}

/** The weight edit window: add, change or delete one weigh-in. */
export function WeightEditWindow({ open, onClose, entry, unit, lastWeightKg }: WeightEditWindowProps) {
  const t = useT();
  return (
    <Popup
      open={open}
      title={entry ? t('weight.edit.editTitle') : t('weight.edit.addTitle')}
      onClose={onClose}
    >
      <WeightForm
        key={entry?.id ?? 'new'}
        entry={entry}
        unit={unit}
        lastWeightKg={lastWeightKg ?? null}
        onDone={onClose}
      />
    </Popup>
  );
}

function WeightForm({
  entry,
  unit,
  lastWeightKg,
  onDone,
}: {
  entry: WeightEntryRow | null;
  unit: WeightUnit;
  lastWeightKg: number | null;
  onDone: () => void;
}) {
  const t = useT();
  const fetcher = useFetcher<WeightActionResult>();
  const measuredAt = entry ? new Date(entry.measuredAt) : new Date();
  const [date, setDate] = useState<Date>(measuredAt);
  const noteId = useId();
  const busy = fetcher.state !== 'idle';
  const done = fetcher.data?.kind === 'done';
  const refusal = refusalIn(fetcher.data);
  const errors = refusal?.fieldErrors ?? {};
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);

  useEffect(() => {
    if (fetcher.state === 'idle' && done) onDone();
  }, [fetcher.state, done, onDone]);

  return (
    <fetcher.Form method="post" className="weight-form" noValidate>
      <input type="hidden" name="unit" value={unit} />
      {entry ? <input type="hidden" name="id" value={entry.id} /> : null}
      <WeightInput
        unit={unit}
        name="weight"
        label={t('weight.edit.weight')}
        defaultKg={entry ? entry.weightKg : lastWeightKg}
        error={errors.weight}
        autoFocus
      />
      <div className="form-row">
        <DatePicker
          label={t('weight.edit.date')}
          name="date"
          value={date}
          onChange={setDate}
          maxDate={tomorrow}
          error={errors.date}
        />
        <FormField
          label={t('weight.edit.time')}
          name="time"
          type="time"
          required
          defaultValue={format(measuredAt, 'HH:mm')}
          error={errors.time}
        />
      </div>
      <FormField
        label={t('weight.edit.bodyFat')}
        name="bodyFatPct"
        type="number"
        inputMode="decimal"
        step="any"
        {...inputLimits(weightEntryRules.bodyFatPct)}
        hint={t('weight.edit.optional')}
        defaultValue={entry?.bodyFatPct ?? ''}
        error={errors.bodyFatPct}
      />
      <div className="form-field">
        <label htmlFor={noteId}>{t('weight.edit.note')}</label>
        <input
          id={noteId}
          name="note"
          {...inputLimits(weightEntryRules.note)}
          defaultValue={entry?.note ?? ''}
          {...invalidProps(`${noteId}-error`, errors.note)}
        />
        <FieldError id={`${noteId}-error`}>{errors.note}</FieldError>
      </div>
      <FormError>{refusal?.formError}</FormError>
      <SaveOrDelete
        thing={t('weight.edit.thing')}
        busy={busy}
        canDelete={entry !== null}
        confirmQuestion={t('weight.edit.confirmDelete')}
      />
    </fetcher.Form>
  );
}
