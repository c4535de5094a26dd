import { Trophy } from 'lucide-react';
import { ActivityTypeIcon } from '@/components/ActivityTypeIcon';
import { SyncBadge } from '@/components/SyncBadge';
import { ACTIVITY_TYPE_INFO } from '@/domain/activity';
import { distanceUnitLabel, kmToDisplay, type Units } from '@/domain/units';
import { useT, type Translator } from '@/i18n';
import { formatNumber } from '@/i18n/numbers';
import { formatDate } from '@/i18n/dates';
import type { ActivityRow } from '../types';
import { dayToDate, formatMinutes } from '../days';

export interface DayActivitiesProps {
  day: string;
  today: string;
  activities: readonly ActivityRow[];
  units: Units;
  /** Opens the workout: its summary, or the edit window for one not yet saved on the server. */
  onOpen: (activity: ActivityRow) => void;
}

/** A strength workout's exercises and sets, and apart (shown with a trophy) the sets that beat a personal record. */
function describeLifts(
  { exercises = [], setRecords = [] }: ActivityRow,
  t: Translator,
): { counts: string; records: string | null } | null {
  if (exercises.length === 0) return null;
  const sets = exercises.reduce((sum, exercise) => sum + exercise.sets.length, 0);
  const records = setRecords.flat().filter((kinds) => kinds.length > 0).length;
  return {
    counts: [
      t('activity.day.exercises', { count: exercises.length }),
      t('activity.day.sets', { count: sets }),
    ].join(' · '),
    records: records > 0 ? t('activity.day.recordSets', { count: records }) : null,
  };
}

function describe(activity: ActivityRow, units: Units, t: Translator): string {
  const parts = [formatDate(new Date(activity.startedAt), 'HH:mm'), formatMinutes(activity.durationMin)];
  if (activity.distanceKm !== null) {
    const distance = formatNumber(kmToDisplay(activity.distanceKm, units), {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
      useGrouping: false,
    });
    parts.push(`${distance} ${distanceUnitLabel(units)}`);
  }
  if (activity.caloriesKcal !== null) {
    parts.push(
      activity.caloriesEstimated
        ? t('activity.day.kcalEstimated', { kcal: activity.caloriesKcal })
        : `${activity.caloriesKcal} kcal`,
    );
  }
  return parts.join(' · ');
}

/** The workouts of the chosen day with their totals; each opens its summary. */
export function DayActivities({ day, today, activities, units, onOpen }: DayActivitiesProps) {
  const t = useT();
  const minutes = activities.reduce((sum, activity) => sum + activity.durationMin, 0);
  const kcal = activities.reduce((sum, activity) => sum + (activity.caloriesKcal ?? 0), 0);
  const title =
    day === today
      ? t('activity.day.today', { date: formatDate(dayToDate(day), 'd MMMM') })
      : formatDate(dayToDate(day), 'EEEE d MMMM yyyy');
  return (
    <section className="card day-activities" aria-labelledby="day-heading">
      <h2 id="day-heading">{title}</h2>
      {activities.length === 0 ? (
        <p className="empty-note">{t('activity.day.empty')}</p>
      ) : (
        <>
          <p className="day-totals">
            {t('activity.day.totals', {
              count: activities.length,
              minutes: formatMinutes(minutes),
              kcal,
            })}
          </p>
          <ul className="activity-list">
            {activities.map((activity) => {
              const info = ACTIVITY_TYPE_INFO[activity.type];
              const lifts = describeLifts(activity, t);
              return (
                <li key={activity.id}>
                  <button
                    type="button"
                    className="activity-item"
                    aria-haspopup="dialog"
                    onClick={() => onOpen(activity)}
                  >
                    <span className="activity-icon" aria-hidden="true">
                      <ActivityTypeIcon type={activity.type} />
                    </span>
                    <span className="activity-text">
                      <span className="activity-name">{info.label}</span>
                      <span className="activity-details">{describe(activity, units, t)}</span>
                      {lifts ? (
                        <span className="activity-details">
                          {lifts.counts}
                          {lifts.records ? (
                            <>
                              {' · '}
                              <Trophy className="icon icon-trophy icon-lead" />
                              {lifts.records}
                            </>
                          ) : null}
                        </span>
                      ) : null}
                      {activity.notes ? <span className="activity-notes">{activity.notes}</span> : null}
                      <SyncBadge state={activity.sync} />
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
