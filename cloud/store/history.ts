import { localDay } from '../../src/domain/calendarDays';
import { totalsByDay, type DayTotals } from '../../src/domain/activityStats';
import { dailyMeans, type DailyWeight } from '../../src/domain/weight';
import { MASTER_PAGES, numberOr, type ParseUser } from '../parse';
import { activityClass } from '../schema/activity';
import { mealClass } from '../schema/meal';
import { queryOf } from '../schema/rows';
import { weightEntryClass } from '../schema/weightEntry';
import { storeRead } from './read';

/**
 * A person's history summed per local day of `timeZone` (`AT TIME ZONE` in SQL, `localDay` here):
 * workouts, weigh-ins and meals. Each answers the same both ways (cloud/store/history.int.test.ts).
 */

/** Workouts started from `from` until before `to`; without one, all of them. */
export interface Span {
  from: Date;
  to: Date;
}

/** Every day with a workout (in `span` if given), and its minutes, calories and number of workouts, in no order. */
export const workoutDayTotals = storeRead({
  async bySql(sql, user: ParseUser, timeZone: string, span?: Span): Promise<DayTotals[]> {
    const { rows } = await sql.query<DayTotals>(
      `SELECT to_char("startedAt" AT TIME ZONE $2, 'YYYY-MM-DD') AS date,
              sum("durationMin")::float8 AS minutes,
              coalesce(sum("caloriesKcal"), 0)::float8 AS kcal,
              count(*)::int AS sessions
         FROM "Activity"
        WHERE "user" = $1 AND ($3::timestamptz IS NULL OR ("startedAt" >= $3 AND "startedAt" < $4))
        GROUP BY 1`,
      [user.id, timeZone, span?.from ?? null, span?.to ?? null],
    );
    return rows;
  },
  async byQueries(user: ParseUser, timeZone: string, span?: Span): Promise<DayTotals[]> {
    const query = queryOf(activityClass).equalTo('user', user);
    if (span) query.greaterThanOrEqualTo('startedAt', span.from).lessThan('startedAt', span.to);
    const history = await query.select('startedAt', 'durationMin', 'caloriesKcal').findAll(MASTER_PAGES);
    return totalsByDay(
      history.map((activity) => ({
        startedAt: activity.get('startedAt'),
        durationMin: activity.get('durationMin'),
        caloriesKcal: numberOr(activity.get('caloriesKcal'), 0),
      })),
      timeZone,
    );
  },
});

/** Each day's mean weight, in date order. */
export const dailyWeights = storeRead({
  async bySql(sql, user: ParseUser, timeZone: string): Promise<DailyWeight[]> {
    const { rows } = await sql.query<DailyWeight>(
      `SELECT to_char("measuredAt" AT TIME ZONE $2, 'YYYY-MM-DD') AS date, avg("weightKg")::float8 AS "weightKg"
         FROM "WeightEntry" WHERE "user" = $1 GROUP BY 1 ORDER BY 1`,
      [user.id, timeZone],
    );
    return rows;
  },
  async byQueries(user: ParseUser, timeZone: string): Promise<DailyWeight[]> {
    const history = await queryOf(weightEntryClass)
      .equalTo('user', user)
      .select('measuredAt', 'weightKg')
      .findAll(MASTER_PAGES);
    return dailyMeans(
      history.map((entry) => ({ measuredAt: entry.get('measuredAt'), weightKg: entry.get('weightKg') })),
      timeZone,
    );
  },
});

/** The energy of the meals eaten from `start` to before `end`, by local day (days without meals absent). */
export const mealEnergy = storeRead({
  async bySql(sql, user: ParseUser, start: Date, end: Date, timeZone: string): Promise<Map<string, number>> {
    const { rows } = await sql.query<{ date: string; caloriesKcal: number }>(
      `SELECT to_char("eatenAt" AT TIME ZONE $2, 'YYYY-MM-DD') AS date, sum("caloriesKcal")::float8 AS "caloriesKcal"
         FROM "Meal" WHERE "user" = $1 AND "eatenAt" >= $3 AND "eatenAt" < $4 GROUP BY 1`,
      [user.id, timeZone, start, end],
    );
    return new Map(rows.map((row) => [row.date, row.caloriesKcal]));
  },
  async byQueries(user: ParseUser, start: Date, end: Date, timeZone: string): Promise<Map<string, number>> {
    const meals = await queryOf(mealClass)
      .equalTo('user', user)
      .greaterThanOrEqualTo('eatenAt', start)
      .lessThan('eatenAt', end)
      .select('eatenAt', 'caloriesKcal')
      .findAll(MASTER_PAGES);
    const sums = new Map<string, number>();
    for (const meal of meals) {
      const day = localDay(meal.get('eatenAt'), timeZone);
      sums.set(day, (sums.get(day) ?? 0) + meal.get('caloriesKcal'));
    }
    return sums;
  },
});

/** The person's latest weigh-in's weight, or undefined before the first. */
export const latestWeight = storeRead({
  async bySql(sql, user: ParseUser): Promise<number | undefined> {
    // One indexed row, read without the overhead of a Parse query.
    const { rows } = await sql.query<{ weightKg: number }>(
      `SELECT "weightKg" FROM "WeightEntry" WHERE "user" = $1 ORDER BY "measuredAt" DESC LIMIT 1`,
      [user.id],
    );
    return rows[0]?.weightKg;
  },
  async byQueries(user: ParseUser): Promise<number | undefined> {
    const latest = await queryOf(weightEntryClass)
      .equalTo('user', user)
      .descending('measuredAt')
      .select('weightKg')
      .first({ useMasterKey: true });
    return latest?.get('weightKg');
  },
});
