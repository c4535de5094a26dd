import { ArrowDown, ArrowUp } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Popup } from '@/components/Popup';
import {
  exerciseNameIn,
  checkExercises,
  MAX_EXERCISES_PER_WORKOUT,
  repeatWorkout,
  type ExerciseRow,
  type LoggedExercise,
  type RecentExercises,
  type RecordKind,
  type RoutineRow,
} from '@/domain/strength';
import { currentLanguage, useT } from '@/i18n';
import { exerciseMemory, loadRecentExercises, type ExerciseMemory, type RoutineStore } from '../api';
import { REST_CHOICES_S, restChoiceText, restSecondsOf } from '../restTimer';
import { nextSet, type LiftUnit } from '../sets';
import { isPhoneScreen, usePhoneScreen } from '../usePhoneScreen';
import { useRestTimer } from '../useRestTimer';
import { ExercisePicker } from './ExercisePicker';
import { RestTimer } from './RestTimer';
import { RoutineBar } from './RoutineBar';
import { SetRows } from './SetRows';

export interface StrengthExercisesProps {
  /** The workout's exercises when it is edited; none for a new one. */
  initial: readonly LoggedExercise[];
  /** The exercises `initial` names, for their names and measures. */
  known: readonly ExerciseRow[];
  unit: LiftUnit;
  /** The form's objection to the exercises after a save was tried: the faulty set is marked. */
  error?: string | undefined;
  /** The saved workout's record marks, per exercise and set, while its exercises are unchanged. */
  records?: readonly (readonly (readonly RecordKind[])[])[] | undefined;
  /** The edited workout's start: "last time" is the latest workout before it. */
  before?: string | undefined;
  /** Where the latest exercises and their last sets come from (the server, unless a test says). */
  loadRecent?: typeof loadRecentExercises;
  /** Where routines are read and kept (the server, unless a test says). */
  routines?: RoutineStore;
  /** Where the exercises met are remembered for a workout logged offline (this device). */
  memory?: ExerciseMemory;
  /** Told after the exercises changed (the form's JSON field holds them by then). */
  onChange?: (() => void) | undefined;
  /**
   * Told when the workout starts from a routine or repeats the last one, with how long the last
   * strength workout took (if known): a length to offer while the form has none.
   */
  onStarted?: ((lastDurationMin: number | undefined) => void) | undefined;
}

/** Exercises offered to pick from while the server's latest are not at hand. */
const MAX_OFFERED_OFFLINE = 20;

const byId = (rows: readonly ExerciseRow[]) => Object.fromEntries(rows.map((row) => [row.id, row]));

/**
 * A strength workout's exercises in the workout window: start from a routine, repeat the last
 * workout or pick exercises (inline, or on a sheet of the whole screen on a phone), log their sets, reorder or remove them, rest between sets, and keep the list as a routine. The
 * list goes to the form as JSON (`exercises`) with the measure of each exercise
 * (`exerciseMeasures`), which the form checks as the server will.
 */
