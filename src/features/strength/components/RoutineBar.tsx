import { useEffect, useId, useState } from 'react';
import { checkField } from '@/domain/fieldRules';
import { routineRules } from '@/domain/contract';
import type { LoggedExercise, RoutineRow } from '@/domain/strength';
import { errorSentence } from '@/lib/errors';
import { loadRoutines, saveRoutine } from '../api';

export interface RoutineBarProps {
  /** The workout's exercises as they are now: what "Save as routine" keeps. */
  exercises: readonly LoggedExercise[];
  onStart: (routine: RoutineRow) => void;
  load?: typeof loadRoutines;
  save?: typeof saveRoutine;
}

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'said'; text: string; failed: boolean };

/**
 * Start a strength workout from one of the person's routines (its exercises with their target
 * sets), or keep the workout's exercises as a new routine under a name.
 */
export function RoutineBar({ exercises, onStart, load = loadRoutines, save = saveRoutine }: RoutineBarProps) {
  const [routines, setRoutines] = useState<readonly RoutineRow[]>([]);
  const [chosen, setChosen] = useState('');
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const ids = { routine: useId(), name: useId(), status: useId() };

  useEffect(() => {
    let current = true;
    load().then(
      (found) => {
        if (current) setRoutines(found);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [load]);

  const keep = async () => {
    const trimmed = name.trim();
    const problem = trimmed === '' ? 'Name the routine.' : checkField('The name', routineRules.name, trimmed);
    if (problem) {
      setStatus({ kind: 'said', text: problem, failed: true });
      return;
    }
    setStatus({ kind: 'saving' });
    try {
      const saved = await save(trimmed, exercises);
      setRoutines((kept) => [...kept, saved].sort((a, b) => a.name.localeCompare(b.name)));
      setNaming(false);
      setName('');
      setStatus({ kind: 'said', text: `Saved as the routine “${saved.name}”.`, failed: false });
    } catch (failure) {
      setStatus({ kind: 'said', text: errorSentence(failure), failed: true });
    }
  };

  const startable = routines.find((routine) => routine.id === chosen);
  return (
    <div className="routine-bar">
      {routines.length > 0 ? (
        <div className="form-row">
          <div className="form-field">
            <label htmlFor={ids.routine}>Routine</label>
            <select id={ids.routine} value={chosen} onChange={(event) => setChosen(event.target.value)}>
              <option value="">Choose a routine</option>
              {routines.map((routine) => (
                <option key={routine.id} value={routine.id}>
                  {routine.name}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="button-secondary"
            disabled={!startable}
            onClick={() => startable && onStart(startable)}
          >
            Start from routine
          </button>
        </div>
      ) : null}
      {naming ? (
        <div className="form-row">
          <div className="form-field">
            <label htmlFor={ids.name}>Routine name</label>
            <input
              id={ids.name}
              type="text"
              value={name}
              maxLength={routineRules.name.max}
              aria-invalid={status.kind === 'said' && status.failed ? true : undefined}
              aria-describedby={status.kind === 'said' ? ids.status : undefined}
              onChange={(event) => setName(event.target.value)}
              onKeyDown={(event) => {
                // Enter keeps the routine; it must not send the workout's form.
                if (event.key !== 'Enter') return;
                event.preventDefault();
                void keep();
              }}
            />
          </div>
          <button
            type="button"
            className="button-secondary"
            disabled={status.kind === 'saving'}
            onClick={() => void keep()}
          >
            Save routine
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="button-secondary"
          disabled={exercises.length === 0}
          onClick={() => {
            setNaming(true);
            setStatus({ kind: 'idle' });
          }}
        >
          Save as routine
        </button>
      )}
      <p
        id={ids.status}
        role="status"
        className={status.kind === 'said' && status.failed ? 'field-error' : 'field-hint'}
      >
        {status.kind === 'said' ? status.text : status.kind === 'saving' ? 'Saving the routine…' : ''}
      </p>
    </div>
  );
}
