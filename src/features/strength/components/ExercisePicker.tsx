import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { MAX_QUERY_LENGTH } from '@/domain/nutrition';
import { exerciseNameIn, MUSCLE_LABELS, MUSCLES, type ExerciseRow, type Muscle } from '@/domain/strength';
import { currentLanguage, t, useT } from '@/i18n';
import { errorSentence } from '@/lib/errors';
import { searchExercises, type createExercise } from '../api';
import { MUSCLE_WORDS } from '../labels';
import { NewExerciseForm } from './NewExerciseForm';

/** Time after the last keystroke before a search goes out. */
export const TYPING_PAUSE_MS = 150;

export interface ExercisePickerProps {
  /** The person's latest exercises, shown before anything is typed or filtered. */
  recentExercises: readonly ExerciseRow[];
  onPick: (exercise: ExerciseRow) => void;
  error?: string | undefined;
  /** Where a new exercise of the person's own is saved (the server, unless a test says). */
  create?: typeof createExercise;
}

type SearchState =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'found'; query: string; muscle: Muscle | null; exercises: ExerciseRow[] }
  | { kind: 'failed'; message: string };

function isMuscle(value: string): value is Muscle {
  return (MUSCLES as readonly string[]).includes(value);
}

function statusText(state: SearchState): string {
  if (state.kind === 'searching') return t('strength.picker.searching');
  if (state.kind === 'failed') return state.message;
  if (state.kind !== 'found') return '';
  const { query, muscle, exercises } = state;
  const count = exercises.length;
  if (!muscle) {
    if (count > 0) return t('strength.picker.found', { count });
    return query.trim() ? t('strength.picker.noMatch', { query }) : t('strength.picker.noneFound');
  }
  const values = { count, query, muscle: t(MUSCLE_WORDS[muscle]) };
  if (count > 0) return t('strength.picker.foundForMuscle', values);
  return query.trim()
    ? t('strength.picker.noMatchForMuscle', values)
    : t('strength.picker.noneFoundForMuscle', values);
}

/** Find an exercise by name as one types, or by the muscle it works; recent exercises before that. */
export function ExercisePicker({ recentExercises, onPick, error, create }: ExercisePickerProps) {
  const t = useT();
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const [muscle, setMuscle] = useState<Muscle | null>(null);
  const [state, setState] = useState<SearchState>({ kind: 'idle' });
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef(0);
  const ids = { query: useId(), muscle: useId() };
  const errorId = `${ids.query}-error`;
  const picker = useRef<HTMLDivElement>(null);
  const searchField = useRef<HTMLInputElement>(null);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const search = (text: string, chosen: Muscle | null) => {
    setQuery(text);
    setMuscle(chosen);
    window.clearTimeout(timer.current);
    // Every change outdates the answers still on their way.
    const asked = ++latest.current;
    if (!text.trim() && !chosen) {
      setState({ kind: 'idle' });
      return;
    }
    timer.current = window.setTimeout(() => {
      setState({ kind: 'searching' });
      searchExercises({ query: text, muscle: chosen ?? undefined }).then(
        (exercises) => {
          if (asked === latest.current) setState({ kind: 'found', query: text, muscle: chosen, exercises });
        },
        (failure: unknown) => {
          if (asked === latest.current) setState({ kind: 'failed', message: errorSentence(failure) });
        },
      );
    }, TYPING_PAUSE_MS);
  };

  /** The arrow keys go down from the search field through the listed exercises, and back up. */
  const moveFocus = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const options = [...(picker.current?.querySelectorAll<HTMLButtonElement>('.food-option') ?? [])];
    const at = options.findIndex((option) => option === event.target);
    // The muscle list keeps its own arrow keys.
    if (at < 0 && event.target !== searchField.current) return;
    const next = event.key === 'ArrowDown' ? at + 1 : at - 1;
    if (next >= options.length || (at < 0 && next < 0)) return;
    event.preventDefault();
    (next < 0 ? searchField.current : options[next])?.focus();
  };

  const found = state.kind === 'found' ? state.exercises : [];
  if (creating) {
    return (
      <NewExerciseForm
        name={query}
        onCreated={onPick}
        onCancel={() => setCreating(false)}
        {...(create ? { create } : {})}
      />
    );
  }
  return (
    <div ref={picker} className="exercise-picker" onKeyDown={moveFocus}>
      <div className="exercise-picker-fields">
        <div className="form-field">
          <label htmlFor={ids.query}>{t('strength.picker.search')}</label>
          <input
            ref={searchField}
            id={ids.query}
            type="search"
            value={query}
            autoComplete="off"
            placeholder={t('strength.picker.searchPlaceholder')}
            maxLength={MAX_QUERY_LENGTH}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => search(event.target.value, muscle)}
            onKeyDown={(event) => {
              // Enter picks the first match instead of submitting the workout without it.
              if (event.key !== 'Enter') return;
              event.preventDefault();
              const [first] = found;
              if (first) onPick(first);
            }}
          />
          {error ? (
            <p id={errorId} className="field-error">
              {error}
            </p>
          ) : null}
        </div>
        <div className="form-field">
          <label htmlFor={ids.muscle}>{t('strength.picker.muscle')}</label>
          <select
            id={ids.muscle}
            value={muscle ?? ''}
            onChange={(event) => {
              const { value } = event.target;
              search(query, isMuscle(value) ? value : null);
            }}
          >
            <option value="">{t('strength.picker.anyMuscle')}</option>
            {MUSCLES.map((name) => (
              <option key={name} value={name}>
                {MUSCLE_LABELS[name]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p role="status" className="search-status">
        {statusText(state)}
      </p>
      {state.kind === 'found' ? (
        <ExerciseList label={t('strength.picker.results')} exercises={state.exercises} onPick={onPick} />
      ) : state.kind === 'idle' && recentExercises.length > 0 ? (
        <ExerciseList label={t('strength.picker.recent')} exercises={recentExercises} onPick={onPick} />
      ) : null}
      <button type="button" className="button-secondary" onClick={() => setCreating(true)}>
        {state.kind === 'found' && state.exercises.length === 0 && query.trim()
          ? t('strength.picker.createNamed', { name: query.trim() })
          : t('strength.picker.create')}
      </button>
    </div>
  );
}

function ExerciseList({
  label,
  exercises,
  onPick,
}: {
  label: string;
  exercises: readonly ExerciseRow[];
  onPick: (exercise: ExerciseRow) => void;
}) {
  const t = useT();
  const headingId = useId();
  return (
    <div className="food-list">
      <h3 id={headingId}>{label}</h3>
      <ul aria-labelledby={headingId}>
        {exercises.map((exercise) => (
          <li key={exercise.id}>
            <button type="button" className="food-option" onClick={() => onPick(exercise)}>
              <span className="food-name">
                {exerciseNameIn(exercise, currentLanguage())}
                {exercise.custom ? (
                  <span className="food-badge">
                    <span className="visually-hidden">, </span>
                    {t('strength.picker.mine')}
                  </span>
                ) : null}
              </span>
              <span className="food-values">
                <span className="visually-hidden">: </span>
                {exercise.primaryMuscles.map((name) => MUSCLE_LABELS[name]).join(', ')}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
