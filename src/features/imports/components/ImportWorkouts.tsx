import { useId, useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { currentLanguage, i18n, t, useT } from '@/i18n';
import { formatNumber } from '@/i18n/numbers';
import { formatDate } from '@/i18n/dates';
import { errorSentence } from '@/lib/errors';
import type { ImportAnswer } from '@/domain/track';
import type { WeighInImportResult } from '@/domain/weight';
import { MAX_ORIGINAL_BYTES } from '@/domain/originals';
import type { KeyedWorkout } from '@/domain/track';
import { importWeighIns, importWorkouts, keyOf, uploadOriginal } from '../api';
import type { ImportedWeighIn } from '../appleHealth';
import type { ReadOutcome } from '../readFiles';
import type { WorkerMessage, WorkerRequest } from '../worker';
import { FormError } from '@/components/FormError';

type Stage =
  | { kind: 'idle' }
  | { kind: 'reading'; done: number; total: number }
  | { kind: 'preview'; preview: Preview }
  | { kind: 'importing'; done: number; total: number }
  | { kind: 'done'; workouts: number; weighIns: number; skipped: number; kept: number; tooLarge: number };

interface Preview {
  /** The workout files chosen one by one, by the name their workouts carry: the originals one may keep. */
  files: Map<string, File>;
  workouts: KeyedWorkout[];
  names: string[];
  weighIns: ImportedWeighIn[];
  problems: ReadOutcome['problems'];
  workoutAnswer: ImportAnswer;
  weighInAnswer: WeighInImportResult;
}

const NOTHING: ImportAnswer = { imported: 0, wouldImport: 0, duplicates: [], refused: [] };

/** Reads the files in a worker, reporting the bytes read. */
function readInWorker(
  files: File[],
  onProgress: (done: number, total: number) => void,
): Promise<ReadOutcome> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('../worker.ts', import.meta.url), { type: 'module' });
    const fail = () => {
      worker.terminate();
      reject(new Error(t('imports.read.browserFailed')));
    };
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      if (message.kind === 'progress') onProgress(message.done, message.total);
      else if (message.kind === 'failed') fail();
      else {
        worker.terminate();
        resolve(message.outcome);
      }
    };
    worker.onerror = fail;
    // The worker writes its sentences (files it cannot read) with the messages of the language shown.
    const messages = Object.fromEntries(
      Object.entries(i18n.messages).filter(([id]) => id.startsWith('imports.')),
    );
    worker.postMessage({ files, language: currentLanguage(), messages } satisfies WorkerRequest);
  });
}

const day = (iso: string) => formatDate(new Date(iso), 'd MMM yyyy');
const megabytes = (bytes: number) => {
  const digits = bytes < 10 * 1024 ** 2 ? 1 : 0;
  const value = formatNumber(bytes / 1024 ** 2, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  });
  return t('imports.progress.megabytes', { value });
};

/** Fresh workouts and weigh-ins of a preview: those neither saved already nor refused. */
function freshOf({ workouts, weighIns, workoutAnswer, weighInAnswer }: Preview) {
  const skipped = new Set([
    ...workoutAnswer.duplicates,
    ...workoutAnswer.refused.map((refusal) => refusal.row),
  ]);
  const saved = new Set(weighInAnswer.duplicates);
  const rows = workouts.flatMap((workout, index) => (skipped.has(index + 1) ? [] : [index]));
  return {
    rows,
    workouts: rows.map((index) => workouts[index] as KeyedWorkout),
    weighIns: weighIns.filter((_, index) => !saved.has(index + 1)),
  };
}

/**
 * Uploads the originals of the fresh workouts read from files chosen one by one (a file of several
 * sessions once) and names them on their workouts; counts those too large to keep.
 */
async function withOriginals(preview: Preview, rows: readonly number[], onUploaded: () => void) {
  const uploads = new Map<File, ReturnType<typeof uploadOriginal>>();
  let tooLarge = 0;
  const workouts: KeyedWorkout[] = [];
  for (const row of rows) {
    const workout = preview.workouts[row] as KeyedWorkout;
    const file = preview.files.get(preview.names[row] ?? '');
    if (!file) {
      workouts.push(workout);
      continue;
    }
    let upload = uploads.get(file);
    if (!upload) {
      upload = uploadOriginal(file);
      uploads.set(file, upload);
      const kept = await upload;
      if (kept) onUploaded();
      else tooLarge += 1;
    }
    const kept = await upload;
    workouts.push(kept ? { ...workout, ...kept } : workout);
  }
  return { workouts, kept: [...uploads.values()].length - tooLarge, tooLarge };
}

