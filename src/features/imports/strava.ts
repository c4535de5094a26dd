import { parse } from 'csv-parse/browser/esm/sync';
import { t } from '@/i18n/messages';
import type { ParsedWorkout } from '@/domain/track';
import { activityTypeOf, WorkoutFileError } from './formats';

/** One row of a Strava archive's `activities.csv`: its workout, and the file it names if any. */
export interface StravaActivity {
  workout: ParsedWorkout;
  /** The archive path of the activity's file ("activities/123.fit.gz"), if it has one. */
  file: string | undefined;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Jan 5, 2024, 7:12:03 AM", the archive's start times, which are UTC. */
export function stravaDate(text: string): number | undefined {
  const match = /^([A-Z][a-z]{2}) (\d{1,2}), (\d{4}),? (\d{1,2}):(\d{2}):(\d{2}) ([AP]M)$/.exec(text.trim());
  if (!match) return undefined;
  const [, month, day, year, hour, minute, second, half] = match;
  const monthIndex = MONTHS.indexOf(month ?? '');
  if (monthIndex < 0) return undefined;
  const hours = (Number(hour) % 12) + (half === 'PM' ? 12 : 0);
  return Date.UTC(Number(year), monthIndex, Number(day), hours, Number(minute), Number(second));
}

const numberIn = (row: readonly string[], column: number | undefined): number | undefined => {
  if (column === undefined) return undefined;
  const text = (row[column] ?? '').replace(/,/g, '');
  const value = Number(text);
  return text !== '' && Number.isFinite(value) && value > 0 ? value : undefined;
};

/**
 * Reads a Strava bulk export's `activities.csv`. Its header repeats some names (the first
 * "Distance" is rounded, in the person's units; the second is metres), so columns are found by
 * name and position.
 */
export function readStravaActivities(text: string): StravaActivity[] {
  let rows: string[][];
  try {
    rows = parse(text, { relax_column_count: true, bom: true, skip_empty_lines: true }) as string[][];
  } catch {
    throw new WorkoutFileError(t('imports.problem.unreadableCsv'));
  }
  const [header, ...body] = rows;
  if (!header?.includes('Activity Date') || !header.includes('Activity Type')) {
    throw new WorkoutFileError(t('imports.problem.notStravaIndex'));
  }
  const columns = (name: string) => header.flatMap((cell, index) => (cell.trim() === name ? [index] : []));
  const first = (name: string) => columns(name)[0];
  const distances = columns('Distance');
  const at = {
    date: first('Activity Date'),
    type: first('Activity Type'),
    elapsed: first('Elapsed Time'),
    moving: first('Moving Time'),
    metres: distances.length > 1 ? distances.at(-1) : undefined,
    kilometres: distances.length === 1 ? distances[0] : undefined,
    climb: first('Elevation Gain'),
    avgHr: first('Average Heart Rate'),
    maxHr: first('Max Heart Rate'),
    calories: first('Calories'),
    file: first('Filename'),
  };
  return body.flatMap((row): StravaActivity[] => {
    const start = stravaDate(row[at.date ?? -1] ?? '');
    const elapsedS = numberIn(row, at.elapsed);
    if (start === undefined || elapsedS === undefined) return [];
    const metres = numberIn(row, at.metres);
    const distanceKm = metres === undefined ? numberIn(row, at.kilometres) : metres / 1000;
    const climb = numberIn(row, at.climb);
    const avgHr = numberIn(row, at.avgHr);
    const maxHr = numberIn(row, at.maxHr);
    const calories = numberIn(row, at.calories);
    const file = (row[at.file ?? -1] ?? '').trim();
    return [
      {
        workout: {
          type: activityTypeOf(row[at.type ?? -1]),
          source: 'strava',
          startedAt: new Date(start).toISOString(),
          durationMin: Math.min(1440, Math.max(1, Math.round(elapsedS / 60))),
          movingTimeS: Math.min(86_400, Math.round(numberIn(row, at.moving) ?? elapsedS)),
          ...(distanceKm === undefined ? {} : { distanceKm: Math.round(distanceKm * 100) / 100 }),
          ...(climb === undefined ? {} : { elevationGainM: Math.round(climb) }),
          ...(avgHr === undefined ? {} : { avgHr: Math.round(avgHr) }),
          ...(maxHr === undefined ? {} : { maxHr: Math.round(maxHr) }),
          ...(calories === undefined ? {} : { caloriesKcal: Math.round(calories) }),
        },
        file: file === '' ? undefined : file,
      },
    ];
  });
}
