import { format } from 'date-fns';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { errorSentence } from '@/lib/errors';
import type { ImportAnswer } from '@/domain/track';
import { importWorkouts, type KeyedWorkout } from '../api';
import type { FileOutcome } from '../readFiles';
import type { WorkerMessage } from '../worker';

type Stage =
  | { kind: 'idle' }
  | { kind: 'reading'; done: number; total: number }
  | {
      kind: 'preview';
      workouts: KeyedWorkout[];
      names: string[];
      problems: FileOutcome[];
      answer: ImportAnswer;
    }
  | { kind: 'importing'; done: number; total: number }
  | { kind: 'done'; answer: ImportAnswer };

/** Reads the files in a worker, reporting each one read. */
function readInWorker(
  files: File[],
  onProgress: (done: number, total: number) => void,
): Promise<FileOutcome[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('../worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      if (message.kind === 'progress') onProgress(message.done, message.total);
      else {
        worker.terminate();
        resolve(message.outcomes);
      }
    };
    worker.onerror = () => {
      worker.terminate();
      reject(new Error('The files could not be read in this browser.'));
    };
    worker.postMessage(files);
  });
}

const day = (iso: string) => format(new Date(iso), 'd MMM yyyy');

/**
 * Imports workouts from GPX and TCX files: read in a worker, previewed against what is saved
 * (duplicates and unreadable files named), then sent in batches with a progress bar.
 */
export function ImportWorkouts() {
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [error, setError] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const choose = async (files: File[]) => {
    if (files.length === 0) return;
    setError('');
    setStage({ kind: 'reading', done: 0, total: files.length });
    try {
      const outcomes = await readInWorker(files, (done, total) => setStage({ kind: 'reading', done, total }));
      const read = outcomes.flatMap((outcome) => ('workout' in outcome ? [outcome] : []));
      const workouts = read.map((outcome) => ({ ...outcome.workout, clientKey: crypto.randomUUID() }));
      const answer =
        workouts.length === 0
          ? { imported: 0, wouldImport: 0, duplicates: [], refused: [] }
          : await importWorkouts(workouts, true);
      setStage({
        kind: 'preview',
        workouts,
        names: read.map((outcome) => outcome.name),
        problems: outcomes.filter((outcome) => 'problem' in outcome),
        answer,
      });
    } catch (failure) {
      setStage({ kind: 'idle' });
      setError(errorSentence(failure));
    }
  };

  const start = async (workouts: KeyedWorkout[]) => {
    setError('');
    setStage({ kind: 'importing', done: 0, total: workouts.length });
    try {
      const answer = await importWorkouts(workouts, false, (done) =>
        setStage({ kind: 'importing', done, total: workouts.length }),
      );
      setStage({ kind: 'done', answer });
    } catch (failure) {
      // Each workout keeps its key: importing the same files again adds nothing twice.
      setStage({ kind: 'idle' });
      setError(`${errorSentence(failure)} Choose the files again to finish; nothing is imported twice.`);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    void choose([...event.dataTransfer.files]);
  };

  return (
    <section className="card workout-import" aria-labelledby="workout-import-heading">
      <h2 id="workout-import-heading">Import workouts</h2>
      <div className="import-drop" onDragOver={(event) => event.preventDefault()} onDrop={onDrop}>
        <label htmlFor={`${hintId}-input`}>Workout files</label>
        <p id={hintId} className="field-hint">
          GPX or TCX files from a watch, a bike computer or another app. Choose several at once, or drop them
          here.
        </p>
        <input
          ref={inputRef}
          id={`${hintId}-input`}
          type="file"
          multiple
          accept=".gpx,.tcx"
          aria-describedby={hintId}
          disabled={stage.kind === 'reading' || stage.kind === 'importing'}
          onChange={(event) => void choose([...(event.currentTarget.files ?? [])])}
        />
      </div>
      {stage.kind === 'reading' ? (
        <Progress label="Reading files" done={stage.done} total={stage.total} unit="files" />
      ) : null}
      {stage.kind === 'importing' ? (
        <Progress label="Importing workouts" done={stage.done} total={stage.total} unit="workouts" />
      ) : null}
      {stage.kind === 'preview' ? (
        <Preview stage={stage} onImport={(workouts) => void start(workouts)} />
      ) : null}
      {stage.kind === 'done' ? (
        <p role="status">
          Imported {stage.answer.imported} {stage.answer.imported === 1 ? 'workout' : 'workouts'}
          {stage.answer.duplicates.length > 0 ? `; ${stage.answer.duplicates.length} were saved already` : ''}
          . <Link to="/">See them in the activity calendar</Link>
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function Progress({
  label,
  done,
  total,
  unit,
}: {
  label: string;
  done: number;
  total: number;
  unit: string;
}) {
  return (
    <div className="import-progress">
      <progress max={total} value={done} aria-label={label} />
      <p role="status">
        {label}: {done} of {total} {unit}
      </p>
    </div>
  );
}

function Preview({
  stage,
  onImport,
}: {
  stage: Extract<Stage, { kind: 'preview' }>;
  onImport: (workouts: KeyedWorkout[]) => void;
}) {
  const { workouts, names, problems, answer } = stage;
  const skipped = new Set([...answer.duplicates, ...answer.refused.map((refusal) => refusal.row)]);
  const fresh = workouts.filter((_, index) => !skipped.has(index + 1));
  const starts = fresh.map((workout) => workout.startedAt).sort();
  return (
    <div className="import-preview">
      <h3>Ready to import</h3>
      <p role="status">
        {fresh.length} new {fresh.length === 1 ? 'workout' : 'workouts'}
        {starts.length > 0 ? ` from ${day(starts[0] ?? '')} to ${day(starts.at(-1) ?? '')}` : ''}
        {answer.duplicates.length > 0 ? `; ${answer.duplicates.length} already saved, skipped` : ''}.
      </p>
      {answer.duplicates.length > 0 || answer.refused.length > 0 || problems.length > 0 ? (
        <ul className="import-skipped">
          {answer.duplicates.map((row) => (
            <li key={`d${row}`}>{names[row - 1]}: already saved.</li>
          ))}
          {answer.refused.map((refusal) => (
            <li key={`r${refusal.row}`}>
              {names[refusal.row - 1]}: {refusal.reason}
            </li>
          ))}
          {problems.map((problem) => (
            <li key={`p${problem.name}`}>
              {problem.name}: {'problem' in problem ? `${problem.problem}.` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          className="button-primary"
          disabled={fresh.length === 0}
          onClick={() => onImport(fresh)}
        >
          Import {fresh.length} {fresh.length === 1 ? 'workout' : 'workouts'}
        </button>
      </div>
    </div>
  );
}
