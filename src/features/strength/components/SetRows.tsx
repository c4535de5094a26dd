import { Trophy, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import type { FieldError } from '@/domain/fieldRules';
import {
  MAX_SETS_PER_EXERCISE,
  previousSetAt,
  repeatSet,
  type LoggedExercise,
  RECORD_LABELS,
  type LoggedSet,
  type Measure,
  type RecordKind,
  type SetNumber,
} from '@/domain/strength';
import { t, useT } from '@/i18n';
import {
  displayToWeightKg,
  formatDuration,
  lastTimeText,
  nextSet,
  parseDuration,
  parseSetNumber,
  setFaultOf,
  setText,
  weightToDisplay,
  type LiftUnit,
  type SetFault,
} from '../sets';

export interface SetRowsProps {
  /** The exercise's name, which the table of its sets is called by. */
  name: string;
  measure: Measure;
  exercise: LoggedExercise;
  onChange: (exercise: LoggedExercise) => void;
  unit: LiftUnit;
  /** Its sets in the last workout that had it: each row offers its own to repeat. */
  previousSets?: readonly LoggedSet[] | undefined;
  /** The exercise's place in the workout, to find its part of `fault`. */
  index: number;
  /** The workout's first fault, as `checkExercises` found it. */
  fault?: FieldError | null | undefined;
  /** A set was ticked done: the moment the rest timer starts. */
  onSetDone?: ((setIndex: number) => void) | undefined;
  /** Per set of the saved workout, the personal records it beat. */
  records?: readonly (readonly RecordKind[])[] | undefined;
}

/** One number of a set: how it is called, headed and typed. */
interface SetColumn {
  field: SetNumber;
  words: string;
  header: string;
  inputMode: 'numeric' | 'decimal' | 'text';
  show: (value: number) => string;
  read: (text: string) => number | undefined;
}

/** The columns of a measure's sets, in the language shown. */
function columnsFor(measure: Measure, unit: LiftUnit): SetColumn[] {
  const count = (field: SetNumber, words: string, header: string): SetColumn => ({
    field,
    words,
    header,
    inputMode: field === 'reps' ? 'numeric' : 'decimal',
    show: String,
    read: parseSetNumber,
  });
  const weight = (words: string, header: string): SetColumn => ({
    field: 'weightKg',
    words,
    header,
    inputMode: 'decimal',
    show: (kg) => String(weightToDisplay(kg, unit)),
    read: (text) => {
      const value = parseSetNumber(text);
      return value === undefined ? undefined : displayToWeightKg(value, unit);
    },
  });
  const time: SetColumn = {
    field: 'durationS',
    words: t('strength.field.time'),
    header: t('strength.sets.timeHeader'),
    inputMode: 'text',
    show: formatDuration,
    read: parseDuration,
  };
  switch (measure) {
    case 'weight_reps':
      return [
        count('reps', t('strength.field.reps'), t('strength.sets.repsHeader')),
        weight(t('strength.sets.weightWords', { unit }), t('strength.sets.weightHeader', { unit })),
      ];
    case 'reps':
      return [
        count('reps', t('strength.field.reps'), t('strength.sets.repsHeader')),
        weight(t('strength.sets.addedWeightWords', { unit }), t('strength.sets.addedWeightHeader', { unit })),
      ];
    case 'time':
      return [time];
    case 'distance':
      return [count('distanceM', t('strength.sets.distanceWords'), t('strength.sets.distanceHeader')), time];
  }
}

const RPE_CHOICES = Array.from({ length: 19 }, (_, step) => 1 + step / 2);

/** The set with `field` set to `value`, or without it when there is none. */
function withValue<Field extends keyof LoggedSet>(
  set: LoggedSet,
  field: Field,
  value: LoggedSet[Field] | undefined,
): LoggedSet {
  const next = { ...set };
  if (value === undefined) delete next[field];
  else next[field] = value;
  return next;
}

/**
 * The sets of one exercise of a workout, in the person's unit: add (a copy of the last), change,
 * tick done (kept with the workout) or delete each; beside each, the same set last time, which one
 * tap copies in. Below about 26 rem a set takes two lines, so nothing leaves the window.
 */
export function SetRows({
  name,
  measure,
  exercise,
  onChange,
  unit,
  previousSets,
  index,
  fault,
  onSetDone,
  records,
}: SetRowsProps) {
  const t = useT();
  const addButton = useRef<HTMLButtonElement>(null);
  const { sets } = exercise;
  const columns = columnsFor(measure, unit);
  const found = setFaultOf(fault, index, unit);
  const full = sets.length >= MAX_SETS_PER_EXERCISE;
  const errorId = useId();

  const changeSets = (next: LoggedSet[]) => onChange({ ...exercise, sets: next });
  const changeSet = (setIndex: number, set: LoggedSet) =>
    changeSets(sets.map((old, at) => (at === setIndex ? set : old)));
  const focusAddButton = useRef(false);
  const deleteSet = (setIndex: number) => {
    changeSets(sets.filter((_, at) => at !== setIndex));
    focusAddButton.current = true;
  };
  // The deleted row's buttons go away with it: focus stays in the exercise, once "Add set" is
  // enabled again if the exercise was full.
  useEffect(() => {
    if (!focusAddButton.current) return;
    focusAddButton.current = false;
    addButton.current?.focus();
  }, [sets.length]);
  const tick = (setIndex: number, set: LoggedSet, ticked: boolean) => {
    changeSet(setIndex, withValue(set, 'done', ticked || undefined));
    if (ticked) onSetDone?.(setIndex);
  };
  // The grid of a narrow window needs the number of a measure's columns.
  const layout = { '--set-numbers': columns.length } as CSSProperties;

  return (
    <div className="set-rows">
      {previousSets && previousSets.length > 0 ? (
        <p className="field-hint">
          {t('strength.sets.lastTime', { sets: lastTimeText(previousSets, measure, unit) })}
        </p>
      ) : null}
      {sets.length > 0 ? (
        <table className="set-table" style={layout}>
          <caption className="visually-hidden">{t('strength.sets.caption', { name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('strength.sets.setHeader')}</th>
              <th scope="col">{t('strength.sets.previousHeader')}</th>
              {columns.map((column) => (
                <th key={column.field} scope="col">
                  {column.header}
                </th>
              ))}
              <th scope="col" className="set-rpe">
                {t('strength.sets.rpeHeader')}
              </th>
              <th scope="col" className="set-warmup">
                {t('strength.sets.warmupHeader')}
              </th>
              <th scope="col" className="set-tick">
                {t('strength.sets.doneHeader')}
              </th>
              <th scope="col" className="set-remove">
                <span className="visually-hidden">{t('strength.sets.deleteHeader')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sets.map((set, setIndex) => (
              <SetRow
                // Sets have no id of their own; a deleted row takes its inputs' drafts with it.
                key={`${setIndex}-${sets.length}`}
                set={set}
                setIndex={setIndex}
                columns={columns}
                previous={previousSetAt(previousSets, setIndex)}
                previousText={(previous) => setText(previous, measure, unit)}
                fault={found?.setIndex === setIndex ? found : null}
                records={records?.[setIndex] ?? []}
                onChange={(changed) => changeSet(setIndex, changed)}
                onTick={(ticked) => tick(setIndex, set, ticked)}
                onDelete={() => deleteSet(setIndex)}
              />
            ))}
          </tbody>
        </table>
      ) : null}
      {found && found.setIndex === null ? (
        <p id={errorId} className="field-error">
          {found.message}
        </p>
      ) : null}
      <div className="set-actions">
        <button
          ref={addButton}
          type="button"
          className="button-secondary"
          disabled={full}
          aria-describedby={found && found.setIndex === null ? errorId : undefined}
          onClick={() => changeSets([...sets, nextSet(sets)])}
        >
          {t('strength.sets.add')}
        </button>
        {full ? (
          <p className="field-hint">{t('strength.sets.full', { max: MAX_SETS_PER_EXERCISE })}</p>
        ) : null}
      </div>
    </div>
  );
}

interface SetRowProps {
  set: LoggedSet;
  setIndex: number;
  columns: readonly SetColumn[];
  /** The same set last time, if there was one. */
  previous: LoggedSet | undefined;
  previousText: (set: LoggedSet) => string;
  fault: SetFault | null;
  onChange: (set: LoggedSet) => void;
  onTick: (done: boolean) => void;
  onDelete: () => void;
  records: readonly RecordKind[];
}

function SetRow({
  set,
  setIndex,
  columns,
  previous,
  previousText,
  fault,
  onChange,
  onTick,
  onDelete,
  records,
}: SetRowProps) {
  const t = useT();
  const done = set.done ?? false;
  const errorId = useId();
  const number = setIndex + 1;
  const recordWords = records.map((kind) => RECORD_LABELS[kind]).join(', ');
  const faultOf = (field: SetFault['field']) =>
    fault && (fault.field === field || fault.field === null) ? errorId : undefined;
  return (
    <>
      <tr className={done ? 'set-done' : undefined}>
        <th scope="row">
          {number}
          {records.length > 0 ? (
            <span className="set-record" title={t('strength.sets.recordTitle', { records: recordWords })}>
              <Trophy className="icon icon-trophy" />
              <span className="visually-hidden">
                {t('strength.sets.recordHidden', { records: recordWords })}
              </span>
            </span>
          ) : null}
        </th>
        <td className="set-previous">
          {previous ? (
            <button
              type="button"
              className="set-repeat"
              aria-label={t('strength.sets.repeatLabel', { number, set: previousText(previous) })}
              onClick={() => onChange(repeatSet(set, previous))}
            >
              {previousText(previous)}
            </button>
          ) : (
            <>
              <span aria-hidden="true">–</span>
              <span className="visually-hidden">{t('strength.sets.noPrevious')}</span>
            </>
          )}
        </td>
        {columns.map((column) => (
          <td key={column.field}>
            <SetNumberInput
              label={t('strength.sets.fieldLabel', { number, field: column.words })}
              column={column}
              value={set[column.field]}
              errorId={faultOf(column.field)}
              onValue={(value) => onChange(withValue(set, column.field, value))}
            />
          </td>
        ))}
        <td className="set-rpe">
          <select
            aria-label={t('strength.sets.fieldLabel', { number, field: t('strength.field.rpe') })}
            value={set.rpe === undefined ? '' : String(set.rpe)}
            aria-invalid={faultOf('rpe') ? true : undefined}
            aria-describedby={faultOf('rpe')}
            onChange={(event) =>
              onChange(withValue(set, 'rpe', event.target.value ? Number(event.target.value) : undefined))
            }
          >
            <option value="">{t('strength.sets.rpeNone')}</option>
            {RPE_CHOICES.map((rpe) => (
              <option key={rpe} value={String(rpe)}>
                {rpe}
              </option>
            ))}
          </select>
        </td>
        <td className="set-warmup">
          <label>
            <input
              type="checkbox"
              aria-label={t('strength.sets.fieldLabel', { number, field: t('strength.field.warmup') })}
              checked={set.warmup ?? false}
              onChange={(event) => onChange(withValue(set, 'warmup', event.target.checked || undefined))}
            />
            {/* Its column's heading is not shown on a narrow window: the word goes beside the box. */}
            <span className="set-narrow-label" aria-hidden="true">
              {t('strength.sets.warmupHeader')}
            </span>
          </label>
        </td>
        <td className="set-tick">
          <input
            type="checkbox"
            aria-label={t('strength.sets.doneLabel', { number })}
            checked={done}
            onChange={(event) => onTick(event.target.checked)}
          />
        </td>
        <td className="set-remove">
          <button
            type="button"
            className="set-delete"
            aria-label={t('strength.sets.deleteLabel', { number })}
            onClick={onDelete}
          >
            <X className="icon" />
          </button>
        </td>
      </tr>
      {fault ? (
        <tr className="set-fault">
          <td colSpan={columns.length + 6}>
            <p id={errorId} className="field-error">
              {fault.message}
            </p>
          </td>
        </tr>
      ) : null}
    </>
  );
}

interface SetNumberInputProps {
  label: string;
  column: SetColumn;
  value: number | undefined;
  errorId: string | undefined;
  onValue: (value: number | undefined) => void;
}

/**
 * A number of a set as typed: the text stays as typed while the field has focus (so "62." or
 * "1:" can be finished), and shows the stored value again after, unless it cannot be read.
 */
function SetNumberInput({ label, column, value, errorId, onValue }: SetNumberInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (value === undefined || Number.isNaN(value) ? '' : column.show(value));
  return (
    <input
      type="text"
      inputMode={column.inputMode}
      autoComplete="off"
      aria-label={label}
      value={shown}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      onChange={(event) => {
        setDraft(event.target.value);
        onValue(column.read(event.target.value));
      }}
      onBlur={() => {
        if (draft !== null && !Number.isNaN(column.read(draft))) setDraft(null);
      }}
    />
  );
}