export function StrengthExercises({
  initial,
  known,
  unit,
  error,
  records,
  before,
  loadRecent = loadRecentExercises,
  routines,
  memory = exerciseMemory,
  onChange,
  onStarted,
}: StrengthExercisesProps) {
  const t = useT();
  const [entries, setEntries] = useState<readonly LoggedExercise[]>(initial);
  const phone = usePhoneScreen();
  // A new workout opens with the picker, except on a phone, where the sheet would hide the starts.
  const [picking, setPicking] = useState(() => initial.length === 0 && !isPhoneScreen());
  // Every exercise the window has met, by id: a gone one (deleted) has no name and no measure.
  const [rows, setRows] = useState<Readonly<Record<string, ExerciseRow>>>(() => byId(known));
  // Offline or refused, the window works without it: no "last time", recent from the day's workouts.
  const [recent, setRecent] = useState<RecentExercises | null>(null);
  // What this device remembers, offered to pick from while the server's latest are not at hand.
  const [met, setMet] = useState<readonly ExerciseRow[]>([]);
  const learn = (answer: RecentExercises) => {
    setRows((kept) => ({ ...kept, ...byId(answer.exercises), ...byId(answer.named) }));
    void memory.remember([...answer.exercises, ...answer.named]);
    setRecent((kept) => (kept ? { ...kept, lastSets: { ...kept.lastSets, ...answer.lastSets } } : answer));
  };
  const ask = (ids: readonly string[]) => loadRecent(ids, before).then(learn, () => undefined);
  const opened = useRef(() => {
    // Names met on this device first: the server's answer, when there is one, replaces them.
    void memory.recall().then(
      (remembered) => {
        setRows((kept) => ({ ...byId(remembered), ...kept }));
        setMet(remembered);
      },
      () => undefined,
    );
    return ask(initial.map((logged) => logged.exerciseId));
  });
  useEffect(() => {
    void opened.current();
  }, []);
  const timer = useRestTimer();
  const headingId = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLOListElement>(null);
  // After a pick the picker goes away: focus moves to the first set field of the exercise it added
  // (`'last'`) or of the routine's first exercise (`'first'`), not to the page.
  const focusEntry = useRef<'first' | 'last' | null>(null);
  useEffect(() => {
    const where = focusEntry.current;
    if (!where) return;
    focusEntry.current = null;
    const item = where === 'first' ? list.current?.firstElementChild : list.current?.lastElementChild;
    item?.querySelector<HTMLElement>('.set-table input, .set-table select')?.focus();
  }, [entries]);
  const measureOf = (exerciseId: string) => rows[exerciseId]?.measure;
  const fault = error ? checkExercises(entries, measureOf) : null;
  const full = entries.length >= MAX_EXERCISES_PER_WORKOUT;
  // Records belong to the sets as saved: any change (a set, the order) takes the marks away.
  const [unchanged, setUnchanged] = useState(true);
  const changeEntries = (next: readonly LoggedExercise[]) => {
    setUnchanged(false);
    setEntries(next);
  };
  // After the render that wrote them into the form's field, not before.
  const told = useRef(onChange);
  useEffect(() => {
    told.current = onChange;
  }, [onChange]);
  useEffect(() => {
    if (!unchanged) told.current?.();
  }, [entries, unchanged]);

  const change = (index: number, logged: LoggedExercise) =>
    changeEntries(entries.map((entry, at) => (at === index ? logged : entry)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...entries];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + by, 0, moved);
    changeEntries(next);
  };
  const remove = (index: number) => {
    changeEntries(entries.filter((_, at) => at !== index));
    addButton.current?.focus();
  };
  const add = (row: ExerciseRow) => {
    changeEntries([...entries, { exerciseId: row.id, sets: [nextSet([])] }]);
    setRows((kept) => ({ ...kept, [row.id]: row }));
    void memory.remember([row]);
    setPicking(false);
    focusEntry.current = 'last';
    if (recent && !(row.id in recent.lastSets)) void ask([row.id]);
  };
  // A routine's targets or the last workout's sets, with last time beside each and none ticked done.
  // Started from a routine before the last workout was known: its length is offered when it comes.
  const offerWhenKnown = useRef(false);
  useEffect(() => {
    if (!recent || !offerWhenKnown.current) return;
    offerWhenKnown.current = false;
    onStarted?.(recent.lastWorkout?.durationMin);
  }, [recent, onStarted]);
  const startFrom = (routine: RoutineRow) => {
    changeEntries(repeatWorkout(routine.exercises));
    setPicking(false);
    focusEntry.current = 'first';
    if (recent) onStarted?.(recent.lastWorkout?.durationMin);
    else offerWhenKnown.current = true;
    const unknown = routine.exercises.map((logged) => logged.exerciseId).filter((id) => !rows[id]);
    if (unknown.length > 0 || recent) void ask(routine.exercises.map((logged) => logged.exerciseId));
  };
  const lastWorkout = recent?.lastWorkout;
  const repeatLast = () => {
    if (!lastWorkout) return;
    changeEntries(repeatWorkout(lastWorkout.exercises));
    setPicking(false);
    focusEntry.current = 'first';
    onStarted?.(lastWorkout.durationMin);
  };
  // The server's latest first, then those of the day's workouts it did not name; without the
  // server's answer, the day's and then those this device met last.
  const offered = recent ? [...recent.exercises, ...known] : [...known, ...[...met].reverse()];
  const latest = offered
    .filter((row, at) => offered.findIndex((other) => other.id === row.id) === at)
    .slice(0, recent ? undefined : MAX_OFFERED_OFFLINE);
  const measures = Object.fromEntries(
    entries.flatMap((logged) => {
      const measure = measureOf(logged.exerciseId);
      return measure ? [[logged.exerciseId, measure]] : [];
    }),
  );

  return (
    <section className="strength-exercises" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('strength.exercises.title')}</h3>
      <RoutineBar
        exercises={repeatWorkout(entries)}
        onStart={startFrom}
        store={routines}
        onRepeat={lastWorkout && lastWorkout.exercises.length > 0 ? repeatLast : undefined}
      />
      <input type="hidden" name="exercises" value={JSON.stringify(entries)} />
      <input type="hidden" name="exerciseMeasures" value={JSON.stringify(measures)} />
      {entries.length === 0 ? <p className="field-hint">{t('strength.exercises.empty')}</p> : null}
      <ol ref={list} className="exercise-list">
        {entries.map((entry, index) => {
          const row = rows[entry.exerciseId];
          const name = row ? exerciseNameIn(row, currentLanguage()) : t('strength.exercises.gone');
          return (
            <li key={`${entry.exerciseId}-${index}`} className="exercise-entry">
              <div className="exercise-heading">
                <h4>{name}</h4>
                <div className="exercise-actions">
                  <button
                    type="button"
                    className="button-secondary"
                    disabled={index === 0}
                    aria-label={t('strength.exercises.moveUp', { name })}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUp className="icon" />
                  </button>
                  <button
                    type="button"
                    className="button-secondary"
                    disabled={index === entries.length - 1}
                    aria-label={t('strength.exercises.moveDown', { name })}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown className="icon" />
                  </button>
                  <button
                    type="button"
                    className="button-secondary"
                    aria-label={t('strength.exercises.removeLabel', { name })}
                    onClick={() => remove(index)}
                  >
                    {t('strength.exercises.remove')}
                  </button>
                </div>
              </div>
              <RestChoice
                name={name}
                seconds={restSecondsOf(entry)}
                onChange={(restS) => change(index, { ...entry, restS })}
              />
              <SetRows
                name={name}
                measure={row?.measure ?? 'weight_reps'}
                exercise={entry}
                onChange={(logged) => change(index, logged)}
                unit={unit}
                previousSets={recent?.lastSets[entry.exerciseId]}
                records={unchanged ? records?.[index] : undefined}
                index={index}
                fault={fault}
                onSetDone={() => timer.start(restSecondsOf(entry))}
              />
            </li>
          );
        })}
      </ol>
      <RestTimer timer={timer} />
      {error ? <p className="field-error">{error}</p> : null}
      {picking && !phone ? (
        <ExercisePicker recentExercises={latest} onPick={add} />
      ) : (
        <button
          ref={addButton}
          type="button"
          className="button-secondary"
          disabled={full}
          onClick={() => setPicking(true)}
        >
          {t('strength.exercises.add')}
        </button>
      )}
      {phone ? (
        // On a phone the picker takes the whole screen, its results in view above the keyboard.
        <Popup open={picking} title={t('strength.exercises.add')} onClose={() => setPicking(false)}>
          <div className="exercise-sheet">
            <ExercisePicker recentExercises={latest} onPick={add} />
          </div>
        </Popup>
      ) : null}
      {full ? (
        <p className="field-hint">{t('strength.exercises.full', { max: MAX_EXERCISES_PER_WORKOUT })}</p>
      ) : null}
    </section>
  );
}

/** How long the rest after each set of an exercise is; kept with the workout and its routine. */
function RestChoice({
  name,
  seconds,
  onChange,
}: {
  name: string;
  seconds: number;
  onChange: (seconds: number) => void;
}) {
  const t = useT();
  const id = useId();
  const choices = (REST_CHOICES_S as readonly number[]).includes(seconds)
    ? REST_CHOICES_S
    : [...REST_CHOICES_S, seconds].sort((a, b) => a - b);
  return (
    <div className="exercise-rest">
      <label htmlFor={id}>{t('strength.exercises.rest')}</label>
      <select
        id={id}
        value={seconds}
        aria-label={t('strength.exercises.restOf', { name })}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {restChoiceText(choice)}
          </option>
        ))}
      </select>
    </div>
  );
}
