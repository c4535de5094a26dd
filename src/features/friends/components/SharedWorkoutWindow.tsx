import { useEffect, useState, type ReactNode } from 'react';
import { ActivityTypeIcon } from '@/components/ActivityTypeIcon';
import { FormError } from '@/components/FormError';
import { Popup } from '@/components/Popup';
import { ACTIVITY_TYPE_INFO } from '@/domain/activity';
import type { SharedWorkout } from '@/domain/sharing';
import type { Units } from '@/domain/units';
import { RouteCharts, RouteLine, WorkoutStats } from '@/features/activity';
import { useT } from '@/i18n';
import { formatDate } from '@/i18n/dates';
import { errorSentence } from '@/lib/errors';
import { saveFile } from '@/lib/saveFile';
import { loadSharedWorkout, loadSharedWorkoutGpx } from '../api';
import { PersonLabel } from '@/components/PersonLabel';

export interface SharedWorkoutWindowProps {
  /** The workout to show, or null for the window closed. */
  activityId: string | null;
  onClose: () => void;
  /** The reader's units; metric unless given. */
  units?: Units;
  /** Shown at the window's foot once the workout is loaded (kudos, comments, report). */
  children?: (workout: SharedWorkout) => ReactNode;
}

type Loaded = { activityId: string } & ({ workout: SharedWorkout } | { problem: string });

/** The shared route as its owner's server writes it, saved as a file. */
function GpxDownload({ activityId }: { activityId: string }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const download = async () => {
    setBusy(true);
    setProblem('');
    try {
      const { fileName, gpx } = await loadSharedWorkoutGpx(activityId);
      saveFile(new Blob([gpx], { type: 'application/gpx+xml' }), fileName);
    } catch (error) {
      setProblem(errorSentence(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="form-actions">
      <button type="button" className="button-secondary" disabled={busy} onClick={() => void download()}>
        {t('activity.detail.downloadGpx')}
      </button>
      <FormError>{problem}</FormError>
    </div>
  );
}

/** What a friend's workout shows: its numbers, and its route and charts when they share them. */
function SharedWorkoutBody({ workout, units }: { workout: SharedWorkout; units: Units }) {
  const t = useT();
  const started = new Date(workout.startedAt);
  return (
    <div className="workout-summary">
      <PersonLabel person={workout.owner} />
      <p className="workout-summary-when">
        <span className="activity-icon" aria-hidden="true">
          <ActivityTypeIcon type={workout.type} />
        </span>
        {t('activity.summary.when', {
          type: ACTIVITY_TYPE_INFO[workout.type].label,
          date: formatDate(started, 'EEEE d MMMM yyyy'),
          time: formatDate(started, 'HH:mm'),
        })}
      </p>
      <WorkoutStats {...workout} units={units} />
      {workout.route ? (
        <div className="workout-detail">
          <RouteLine points={workout.route} label={t('friends.shared.routeLabel')} />
          <RouteCharts points={workout.route} type={workout.type} units={units} />
          <GpxDownload activityId={workout.activityId} />
        </div>
      ) : (
        <p className="empty-note">{t('friends.shared.noRoute')}</p>
      )}
    </div>
  );
}

/**
 * A friend's workout as they share it (`sharedWorkout`): its numbers, heart rate only when they
 * share it, and the route with its ends and their privacy zones cut, with a GPX download. What the
 * page adds (kudos, comments) shows at its foot.
 */
export function SharedWorkoutWindow({
  activityId,
  onClose,
  units = 'metric',
  children,
}: SharedWorkoutWindowProps) {
  const t = useT();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    if (!activityId) return;
    let current = true;
    loadSharedWorkout(activityId).then(
      (workout) => current && setLoaded({ activityId, workout }),
      (error: unknown) => current && setLoaded({ activityId, problem: errorSentence(error) }),
    );
    return () => {
      current = false;
    };
  }, [activityId]);
  const shown = loaded && loaded.activityId === activityId ? loaded : null;
  const workout = shown && 'workout' in shown ? shown.workout : null;
  const title = workout
    ? t('friends.shared.title', {
        name: workout.owner.displayName,
        type: ACTIVITY_TYPE_INFO[workout.type].label,
        date: formatDate(new Date(workout.startedAt), 'd MMMM yyyy'),
      })
    : t('friends.shared.untitled');
  return (
    <Popup open={activityId !== null} title={title} onClose={onClose} focusTitle>
      {shown === null ? <p className="empty-note">{t('friends.shared.loading')}</p> : null}
      {shown && 'problem' in shown ? <FormError>{shown.problem}</FormError> : null}
      {workout ? <SharedWorkoutBody workout={workout} units={units} /> : null}
      {workout ? children?.(workout) : null}
    </Popup>
  );
}
