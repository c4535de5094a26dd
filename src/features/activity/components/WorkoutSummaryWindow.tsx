import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ActivityTypeIcon } from '@/components/ActivityTypeIcon';
import { MoreMenu } from '@/components/MoreMenu';
import { Popup } from '@/components/Popup';
import { ACTIVITY_TYPE_INFO, type ActivityRow, type WorkoutDetail } from '@/domain/activity';
import type { ExerciseRow } from '@/domain/strength';
import type { Units } from '@/domain/units';
import { useT } from '@/i18n';
import { formatDate } from '@/i18n/dates';
import { WorkoutLifts } from './WorkoutLifts';
import { WorkoutRecording } from './WorkoutRecording';
import { WorkoutStats } from './WorkoutStats';
import { WorkoutZones } from './WorkoutZones';

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
          <WorkoutStats
            type={activity.type}
            durationMin={activity.durationMin}
            movingTimeS={recording?.movingTimeS ?? null}
            distanceKm={activity.distanceKm}
            caloriesKcal={activity.caloriesKcal}
            caloriesEstimated={activity.caloriesEstimated}
            elevationGainM={recording?.elevationGainM ?? null}
            avgHr={recording?.avgHr ?? null}
            maxHr={recording?.maxHr ?? null}
            units={units}
          />
          {recording ? (
            // A copy kept on this device before zones existed lacks them.
            <WorkoutZones timeInZones={recording.timeInZones ?? null} load={recording.load ?? null} />
          ) : null}
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
