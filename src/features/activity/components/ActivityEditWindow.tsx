import { format } from 'date-fns';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { DatePicker } from '@/components/DatePicker';
import { FormField } from '@/components/FormField';
import { Popup } from '@/components/Popup';
import { WorkoutSharingFields } from './WorkoutSharingFields';
import { SaveOrDelete } from '@/components/SaveOrDelete';
import { ACTIVITY_TYPE_INFO, DEFAULT_BODY_WEIGHT_KG, takesDistance } from '@/domain/activity';
import { ACTIVITY_TYPES, activityRules, type ActivityType } from '@/domain/contract';
import type { ExerciseRow, LoggedExercise } from '@/domain/strength';
import { distanceUnitLabel, kmToDisplay, weightUnitFor, type Units } from '@/domain/units';
import { liftUnitFor, StrengthExercises } from '@/features/strength';
import { useT } from '@/i18n';
import { draftDay, draftFieldsOf, dropWorkoutDraft, keepWorkoutDraft, type DraftFields } from '../draft';
import type { ActivityFieldErrors } from '../form';
import type { ActivityRow } from '../types';
import { dayToDate } from '../days';
import { inputLimits } from '@/domain/fieldRules';
import { FormError } from '@/components/FormError';
import { EffortField } from './EffortField';
import { refusalIn, type Refused } from '@/lib/routeActions';

export const ACTIVITY_FETCHER_KEY = 'activity-edit';

/** What the start page's action answers about a workout. */
export type ActivityActionResult =
  /** Saved; `day` is the day it is on, `YYYY-MM-DD`. */
  | { kind: 'saved'; day: string }
  /** Deleted; `row` is what it was, to put back. */
  | { kind: 'deleted'; row: ActivityRow }
  | { kind: 'restored' }
  | Refused<ActivityFieldErrors>;

export interface ActivityEditWindowProps {
  open: boolean;
  onClose: () => void;
  /** The workout to edit, or null to log a new one on `day`. */
  activity: ActivityRow | null;
  day: string;
  units: Units;
  weekStartsOn: number;
  /** The exercises the day's strength workouts name. */
  knownExercises: readonly ExerciseRow[];
  /** The signed-in person: a new workout is kept on this device under their account as it is typed. */
  account?: string | undefined;
  /** A new workout's fields kept on this device before a reload, to carry on with. */
  draft?: DraftFields | null | undefined;
  /** The type a new workout starts as (a strength workout from the "+"), when there is no draft. */
  newType?: ActivityType | undefined;
}

/** The fields a new workout's draft keeps: what the person typed, not the form's context. */
const DRAFT_FIELDS = [
  'type',
  'date',
  'time',
  'durationMin',
  'distance',
  'caloriesKcal',
  'notes',
  'exercises',
  'effort',
];

/** A draft's exercises, or none when what was kept is not a list (the server checks the rest). */
function draftExercises(draft: DraftFields | null | undefined): LoggedExercise[] | undefined {
  if (!draft?.exercises) return undefined;
  try {
    const exercises: unknown = JSON.parse(draft.exercises);
    return Array.isArray(exercises) ? (exercises as LoggedExercise[]) : undefined;
  } catch {
    return undefined;
  }
}

