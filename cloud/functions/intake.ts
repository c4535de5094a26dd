import { addDays, daysBetween, localDay, startOfLocalDay } from '../../src/domain/calendarDays';
import type { DayEnergy } from '../../src/domain/nutrition';
import { sqlClient } from '../database';
import { numberOr, type ParseUser } from '../parse';
import { queryOf } from '../schema/rows';
import { mealClass } from '../schema/meal';

/** Energy eaten on each local day from `from` to `to`, days without meals as zero. */
export async function energyByDay(
  user: ParseUser,
  from: string,
  to: string,
  timeZone: string,
): Promise<DayEnergy[]> {
  const start = startOfLocalDay(from, timeZone);
  const end = startOfLocalDay(addDays(to, 1), timeZone);
  const sums = new Map<string, number>();
  const sql = sqlClient();
  if (sql) {
    const { rows } = await sql.query<DayEnergy>(
      `SELECT to_char("eatenAt" AT TIME ZONE $2, 'YYYY-MM-DD') AS date, sum("caloriesKcal")::float8 AS "caloriesKcal"
         FROM "Meal" WHERE "user" = $1 AND "eatenAt" >= $3 AND "eatenAt" < $4 GROUP BY 1`,
      [user.id, timeZone, start, end],
    );
    for (const row of rows) sums.set(row.date, row.caloriesKcal);
  } else {
    const meals = await queryOf(mealClass)
      .equalTo('user', user)
      .greaterThanOrEqualTo('eatenAt', start)
      .lessThan('eatenAt', end)
      .select('eatenAt', 'caloriesKcal')
      .findAll({ useMasterKey: true, batchSize: 1000 });
    for (const meal of meals) {
      const day = localDay(meal.get('eatenAt'), timeZone);
      sums.set(day, (sums.get(day) ?? 0) + numberOr(meal.get('caloriesKcal'), 0));
    }
  }
  const span = daysBetween(from, to) + 1;
  return Array.from({ length: span }, (_, index) => {
    const date = addDays(from, index);
    return { date, caloriesKcal: Math.round((sums.get(date) ?? 0) * 10) / 10 };
  });
}
