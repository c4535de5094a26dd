import { Repeat } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { checkField } from '@/domain/fieldRules';
import { routineRules } from '@/domain/contract';
import type { LoggedExercise, RoutineRow } from '@/domain/strength';
import { useT, type MessageId } from '@/i18n';
import { errorSentence } from '@/lib/errors';
import { routineStore, type RoutineStore } from '../api';

export interface RoutineBarProps {
  /** The workout's exercises as they are now: what a new or updated routine keeps. */
  exercises: readonly LoggedExercise[];
  onStart: (routine: RoutineRow) => void;
  store?: RoutineStore;
  /** Fills an empty workout with the person's last one; none when there is no last one. */
  onRepeat?: (() => void) | undefined;
}

type Status =
  { kind: 'idle' } | { kind: 'busy'; text: string } | { kind: 'said'; text: string; failed: boolean };

/** What the name field is for: a new routine from the workout, a new name, or a copy. */
type Naming = 'new' | 'rename' | 'duplicate';

const NAMING_BUTTON: Readonly<Record<Naming, MessageId>> = {
  new: 'strength.routine.save',
  rename: 'strength.routine.rename',
  duplicate: 'strength.routine.saveCopy',
};

const byName = (routines: readonly RoutineRow[]) =>
  [...routines].sort((a, b) => a.name.localeCompare(b.name));

/**
 * The person's routines in the workout window: start a workout from one (its exercises with their
 * target sets), keep the workout's exercises as a new routine or as a routine's new targets, and
 * rename, duplicate or delete one. A routine is built or edited in the window itself: start from
 * it (or from nothing), change the exercises and sets, then save or update. An empty workout
 * offers each routine and the last workout as one button each.
 */
