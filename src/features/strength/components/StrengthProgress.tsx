import { lazy, Suspense, useEffect, useId, useState } from 'react';
import {
  exerciseNameIn,
  PROGRESS_RANGES,
  type ExerciseProgress,
  type ExerciseRow,
  type Muscle,
  type PersonalRecord,
  type ProgressRange,
} from '@/domain/strength';
import { currentLanguage, t, useT, type MessageId } from '@/i18n';
import { formatDate } from '@/i18n/dates';
import { errorSentence } from '@/lib/errors';
import { loadExerciseProgress, loadRecentExercises } from '../api';
import { liftNumber, RANGE_NAMES } from '../labels';
import { weightToDisplay, type LiftUnit } from '../sets';

const ExerciseProgressChart = lazy(() => import('./ExerciseProgressChart'));
const MuscleSetsChart = lazy(() => import('./MuscleSetsChart'));

/** What an empty range says, per range: `{name}` is the exercise. */
const NO_WORKOUT_IN: Readonly<Record<ProgressRange, MessageId>> = {
  '1m': 'strength.progress.noWorkoutMonth',
  '3m': 'strength.progress.noWorkoutThreeMonths',
  '6m': 'strength.progress.noWorkoutSixMonths',
  '1y': 'strength.progress.noWorkoutYear',
  all: 'strength.progress.noWorkoutAllTime',
};

export interface StrengthProgressProps {
  unit: LiftUnit;
  /** Changes whenever the person's workouts may have: the latest exercises are asked for again. */
  revision?: unknown;
  /** This week's working sets per primary muscle (the start page's summary). */
  weekMuscleSets?: Partial<Record<Muscle, number>> | undefined;
  /** Where the latest exercises and an exercise's progress come from (the server, unless a test says). */
  loadRecent?: typeof loadRecentExercises;
  loadProgress?: typeof loadExerciseProgress;
}

type Loaded =
  { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'done'; progress: ExerciseProgress };

function recordText(record: PersonalRecord | null, value: (record: PersonalRecord) => string) {
  if (!record) return null;
  return t('strength.progress.recordOn', {
    record: value(record),
    date: formatDate(new Date(record.startedAt), 'd MMM yyyy'),
  });
}

/** An exercise with weight and reps: the one kind a one-rep max and a set volume mean something for. */
const isLift = (exercise: ExerciseRow) => exercise.measure === 'weight_reps';

/**
 * How a person's lifts progress: one of their latest exercises over a range, its estimated one-rep
 * max and volume per workout, and its personal records of all time. Shown only to people who have
 * logged a strength workout.
 */
export function StrengthProgress({
  unit,
  revision,
  weekMuscleSets = {},
  loadRecent = loadRecentExercises,
  loadProgress = loadExerciseProgress,
}: StrengthProgressProps) {
  const t = useT();
  const [exercises, setExercises] = useState<readonly ExerciseRow[]>([]);
  const [exerciseId, setExerciseId] = useState('');
  const [range, setRange] = useState<ProgressRange>('3m');
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const ids = { heading: useId(), exercise: useId(), range: useId() };

  useEffect(() => {
    let current = true;
    loadRecent([]).then(
      (answer) => {
        if (!current) return;
        setExercises(answer.exercises);
        setExerciseId((chosen) => chosen || (answer.exercises.find(isLift)?.id ?? ''));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [loadRecent, revision]);

  useEffect(() => {
    if (!exerciseId) return undefined;
    let current = true;
    loadProgress(exerciseId, range).then(
      (progress) => {
        if (current) setLoaded({ kind: 'done', progress });
      },
      (failure: unknown) => {
        if (current) setLoaded({ kind: 'failed', message: errorSentence(failure) });
      },
    );
    return () => {
      current = false;
    };
  }, [exerciseId, range, loadProgress, revision]);

  if (exercises.length === 0) return null;
  const lifts = exercises.filter(isLift);
  const muscleSets = (Object.entries(weekMuscleSets) as [Muscle, number][])
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1]);
  const weight = (kg: number) =>
    t('strength.progress.weight', { weight: liftNumber(weightToDisplay(kg, unit)), unit });
  const progress = loaded.kind === 'done' ? loaded.progress : null;
  const records = progress?.records;
  const recordLines = records
    ? [
        [
          t('strength.progress.heaviest'),
          recordText(records.heaviest, (r) =>
            t('strength.progress.heaviestValue', { weight: weight(r.weightKg), reps: r.reps }),
          ),
        ],
        [
          t('strength.progress.oneRepMax'),
          recordText(records.oneRepMax, (r) =>
            t('strength.progress.oneRepMaxValue', {
              oneRepMax: weight(r.value),
              weight: weight(r.weightKg),
              reps: r.reps,
            }),
          ),
        ],
        [
          t('strength.progress.setVolume'),
          recordText(records.setVolume, (r) =>
            t('strength.progress.setVolumeValue', {
              volume: weight(r.value),
              weight: weight(r.weightKg),
              reps: r.reps,
            }),
          ),
        ],
      ].filter((line): line is [string, string] => line[1] !== null)
    : [];

  return (
    <section className="card strength-progress" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{t('strength.progress.title')}</h2>
      {lifts.length === 0 ? <p className="empty-note">{t('strength.progress.noLifts')}</p> : null}
      {lifts.length > 0 ? (
        <>
          <div className="form-row">
            <div className="form-field">
              <label htmlFor={ids.exercise}>{t('strength.progress.exercise')}</label>
              <select
                id={ids.exercise}
                value={exerciseId}
                onChange={(event) => {
                  setLoaded({ kind: 'loading' });
                  setExerciseId(event.target.value);
                }}
              >
                {lifts.map((exercise) => (
                  <option key={exercise.id} value={exercise.id}>
                    {exerciseNameIn(exercise, currentLanguage())}
                  </option>
                ))}
              </select>
            </div>
            <div className="form-field">
              <label htmlFor={ids.range}>{t('strength.progress.range')}</label>
              <select
                id={ids.range}
                value={range}
                onChange={(event) => {
                  setLoaded({ kind: 'loading' });
                  setRange(event.target.value as ProgressRange);
                }}
              >
                {PROGRESS_RANGES.map((choice) => (
                  <option key={choice} value={choice}>
                    {t(RANGE_NAMES[choice])}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {loaded.kind === 'failed' ? <p role="alert">{loaded.message}</p> : null}
          {progress ? (
            progress.points.length === 0 ? (
              <p className="empty-note">
                {t(NO_WORKOUT_IN[progress.range], {
                  name: exerciseNameIn(progress.exercise, currentLanguage()),
                })}
              </p>
            ) : (
              <Suspense fallback={<p className="empty-note">{t('strength.progress.loadingChart')}</p>}>
                <ExerciseProgressChart
                  name={exerciseNameIn(progress.exercise, currentLanguage())}
                  points={progress.points}
                  unit={unit}
                />
              </Suspense>
            )
          ) : null}
          {recordLines.length > 0 ? (
            <dl className="strength-records">
              {recordLines.map(([term, value]) => (
                <div key={term}>
                  <dt>{term}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </>
      ) : null}
      <h3>{t('strength.progress.muscleSets')}</h3>
      {muscleSets.length === 0 ? (
        <p className="empty-note">{t('strength.progress.noMuscleSets')}</p>
      ) : (
        <Suspense fallback={<p className="empty-note">{t('strength.progress.loadingChart')}</p>}>
          <MuscleSetsChart sets={muscleSets} />
        </Suspense>
      )}
    </section>
  );
}
