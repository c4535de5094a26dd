import { SyncBadge } from '@/components/SyncBadge';
import { format } from 'date-fns';
import { Link, useSearchParams } from 'react-router';
import { ACTIVITY_TYPE_INFO } from '@/domain/activity';
import { distanceUnitLabel, kmToDisplay, type Units } from '@/domain/units';
import type { ActivityRow } from '../types';
import { dayToDate, formatMinutes } from '../days';

export interface DayActivitiesProps {
  day: string;
  today: string;
  activities: readonly ActivityRow[];
  units: Units;
  onEdit: (activity: ActivityRow) => void;
  onAdd: () => void;
}

/** A strength workout's exercises, sets and the sets that beat a personal record. */
function describeLifts({ exercises = [], setRecords = [] }: ActivityRow): string | null {
  if (exercises.length === 0) return null;
  const sets = exercises.reduce((sum, exercise) => sum + exercise.sets.length, 0);
  const records = setRecords.flat().filter((kinds) => kinds.length > 0).length;
  const parts = [
    exercises.length === 1 ? '1 exercise' : `${exercises.length} exercises`,
    sets === 1 ? '1 set' : `${sets} sets`,
  ];
  if (records > 0) parts.push(`🏆 ${records === 1 ? '1 set' : `${records} sets`} with a personal record`);
  return parts.join(' · ');
}

function describe(activity: ActivityRow, units: Units): string {
  const parts = [format(new Date(activity.startedAt), 'HH:mm'), formatMinutes(activity.durationMin)];
  if (activity.distanceKm !== null) {
    parts.push(`${kmToDisplay(activity.distanceKm, units).toFixed(1)} ${distanceUnitLabel(units)}`);
  }
  if (activity.caloriesKcal !== null) {
    parts.push(`${activity.caloriesKcal} kcal${activity.caloriesEstimated ? ' (estimated)' : ''}`);
  }
  return parts.join(' · ');
}

/** The workouts of the chosen day with their totals; each opens the activity edit window. */
export function DayActivities({ day, today, activities, units, onEdit, onAdd }: DayActivitiesProps) {
  const [params] = useSearchParams();
  const detailLink = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('activity', id);
    return `?${next.toString()}`;
  };
  const minutes = activities.reduce((sum, activity) => sum + activity.durationMin, 0);
  const kcal = activities.reduce((sum, activity) => sum + (activity.caloriesKcal ?? 0), 0);
  const title =
    day === today ? `Today, ${format(dayToDate(day), 'd MMMM')}` : format(dayToDate(day), 'EEEE d MMMM yyyy');
  return (
    <section className="card day-activities" aria-labelledby="day-heading">
      <div className="card-header">
        <h2 id="day-heading">{title}</h2>
        <button type="button" className="button-primary" onClick={onAdd}>
          Log a workout
        </button>
      </div>
      {activities.length === 0 ? (
        <p className="empty-note">No workouts on this day yet.</p>
      ) : (
        <>
          <p className="day-totals">
            {activities.length === 1 ? '1 workout' : `${activities.length} workouts`} ·{' '}
            {formatMinutes(minutes)} · {kcal} kcal
          </p>
          <ul className="activity-list">
            {activities.map((activity) => {
              const info = ACTIVITY_TYPE_INFO[activity.type];
              const lifts = describeLifts(activity);
              return (
                <li key={activity.id}>
                  <button type="button" className="activity-item" onClick={() => onEdit(activity)}>
                    <span className="activity-icon" aria-hidden="true">
                      {info.icon}
                    </span>
                    <span className="activity-text">
                      <span className="activity-name">{info.label}</span>
                      <span className="activity-details">{describe(activity, units)}</span>
                      {lifts ? <span className="activity-details">{lifts}</span> : null}
                      {activity.notes ? <span className="activity-notes">{activity.notes}</span> : null}
                      <SyncBadge state={activity.sync} />
                    </span>
                    <span className="visually-hidden">, edit</span>
                  </button>
                  {activity.source ? (
                    <Link className="activity-detail-link" to={detailLink(activity.id)}>
                      Route and splits
                      <span className="visually-hidden">
                        {' '}
                        of the {info.label.toLowerCase()} at {format(new Date(activity.startedAt), 'HH:mm')}
                      </span>
                    </Link>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
