import { addDays, daysBetween, startOfLocalDay } from '../../src/domain/calendarDays';
import type { DayEnergy } from '../../src/domain/nutrition';
import type { ParseUser } from '../parse';
import { mealEnergy } from '../store/history';

/** Energy eaten on each local day from `from` to `to`, days without meals as zero. */
export async function energyByDay(
  user: ParseUser,
  from: string,
  to: string,
  timeZone: string,
): Promise<DayEnergy[]> {
  const start = startOfLocalDay(from, timeZone);
  const end = startOfLocalDay(addDays(to, 1), timeZone);
  const sums = await mealEnergy(user, start, end, timeZone);
  const span = daysBetween(from, to) + 1;
  return Array.from({ length: span }, (_, index) => {
    const date = addDays(from, index);
    return { date, caloriesKcal: Math.round((sums.get(date) ?? 0) * 10) / 10 };
  });
}