/**
 * Imports history: workout files (GPX, TCX, FIT), zips of them, a Strava archive and an Apple
 * Health export, read in a worker, previewed against what is saved (duplicates and unreadable files
 * named), then sent in batches with a progress bar.
 */
export function ImportWorkouts() {
  const t = useT();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [keep, setKeep] = useState(false);
  const [error, setError] = useState('');
  const hintId = useId();
  const busy = stage.kind === 'reading' || stage.kind === 'importing';

  const choose = async (files: File[]) => {
    if (files.length === 0) return;
    setError('');
    const size = files.reduce((sum, file) => sum + file.size, 0);
    setStage({ kind: 'reading', done: 0, total: size });
    try {
      const outcome = await readInWorker(files, (done, total) => setStage({ kind: 'reading', done, total }));
      const workouts = await Promise.all(
        outcome.workouts.map(async ({ workout }) => ({ ...workout, clientKey: await keyOf(workout) })),
      );
      const [workoutAnswer, weighInAnswer] = await Promise.all([
        workouts.length === 0 ? NOTHING : importWorkouts(workouts, true),
        outcome.weighIns.length === 0
          ? { imported: 0, wouldImport: 0, duplicates: [] }
          : importWeighIns(outcome.weighIns, true),
      ]);
      setStage({
        kind: 'preview',
        preview: {
          files: new Map(
            files.flatMap((file) => {
              const path = file.webkitRelativePath || file.name;
              return /\.(gpx|tcx|fit)(\.gz)?$/i.test(path) ? [[path, file] as const] : [];
            }),
          ),
          workouts,
          names: outcome.workouts.map(({ name }) => name),
          weighIns: outcome.weighIns,
          problems: outcome.problems,
          workoutAnswer,
          weighInAnswer,
        },
      });
    } catch (failure) {
      setStage({ kind: 'idle' });
      setError(errorSentence(failure));
    }
  };

  const start = async (preview: Preview) => {
    const fresh = freshOf(preview);
    const originals = keep
      ? new Set(fresh.rows.flatMap((row) => preview.files.get(preview.names[row] ?? '') ?? [])).size
      : 0;
    const total = originals + fresh.workouts.length + fresh.weighIns.length;
    let done = 0;
    setError('');
    setStage({ kind: 'importing', done, total });
    try {
      const kept = keep
        ? await withOriginals(preview, fresh.rows, () => setStage({ kind: 'importing', done: ++done, total }))
        : { workouts: fresh.workouts, kept: 0, tooLarge: 0 };
      done = originals;
      const workouts = await importWorkouts(kept.workouts, false, (count) =>
        setStage({ kind: 'importing', done: done + count, total }),
      );
      done += fresh.workouts.length;
      const weighIns = await importWeighIns(fresh.weighIns, false, (count) =>
        setStage({ kind: 'importing', done: done + count, total }),
      );
      setStage({
        kind: 'done',
        workouts: workouts.imported,
        weighIns: weighIns.imported,
        skipped: workouts.duplicates.length + weighIns.duplicates.length,
        kept: kept.kept,
        tooLarge: kept.tooLarge,
      });
    } catch (failure) {
      // Each workout keeps its key: importing the same files again adds nothing twice.
      setStage({ kind: 'idle' });
      setError(t('imports.import.failed', { error: errorSentence(failure) }));
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    if (!busy) void choose([...event.dataTransfer.files]);
  };

  return (
    <section className="card workout-import" aria-labelledby="workout-import-heading">
      <h2 id="workout-import-heading">{t('imports.form.title')}</h2>
      <div className="import-drop" onDragOver={(event) => event.preventDefault()} onDrop={onDrop}>
        <p id={hintId} className="field-hint">
          {t('imports.form.hint')}
        </p>
        <div className="import-inputs">
          <label>
            {t('imports.form.files')}
            <input
              type="file"
              multiple
              accept=".gpx,.tcx,.fit,.gz,.zip,.xml,.csv"
              aria-describedby={hintId}
              disabled={busy}
              onChange={(event) => void choose([...(event.currentTarget.files ?? [])])}
            />
          </label>
          <label>
            {t('imports.form.folder')}
            <input
              type="file"
              {...{ webkitdirectory: '' }}
              aria-describedby={hintId}
              disabled={busy}
              onChange={(event) => void choose([...(event.currentTarget.files ?? [])])}
            />
          </label>
        </div>
        <label className="check-option">
          <input
            type="checkbox"
            checked={keep}
            disabled={busy}
            aria-describedby={`${hintId}-keep`}
            onChange={(event) => setKeep(event.currentTarget.checked)}
          />
          {t('imports.form.keepOriginals')}
        </label>
        <p id={`${hintId}-keep`} className="field-hint">
          {t('imports.form.keepHint', { size: MAX_ORIGINAL_BYTES / 1024 ** 2 })}
        </p>
      </div>
      {stage.kind === 'reading' ? (
        <Progress
          label={t('imports.progress.reading')}
          done={stage.done}
          total={stage.total}
          status={t('imports.progress.readingStatus', {
            done: megabytes(stage.done),
            total: megabytes(stage.total),
          })}
        />
      ) : null}
      {stage.kind === 'importing' ? (
        <Progress
          label={t('imports.progress.importing')}
          done={stage.done}
          total={stage.total}
          status={t('imports.progress.importingStatus', { done: stage.done, total: stage.total })}
        />
      ) : null}
      {stage.kind === 'preview' ? (
        <PreviewPanel preview={stage.preview} onImport={() => void start(stage.preview)} />
      ) : null}
      {stage.kind === 'done' ? (
        <p role="status">
          {t('imports.done.imported', {
            workouts: stage.workouts,
            weighIns: stage.weighIns,
            skipped: stage.skipped,
          })}{' '}
          {stage.kept > 0 ? `${t('imports.done.kept', { count: stage.kept })} ` : ''}
          {stage.tooLarge > 0
            ? `${t('imports.done.tooLarge', { count: stage.tooLarge, size: MAX_ORIGINAL_BYTES / 1024 ** 2 })} `
            : ''}
          <Link to="/">{t('imports.done.calendarLink')}</Link>
        </p>
      ) : null}
      <FormError>{error}</FormError>
    </section>
  );
}

function Progress({
  label,
  done,
  total,
  status,
}: {
  label: string;
  done: number;
  total: number;
  /** "Reading files: 2.5 MB of 10 MB". */
  status: string;
}) {
  return (
    <div className="import-progress">
      <progress max={total} value={done} aria-label={label} />
      <p role="status">{status}</p>
    </div>
  );
}

/** The most skipped files and rows the preview names one by one; the rest are counted. */
const LISTED = 20;

function PreviewPanel({ preview, onImport }: { preview: Preview; onImport: () => void }) {
  const t = useT();
  const { names, problems, workoutAnswer, weighInAnswer } = preview;
  const fresh = freshOf(preview);
  const starts = [
    ...fresh.workouts.map((workout) => workout.startedAt),
    ...fresh.weighIns.map((row) => row.measuredAt),
  ].sort();
  const nameOf = (row: number) => names[row - 1] ?? t('imports.preview.workoutNumber', { row });
  const skipped = [
    ...workoutAnswer.duplicates.map((row) => t('imports.preview.alreadySaved', { name: nameOf(row) })),
    ...workoutAnswer.refused.map((refusal) =>
      t('imports.preview.refused', { name: nameOf(refusal.row), reason: refusal.reason }),
    ),
    ...problems.map((problem) =>
      t('imports.preview.problem', { name: problem.name, problem: problem.problem }),
    ),
  ];
  const count = fresh.workouts.length + fresh.weighIns.length;
  const workouts = fresh.workouts.length;
  const weighIns = fresh.weighIns.length;
  return (
    <div className="import-preview">
      <h3>{t('imports.preview.title')}</h3>
      <p role="status">
        {t('imports.preview.summary', {
          workouts,
          withWeighIns: preview.weighIns.length > 0 ? 'yes' : 'no',
          weighIns,
          withDates: starts.length > 0 ? 'yes' : 'no',
          from: starts.length > 0 ? day(starts[0] ?? '') : '',
          to: starts.length > 0 ? day(starts.at(-1) ?? '') : '',
          skipped: workoutAnswer.duplicates.length + weighInAnswer.duplicates.length,
        })}
      </p>
      {skipped.length > 0 ? (
        <ul className="import-skipped">
          {skipped.slice(0, LISTED).map((line, index) => (
            <li key={index}>{line}</li>
          ))}
          {skipped.length > LISTED ? (
            <li>{t('imports.preview.more', { count: skipped.length - LISTED })}</li>
          ) : null}
        </ul>
      ) : null}
      <div className="form-actions">
        <button type="button" className="button-primary" disabled={count === 0} onClick={onImport}>
          {workouts > 0 && weighIns > 0
            ? t('imports.preview.importBoth', { workouts, weighIns })
            : workouts === 0 && weighIns > 0
              ? t('imports.preview.importWeighIns', { count: weighIns })
              : t('imports.preview.importWorkouts', { count: workouts })}
        </button>
      </div>
    </div>
  );
}
