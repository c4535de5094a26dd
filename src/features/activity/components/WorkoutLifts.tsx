import { Trophy } from 'lucide-react';
import {
  exerciseNameIn,
  RECORD_LABELS,
  type ExerciseRow,
  type LoggedExercise,
  type LoggedSet,
  type Measure,
  type RecordKind,
} from '@/domain/strength';
import { clockText } from '@/domain/pace';
import { kgToLb, type Units } from '@/domain/units';
import { currentLanguage, useT, type Translator } from '@/i18n';
import { formatNumber } from '@/i18n/numbers';

/** One set as it was done: "60 kg × 8", "12 reps", "1:30", "500 m in 2:05". */
function setText(set: LoggedSet, measure: Measure, units: Units, t: Translator): string {
  const unit = units === 'imperial' ? 'lb' : 'kg';
  const weight =
    set.weightKg !== undefined && set.weightKg > 0
      ? formatNumber(units === 'imperial' ? kgToLb(set.weightKg) : set.weightKg, {
          maximumFractionDigits: units === 'imperial' ? 1 : 2,
          useGrouping: false,
        })
      : null;
  const reps = set.reps ?? 0;
  const time = set.durationS !== undefined ? clockText(set.durationS) : null;
  switch (measure) {
    case 'weight_reps':
    case 'reps':
      return weight
        ? t('activity.summary.setWeightReps', { weight, unit, reps })
        : t('activity.summary.setReps', { reps });
    case 'time':
      return weight
        ? t('activity.summary.setTimeWeight', { time: time ?? '0:00', weight, unit })
        : (time ?? '0:00');
    case 'distance':
      return time
        ? t('activity.summary.setDistanceTime', { distance: set.distanceM ?? 0, time })
        : t('activity.summary.setDistance', { distance: set.distanceM ?? 0 });
  }
}

/** A strength workout's exercises and each set, the sets that beat a personal record marked. */
export function WorkoutLifts({
  exercises,
  setRecords = [],
  known,
  units,
}: {
  exercises: readonly LoggedExercise[];
  setRecords?: readonly RecordKind[][][] | undefined;
  /** The exercises the workout names (their names and measures). */
  known: readonly ExerciseRow[];
  units: Units;
}) {
  const t = useT();
  const byId = new Map(known.map((exercise) => [exercise.id, exercise]));
  const language = currentLanguage();
  return (
    <section className="workout-lifts" aria-labelledby="workout-lifts-heading">
      <h3 id="workout-lifts-heading">{t('activity.summary.exercises')}</h3>
      <ol className="workout-lift-list">
        {exercises.map((exercise, exerciseIndex) => {
          const row = byId.get(exercise.exerciseId);
          return (
            <li key={`${exercise.exerciseId}-${exerciseIndex}`}>
              <span className="workout-lift-name">
                {row ? exerciseNameIn(row, language) : t('activity.summary.unknownExercise')}
              </span>
              <ol className="workout-set-list">
                {exercise.sets.map((set, setIndex) => {
                  const records = setRecords[exerciseIndex]?.[setIndex] ?? [];
                  return (
                    <li key={setIndex}>
                      {t('activity.summary.set', {
                        number: setIndex + 1,
                        set: setText(set, row?.measure ?? 'weight_reps', units, t),
                      })}
                      {set.warmup ? (
                        <span className="field-hint"> {t('activity.summary.warmup')}</span>
                      ) : null}
                      {records.length > 0 ? (
                        <span className="record-badge">
                          {' '}
                          <Trophy className="icon icon-trophy icon-lead" aria-hidden="true" />
                          {t('activity.summary.records', {
                            records: records.map((kind) => RECORD_LABELS[kind]).join(', '),
                          })}
                        </span>
                      ) : null}
                    </li>
                  );
                })}
              </ol>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