function roundForDisplay(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** The activity edit window: log, change or delete one workout. */
export function ActivityEditWindow({
  open,
  onClose,
  activity,
  day,
  units,
  weekStartsOn,
  knownExercises,
  account,
  draft,
  newType,
}: ActivityEditWindowProps) {
  // Closed or saved, a new workout's draft has served: the next window starts empty.
  const close = useCallback(() => {
    if (!activity) dropWorkoutDraft();
    onClose();
  }, [activity, onClose]);
  const t = useT();
  return (
    <Popup
      open={open}
      title={activity ? t('activity.edit.editTitle') : t('activity.edit.logTitle')}
      onClose={close}
    >
      <ActivityForm
        key={activity?.id ?? `new-${day}`}
        activity={activity}
        day={day}
        units={units}
        weekStartsOn={weekStartsOn}
        knownExercises={knownExercises}
        account={activity ? undefined : account}
        draft={activity ? null : draft}
        newType={newType}
        onDone={close}
      />
    </Popup>
  );
}

interface ActivityFormProps {
  activity: ActivityRow | null;
  day: string;
  units: Units;
  weekStartsOn: number;
  knownExercises: readonly ExerciseRow[];
  account: string | undefined;
  draft: DraftFields | null | undefined;
  newType: ActivityType | undefined;
  onDone: () => void;
}

function ActivityForm({
  activity,
  day,
  units,
  weekStartsOn,
  knownExercises,
  account,
  draft,
  newType,
  onDone,
}: ActivityFormProps) {
  const t = useT();
  const fetcher = useFetcher<ActivityActionResult>({ key: ACTIVITY_FETCHER_KEY });
  const startedAt = activity ? new Date(activity.startedAt) : undefined;
  const [date, setDate] = useState<Date>(startedAt ?? dayToDate(draftDay(draft) ?? day));
  const [submitted, setSubmitted] = useState(false);
  const [type, setType] = useState<string>(activity?.type ?? (draft?.type || newType || 'run'));
  const form = useRef<HTMLFormElement>(null);
  // Every change of a new workout is kept at once (synchronously), a reload may come any moment.
  const keepDraft = useCallback(() => {
    if (account && form.current) keepWorkoutDraft(account, draftFieldsOf(form.current, DRAFT_FIELDS));
  }, [account]);
  const [restored] = useState(draft != null);
  // The date picker and the exercises change the form without an input event of their own.
  const changedDate = useRef(false);
  useEffect(() => {
    if (changedDate.current) keepDraft();
    changedDate.current = true;
  }, [date, keepDraft]);
  const ids = { type: useId(), notes: useId() };
  const busy = fetcher.state !== 'idle';
  const refusal = submitted ? refusalIn(fetcher.data) : undefined;
  const errors = refusal?.fieldErrors ?? {};
  const unit = distanceUnitLabel(units);
  // A workout that has a distance keeps its field, whatever its type, so a save never drops it.
  const showDistance = takesDistance(type) || activity?.distanceKm != null;
  // Starting from a routine or the last workout offers its length while none is typed.
  const offerDuration = useCallback(
    (minutes: number | undefined) => {
      const field = form.current?.elements.namedItem('durationMin');
      if (minutes === undefined || !(field instanceof HTMLInputElement) || field.value !== '') return;
      field.value = String(minutes);
      keepDraft();
    },
    [keepDraft],
  );

  useEffect(() => {
    if (
      submitted &&
      fetcher.state === 'idle' &&
      (fetcher.data?.kind === 'saved' || fetcher.data?.kind === 'deleted')
    )
      onDone();
  }, [submitted, fetcher.state, fetcher.data, onDone]);

  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);

  return (
    <fetcher.Form
      ref={form}
      method="post"
      className="activity-form"
      noValidate
      onSubmit={() => setSubmitted(true)}
      onChange={keepDraft}
    >
      {restored ? (
        <p className="field-hint" role="status">
          {t('activity.edit.restored')}
        </p>
      ) : null}
      <input type="hidden" name="units" value={units} />
      {activity ? <input type="hidden" name="id" value={activity.id} /> : null}
      {activity ? <input type="hidden" name="row" value={JSON.stringify(activity)} /> : null}

      <div className="form-field">
        <label htmlFor={ids.type}>{t('activity.edit.type')}</label>
        <select
          id={ids.type}
          name="type"
          value={type}
          onChange={(event) => setType(event.target.value)}
          aria-invalid={errors.type ? true : undefined}
          autoFocus
        >
          {ACTIVITY_TYPES.map((type) => (
            <option key={type} value={type}>
              {ACTIVITY_TYPE_INFO[type].label}
            </option>
          ))}
        </select>
        {errors.type ? <p className="field-error">{errors.type}</p> : null}
      </div>

      <div className="form-row">
        <DatePicker
          label={t('activity.edit.date')}
          name="date"
          value={date}
          onChange={setDate}
          weekStartsOn={weekStartsOn as 0 | 1 | 2 | 3 | 4 | 5 | 6}
          maxDate={tomorrow}
        />
        <FormField
          label={t('activity.edit.startTime')}
          name="time"
          type="time"
          required
          defaultValue={startedAt ? format(startedAt, 'HH:mm') : draft?.time || format(new Date(), 'HH:mm')}
          error={errors.time}
        />
      </div>
      {errors.date ? <p className="field-error">{errors.date}</p> : null}

      <div className="form-row">
        <FormField
          label={t('activity.edit.duration')}
          name="durationMin"
          type="number"
          inputMode="numeric"
          {...inputLimits(activityRules.durationMin)}
          required
          defaultValue={activity?.durationMin ?? draft?.durationMin ?? ''}
          error={errors.durationMin}
        />
        {showDistance ? (
          <FormField
            label={t('activity.edit.distance', { unit })}
            name="distance"
            type="number"
            inputMode="decimal"
            step="any"
            min={activityRules.distanceKm.min}
            hint={t('activity.edit.optional')}
            defaultValue={
              activity?.distanceKm != null
                ? roundForDisplay(kmToDisplay(activity.distanceKm, units))
                : (draft?.distance ?? '')
            }
            error={errors.distance}
          />
        ) : null}
      </div>

      <FormField
        label={t('activity.edit.calories')}
        name="caloriesKcal"
        type="number"
        inputMode="numeric"
        {...inputLimits(activityRules.caloriesKcal)}
        hint={t('activity.edit.caloriesHintShort')}
        placeholder={
          activity?.caloriesEstimated && activity.caloriesKcal !== null
            ? t('activity.edit.caloriesEstimated', { kcal: activity.caloriesKcal })
            : ''
        }
        defaultValue={
          activity && !activity.caloriesEstimated && activity.caloriesKcal !== null
            ? activity.caloriesKcal
            : (draft?.caloriesKcal ?? '')
        }
        error={errors.caloriesKcal}
      />
      <details className="field-details">
        <summary>{t('activity.edit.caloriesHow')}</summary>
        <p className="field-hint">{t('activity.edit.caloriesHint', { weight: DEFAULT_BODY_WEIGHT_KG })}</p>
      </details>

      {type === 'strength' ? (
        <StrengthExercises
          initial={activity?.exercises ?? draftExercises(draft) ?? []}
          known={knownExercises}
          unit={liftUnitFor(weightUnitFor(units))}
          error={errors.exercises}
          records={activity?.setRecords}
          before={activity?.startedAt}
          onChange={keepDraft}
          onStarted={offerDuration}
        />
      ) : null}

      <EffortField defaultValue={activity?.effort ?? draft?.effort ?? ''} error={errors.effort} />

      <div className="form-field">
        <label htmlFor={ids.notes}>{t('activity.edit.notes')}</label>
        <textarea
          id={ids.notes}
          name="notes"
          rows={3}
          {...inputLimits(activityRules.notes)}
          defaultValue={activity?.notes ?? draft?.notes ?? ''}
          aria-invalid={errors.notes ? true : undefined}
        />
        {errors.notes ? <p className="field-error">{errors.notes}</p> : null}
      </div>

      <WorkoutSharingFields activity={activity} />

      <FormError>{refusal?.formError}</FormError>

      <SaveOrDelete
        thing={t('activity.edit.thing')}
        busy={busy}
        canDelete={activity !== null}
        confirmQuestion={t('activity.edit.confirmDelete')}
      />
    </fetcher.Form>
  );
}
