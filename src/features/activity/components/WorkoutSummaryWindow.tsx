import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ActivityTypeIcon } from '@/components/ActivityTypeIcon';
import { MoreMenu } from '@/components/MoreMenu';
import { Popup } from '@/components/Popup';
import { ACTIVITY_TYPE_INFO, type ActivityRow, type WorkoutDetail } from '@/domain/activity';
import { clockText, paceOrSpeed } from '@/domain/pace';
import type { ExerciseRow } from '@/domain/strength';
import { distanceUnitLabel, kmToDisplay, type Units } from '@/domain/units';
import { useT } from '@/i18n';
import { formatDate } from '@/i18n/dates';
import { formatNumber } from '@/i18n/numbers';
import { formatMinutes } from '../days';
import { WorkoutLifts } from './WorkoutLifts';
import { WorkoutRecording } from './WorkoutRecording';

export interface WorkoutSummaryWindowProps {
  /** The workout to show, or null for the window closed. */
  activity: ActivityRow | null;
  /** What the server knows of it beyond the row (its recording and route), when loaded. */
  detail: WorkoutDetail | null;
  units: Units;
  /** The exercises a strength workout names. */
  knownExercises: readonly ExerciseRow[];
  onClose: () => void;
  onEdit: (activity: ActivityRow) => void;
  /** Asked once in the window, then called to delete the workout. */
  onDelete: (activity: ActivityRow) => void;
}

/** A number with `digits` decimals in the language shown ("12.50", "12,50"). */
const fixed = (value: number, digits: number) =>
  formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });

/**
 * One workout to read: when, how long, how far, its pace or speed and energy; a strength workout's
 * sets; a recorded one's route, splits and heart rate. Edit and Delete sit in its menu.
 */
export function WorkoutSummaryWindow({
  activity,
  detail,
  units,
  knownExercises,
  onClose,
  onEdit,
  onDelete,
}: WorkoutSummaryWindowProps) {
  const t = useT();
  // The workout whose deletion is being asked about; another workout opened asks afresh.
  const [confirming, setConfirming] = useState<string | null>(null);
  const title = activity
    ? t('activity.detail.title', {
        type: ACTIVITY_TYPE_INFO[activity.type].label,
        date: formatDate(new Date(activity.startedAt), 'd MMMM yyyy'),
      })
    : t('activity.detail.untitled');
  const recording = activity && detail?.activity.id === activity.id ? detail : null;
  const unit = distanceUnitLabel(units);
  const seconds = recording?.movingTimeS ?? (activity ? activity.durationMin * 60 : 0);
  const average = activity ? paceOrSpeed(activity.type, activity.distanceKm, seconds, units) : null;
  return (
    <Popup
      open={activity !== null}
      title={title}
      onClose={() => {
        setConfirming(null);
        onClose();
      }}
      focusTitle
      actions={
        activity ? (
          <MoreMenu
            label={t('activity.summary.more')}
            choices={[
              {
                label: t('activity.summary.edit'),
                icon: <Pencil className="icon icon-lead" aria-hidden="true" />,
                onSelect: () => onEdit(activity),
              },
              {
                label: t('activity.summary.delete'),
                icon: <Trash2 className="icon icon-lead" aria-hidden="true" />,
                onSelect: () => setConfirming(activity.id),
              },
            ]}
          />
        ) : null
      }
    >
      {activity ? (
        <div className="workout-summary">
          {confirming === activity.id ? (
            <div className="confirm-delete" role="group" aria-label={t('frame.edit.confirmDelete')}>
              <p>{t('activity.edit.confirmDelete')}</p>
              <button type="button" className="button-danger" autoFocus onClick={() => onDelete(activity)}>
                {t('frame.edit.deleteThing', { thing: t('activity.edit.thing') })}
              </button>
              <button type="button" className="button-secondary" onClick={() => setConfirming(null)}>
                {t('frame.edit.keep')}
              </button>
            </div>
          ) : null}
          <p className="workout-summary-when">
            <span className="activity-icon" aria-hidden="true">
              <ActivityTypeIcon type={activity.type} />
            </span>
            {t('activity.summary.when', {
              type: ACTIVITY_TYPE_INFO[activity.type].label,
              date: formatDate(new Date(activity.startedAt), 'EEEE d MMMM yyyy'),
              time: formatDate(new Date(activity.startedAt), 'HH:mm'),
            })}
          </p>
          <dl className="stat-list">
            <div>
              <dt>
                {recording?.movingTimeS != null
                  ? t('activity.detail.elapsed')
                  : t('activity.summary.duration')}
              </dt>
              <dd>{formatMinutes(activity.durationMin)}</dd>
            </div>
            {recording?.movingTimeS != null ? (
              <div>
                <dt>{t('activity.detail.movingTime')}</dt>
                <dd>{clockText(recording.movingTimeS)}</dd>
              </div>
            ) : null}
            {activity.distanceKm !== null ? (
              <div>
                <dt>{t('activity.detail.distance')}</dt>
                <dd>
                  {fixed(kmToDisplay(activity.distanceKm, units), 2)} {unit}
                </dd>
              </div>
            ) : null}
            {average?.kind === 'pace' ? (
              <div>
                <dt>{t('activity.summary.pace')}</dt>
                <dd>{t('activity.summary.paceValue', { pace: clockText(average.secondsPerUnit), unit })}</dd>
              </div>
            ) : null}
            {average?.kind === 'speed' ? (
              <div>
                <dt>{t('activity.summary.speed')}</dt>
                <dd>
                  {fixed(average.perHour, 1)} {units === 'imperial' ? 'mph' : 'km/h'}
                </dd>
              </div>
            ) : null}
            {activity.caloriesKcal !== null ? (
              <div>
                <dt>{t('activity.summary.calories')}</dt>
                <dd>
                  {activity.caloriesEstimated
                    ? t('activity.day.kcalEstimated', { kcal: activity.caloriesKcal })
                    : t('activity.summary.kcal', { kcal: activity.caloriesKcal })}
                </dd>
              </div>
            ) : null}
            {recording?.elevationGainM != null ? (
              <div>
                <dt>{t('activity.detail.climb')}</dt>
                <dd>
                  {units === 'imperial'
                    ? `${Math.round(recording.elevationGainM * 3.28084)} ft`
                    : `${recording.elevationGainM} m`}
                </dd>
              </div>
            ) : null}
            {recording?.avgHr != null ? (
              <div>
                <dt>{t('activity.detail.heartRate')}</dt>
                <dd>
                  {recording.maxHr !== null
                    ? t('activity.detail.heartRateAverageMax', {
                        average: recording.avgHr,
                        max: recording.maxHr,
                      })
                    : t('activity.detail.heartRateAverage', { average: recording.avgHr })}
                </dd>
              </div>
            ) : null}
          </dl>
          {activity.notes ? (
            <>
              <h3>{t('activity.summary.notes')}</h3>
              <p className="workout-summary-notes">{activity.notes}</p>
            </>
          ) : null}
          {activity.exercises && activity.exercises.length > 0 ? (
            <WorkoutLifts
              exercises={activity.exercises}
              setRecords={activity.setRecords}
              known={knownExercises}
              units={units}
            />
          ) : null}
          {recording && (recording.track || recording.original) ? (
            <WorkoutRecording detail={recording} units={units} title={title} />
          ) : null}
        </div>
      ) : null}
    </Popup>
  );
}
