import { useEffect, useId, useRef, useState } from 'react';
import {
  checkExercises,
  MAX_EXERCISES_PER_WORKOUT,
  type ExerciseRow,
  type LoggedExercise,
  type RecentExercises,
  type RecordKind,
} from '@/domain/strength';
import { loadRecentExercises } from '../api';
import { restSecondsOf } from '../restTimer';
import { nextSet, type LiftUnit } from '../sets';
import { useRestTimer } from '../useRestTimer';
import { ExercisePicker } from './ExercisePicker';
import { RestTimer } from './RestTimer';
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
}

interface Entry {
  logged: LoggedExercise;
  /** Absent when the exercise is gone (a deleted exercise of one's own). */
  row: ExerciseRow | undefined;
}

/**
 * A strength workout's exercises in the workout window: pick one, log its sets, reorder or remove
 * it, and rest between sets. The list goes to the form as JSON (`exercises`) with the measure of
 * each exercise (`exerciseMeasures`), which the form checks as the server will.
 */
export function StrengthExercises({
  initial,
  known,
  unit,
  error,
  records,
  before,
  loadRecent = loadRecentExercises,
}: StrengthExercisesProps) {
  const [entries, setEntries] = useState<Entry[]>(() =>
    initial.map((logged) => ({ logged, row: known.find((row) => row.id === logged.exerciseId) })),
  );
  const [picking, setPicking] = useState(initial.length === 0);
  // Offline or refused, the window works without it: no "last time", recent from the day's workouts.
  const [recent, setRecent] = useState<RecentExercises | null>(null);
  const asked = useRef({ ids: initial.map((logged) => logged.exerciseId), before, load: loadRecent });
  useEffect(() => {
    let current = true;
    const { ids, before: until, load } = asked.current;
    load(ids, until).then(
      (answer) => {
        if (current) setRecent(answer);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  const timer = useRestTimer();
  const headingId = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const measureOf = (exerciseId: string) =>
    entries.find((entry) => entry.logged.exerciseId === exerciseId)?.row?.measure;
  const list = entries.map((entry) => entry.logged);
  const fault = error ? checkExercises(list, measureOf) : null;
  const full = entries.length >= MAX_EXERCISES_PER_WORKOUT;
  // Records belong to the sets as saved: any change (a set, the order) takes the marks away.
  const [unchanged, setUnchanged] = useState(true);

  const change = (index: number, logged: LoggedExercise) => {
    setUnchanged(false);
    setEntries(entries.map((entry, at) => (at === index ? { ...entry, logged } : entry)));
  };
  const move = (index: number, by: -1 | 1) => {
    setUnchanged(false);
    const next = [...entries];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + by, 0, moved);
    setEntries(next);
  };
  const remove = (index: number) => {
    setUnchanged(false);
    setEntries(entries.filter((_, at) => at !== index));
    addButton.current?.focus();
  };
  const add = (row: ExerciseRow) => {
    setUnchanged(false);
    setEntries([...entries, { logged: { exerciseId: row.id, sets: [nextSet([])] }, row }]);
    setPicking(false);
    if (!recent || row.id in recent.lastSets) return;
    loadRecent([row.id], before).then(
      (answer) =>
        setRecent((kept) =>
          kept ? { ...kept, lastSets: { ...kept.lastSets, ...answer.lastSets } } : answer,
        ),
      () => undefined,
    );
  };
  // The server's latest first, then those of the day's workouts it did not name.
  const latest = [
    ...(recent?.exercises ?? []),
    ...known.filter((row) => !recent?.exercises.some((other) => other.id === row.id)),
  ];
  const measures = Object.fromEntries(
    entries.flatMap((entry) => (entry.row ? [[entry.logged.exerciseId, entry.row.measure]] : [])),
  );

  return (
    <section className="strength-exercises" aria-labelledby={headingId}>
      <h3 id={headingId}>Exercises</h3>
      <input type="hidden" name="exercises" value={JSON.stringify(list)} />
      <input type="hidden" name="exerciseMeasures" value={JSON.stringify(measures)} />
      {entries.length === 0 ? <p className="field-hint">No exercise yet: add the first one below.</p> : null}
      <ol className="exercise-list">
        {entries.map((entry, index) => {
          const name = entry.row?.name ?? 'An exercise no longer available';
          return (
            <li key={`${entry.logged.exerciseId}-${index}`} className="exercise-entry">
              <div className="exercise-heading">
                <h4>{name}</h4>
                <div className="exercise-actions">
                  <button
                    type="button"
                    className="button-secondary"
                    disabled={index === 0}
                    aria-label={`Move ${name} up`}
                    onClick={() => move(index, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button-secondary"
                    disabled={index === entries.length - 1}
                    aria-label={`Move ${name} down`}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button-secondary"
                    aria-label={`Remove ${name}`}
                    onClick={() => remove(index)}
                  >
                    Remove
                  </button>
                </div>
              </div>
              <SetRows
                name={name}
                measure={entry.row?.measure ?? 'weight_reps'}
                exercise={entry.logged}
                onChange={(logged) => change(index, logged)}
                unit={unit}
                previousSets={recent?.lastSets[entry.logged.exerciseId]}
                records={unchanged ? records?.[index] : undefined}
                index={index}
                fault={fault}
                onSetDone={() => timer.start(restSecondsOf(entry.logged))}
              />
            </li>
          );
        })}
      </ol>
      <RestTimer timer={timer} />
      {error ? <p className="field-error">{error}</p> : null}
      {picking ? (
        <ExercisePicker recentExercises={latest} onPick={add} />
      ) : (
        <button
          ref={addButton}
          type="button"
          className="button-secondary"
          disabled={full}
          onClick={() => setPicking(true)}
        >
          Add exercise
        </button>
      )}
      {full ? (
        <p className="field-hint">A workout holds at most {MAX_EXERCISES_PER_WORKOUT} exercises.</p>
      ) : null}
    </section>
  );
}