export function RoutineBar({ exercises, onStart, store = routineStore, onRepeat }: RoutineBarProps) {
  const t = useT();
  const [routines, setRoutines] = useState<readonly RoutineRow[]>([]);
  const [chosenId, setChosenId] = useState('');
  const [naming, setNaming] = useState<Naming | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [name, setName] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const ids = { routine: useId(), name: useId(), status: useId(), starts: useId() };
  const select = useRef<HTMLSelectElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const statusLine = useRef<HTMLParagraphElement>(null);
  // Where focus goes once the confirmation has gone: back to "Delete" after Keep; after a delete,
  // to the routine list, or to the sentence saying so when no routine is left.
  const focusAfter = useRef<'delete' | 'list' | null>(null);
  const { load } = store;

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

  const chosen = routines.find((routine) => routine.id === chosenId);
  const busy = status.kind === 'busy';
  const say = (text: string, failed = false) => setStatus({ kind: 'said', text, failed });

  /** Runs one change against the server; a refusal is said and changes nothing on screen. */
  const attempt = async (doing: string, change: () => Promise<void>) => {
    setStatus({ kind: 'busy', text: doing });
    try {
      await change();
    } catch (failure) {
      say(errorSentence(failure), true);
    }
  };

  const startNaming = (purpose: Naming) => {
    setNaming(purpose);
    setConfirming(false);
    setName(
      purpose === 'rename'
        ? (chosen?.name ?? '')
        : purpose === 'duplicate'
          ? t('strength.routine.copyName', { name: chosen?.name ?? '' })
          : '',
    );
    setStatus({ kind: 'idle' });
  };

  const finishNaming = () => {
    setNaming(null);
    setName('');
  };

  const keepName = async () => {
    const trimmed = name.trim();
    const problem =
      trimmed === ''
        ? t('strength.routine.nameMissing')
        : checkField(t('strength.routine.nameField'), routineRules.name, trimmed);
    if (problem) {
      say(problem, true);
      return;
    }
    if (naming === 'rename' && chosen) {
      await attempt(t('strength.routine.renaming'), async () => {
        await store.update(chosen.id, { name: trimmed });
        setRoutines((kept) =>
          byName(kept.map((row) => (row.id === chosen.id ? { ...row, name: trimmed } : row))),
        );
        finishNaming();
        say(t('strength.routine.renamed', { name: trimmed }));
      });
      return;
    }
    const source = naming === 'duplicate' && chosen ? chosen.exercises : exercises;
    await attempt(t('strength.routine.saving'), async () => {
      const saved = await store.save(trimmed, source);
      setRoutines((kept) => byName([...kept, saved]));
      finishNaming();
      if (naming === 'duplicate') {
        setChosenId(saved.id);
        say(t('strength.routine.savedCopy', { name: saved.name }));
      } else {
        say(t('strength.routine.saved', { name: saved.name }));
      }
    });
  };

  const updateChosen = async () => {
    if (!chosen) return;
    await attempt(t('strength.routine.updating'), async () => {
      await store.update(chosen.id, { exercises });
      setRoutines((kept) =>
        kept.map((row) => (row.id === chosen.id ? { ...row, exercises: [...exercises] } : row)),
      );
      say(t('strength.routine.updated', { name: chosen.name }));
    });
  };

  const deleteChosen = async () => {
    if (!chosen) return;
    await attempt(t('strength.routine.deleting'), async () => {
      await store.remove(chosen.id);
      setRoutines((kept) => kept.filter((row) => row.id !== chosen.id));
      setChosenId('');
      setConfirming(false);
      say(t('strength.routine.deleted', { name: chosen.name }));
      focusAfter.current = 'list';
    });
  };

  useEffect(() => {
    const where = focusAfter.current;
    if (!where || confirming) return;
    focusAfter.current = null;
    if (where === 'delete') deleteButton.current?.focus();
    else (select.current ?? statusLine.current)?.focus();
  }, [confirming, routines]);

  const empty = exercises.length === 0;
  return (
    <div className="routine-bar">
      {empty && (onRepeat || routines.length > 0) ? (
        <div className="workout-starts" role="group" aria-labelledby={ids.starts}>
          <span id={ids.starts} className="workout-starts-label">
            {t('strength.start.label')}
          </span>
          {onRepeat ? (
            <button type="button" className="button-secondary" onClick={onRepeat}>
              <Repeat className="icon" />
              {t('strength.start.repeat')}
            </button>
          ) : null}
          {routines.map((routine) => (
            <button
              key={routine.id}
              type="button"
              className="button-secondary"
              onClick={() => {
                setChosenId(routine.id);
                onStart(routine);
              }}
            >
              {routine.name}
            </button>
          ))}
        </div>
      ) : null}
      {routines.length > 0 ? (
        <div className="form-row">
          <div className="form-field">
            <label htmlFor={ids.routine}>{t('strength.routine.label')}</label>
            <select
              ref={select}
              id={ids.routine}
              value={chosenId}
              onChange={(event) => {
                setChosenId(event.target.value);
                setConfirming(false);
                if (naming !== 'new') finishNaming();
              }}
            >
              <option value="">{t('strength.routine.choose')}</option>
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
            disabled={!chosen}
            onClick={() => chosen && onStart(chosen)}
          >
            {t('strength.routine.start')}
          </button>
        </div>
      ) : null}
      {chosen && confirming ? (
        // Keyed apart from the actions, so the click that asked to confirm cannot press Delete.
        <div
          key="confirm"
          className="confirm-delete"
          role="group"
          aria-label={t('strength.routine.confirmDelete')}
        >
          <p>{t('strength.routine.deleteQuestion', { name: chosen.name })}</p>
          <button
            type="button"
            className="button-danger"
            disabled={busy}
            autoFocus
            onClick={() => void deleteChosen()}
          >
            {t('strength.routine.delete')}
          </button>
          <button
            type="button"
            className="button-secondary"
            onClick={() => {
              focusAfter.current = 'delete';
              setConfirming(false);
            }}
          >
            {t('strength.routine.keep')}
          </button>
        </div>
      ) : chosen ? (
        <div
          key="actions"
          className="form-actions"
          role="group"
          aria-label={t('strength.routine.actions', { name: chosen.name })}
        >
          <button
            type="button"
            className="button-secondary"
            disabled={busy || exercises.length === 0}
            title={t('strength.routine.updateHint')}
            onClick={() => void updateChosen()}
          >
            {t('strength.routine.update')}
          </button>
          <button type="button" className="button-secondary" onClick={() => startNaming('rename')}>
            {t('strength.routine.renameButton')}
          </button>
          <button type="button" className="button-secondary" onClick={() => startNaming('duplicate')}>
            {t('strength.routine.duplicate')}
          </button>
          <button
            ref={deleteButton}
            type="button"
            className="button-secondary"
            onClick={() => {
              finishNaming();
              setConfirming(true);
            }}
          >
            {t('strength.routine.deleteButton')}
          </button>
        </div>
      ) : null}
      {naming ? (
        <div className="form-row">
          <div className="form-field">
            <label htmlFor={ids.name}>{t('strength.routine.name')}</label>
            <input
              id={ids.name}
              type="text"
              value={name}
              maxLength={routineRules.name.max}
              autoFocus={naming !== 'new'}
              aria-invalid={status.kind === 'said' && status.failed ? true : undefined}
              aria-describedby={status.kind === 'said' ? ids.status : undefined}
              onChange={(event) => setName(event.target.value)}
              onKeyDown={(event) => {
                // Enter keeps the name; it must not send the workout's form.
                if (event.key !== 'Enter') return;
                event.preventDefault();
                void keepName();
              }}
            />
          </div>
          <button type="button" className="button-secondary" disabled={busy} onClick={() => void keepName()}>
            {t(NAMING_BUTTON[naming])}
          </button>
          <button type="button" className="button-secondary" onClick={finishNaming}>
            {t('strength.routine.cancel')}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="button-secondary"
          disabled={exercises.length === 0}
          onClick={() => startNaming('new')}
        >
          {t('strength.routine.saveAs')}
        </button>
      )}
      <p
        ref={statusLine}
        id={ids.status}
        tabIndex={-1}
        role="status"
        className={status.kind === 'said' && status.failed ? 'field-error' : 'field-hint'}
      >
        {status.kind === 'idle' ? '' : status.text}
      </p>
    </div>
  );
}
