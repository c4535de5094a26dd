// How fast the start page's activity data arrives for a person with three years of workouts:
// seeds one person through Parse's batch endpoint (so the real beforeSave runs), then times the
// activitySummary cloud function against the cheapest Parse round trip with the same session.
// `npm run bench:activity [-- --quick]`
import { localDay } from '../src/domain/calendarDays';
import { ACTIVITY_TYPES as TYPES } from '../src/domain/contract';
import {
  baseline,
  cloudFunction,
  DAY_MS,
  measure,
  ms,
  mulberry32,
  printReport,
  sendBatches,
  withBenchServer,
} from './support';

const quick = process.argv.includes('--quick');
const DAYS = quick ? 365 : 1095;
const CALLS = quick ? 100 : 300;
const WARM_UP = 20;
const BATCH_SIZE = 50;
const BUDGET_P95_MS = 50;
const TIME_ZONE = 'Europe/Berlin';

interface Workout {
  type: string;
  startedAt: { __type: 'Date'; iso: string };
  durationMin: number;
  distanceKm?: number;
  caloriesKcal?: number;
}

/** One workout on most of the last `days` days (rest days now and then), a second one on a few. */
function workouts(days: number, now: Date): Workout[] {
  const random = mulberry32(20240601);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const todayUtc = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const rows: Workout[] = [];
  const add = (dayStart: number, fromHour: number, toHour: number) => {
    const at = Math.min(dayStart + between(fromHour * 60, toHour * 60) * 60_000, now.getTime() - 60_000);
    const type = pick(TYPES);
    const durationMin = between(10, 120);
    const row: Workout = {
      type,
      startedAt: { __type: 'Date', iso: new Date(at).toISOString() },
      durationMin,
    };
    if (['run', 'walk', 'cycle', 'swim', 'hike', 'row'].includes(type) && random() < 0.8) {
      row.distanceKm = Math.round(durationMin * (0.05 + random() * 0.3) * 100) / 100;
    }
    if (random() < 0.4) row.caloriesKcal = between(50, 1200);
    rows.push(row);
  };
  for (let daysAgo = days - 1; daysAgo >= 0; daysAgo -= 1) {
    const dayStart = todayUtc - daysAgo * DAY_MS;
    // Hours in UTC, well inside the same Berlin day.
    if (random() < 0.92) add(dayStart, 5, 11);
    if (random() < 0.08) add(dayStart, 15, 19);
  }
  return rows;
}

const scenarios = await withBenchServer('bench-activity', async ({ baseUrl, client }) => {
  const person = await client.signUp();
  const session = { baseUrl, sessionToken: person.sessionToken };

  const now = new Date();
  const rows = workouts(DAYS, now);
  const seedStart = performance.now();
  await sendBatches(
    client,
    rows.map((body) => ({ method: 'POST', path: '/parse/classes/Activity', body: { ...body } })),
    { sessionToken: person.sessionToken },
    BATCH_SIZE,
  );
  const seedMs = performance.now() - seedStart;
  console.log(
    `Seeded ${rows.length} workouts over ${DAYS} days in ${(seedMs / 1000).toFixed(2)} s ` +
      `(${Math.ceil(rows.length / BATCH_SIZE)} batches of ≤${BATCH_SIZE}, ${ms(seedMs / rows.length)} ms per workout).`,
  );

  const month = localDay(now, TIME_ZONE).slice(0, 7);
  // The latest day with two workouts, or else the latest day with one.
  const perDay = new Map<string, number>();
  for (const row of rows) {
    const day = localDay(new Date(row.startedAt.iso), TIME_ZONE);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  const days = [...perDay.keys()].sort().reverse();
  const date = days.find((day) => (perDay.get(day) ?? 0) > 1) ?? days[0] ?? localDay(now, TIME_ZONE);

  /** `dayCount`: how many workouts the answer must list for the day, when known. */
  const summary = (params: Record<string, string>, dayCount?: number) =>
    cloudFunction(session, 'activitySummary', params, (result) => {
      const dayActivities = (result as { dayActivities?: unknown } | null | undefined)?.dayActivities;
      if (!Array.isArray(dayActivities)) return false;
      return dayCount === undefined || dayActivities.length === dayCount;
    });
  const base = baseline(session, 'Activity', { durationMin: { $gt: 0 } });

  const loop = { warmUp: WARM_UP, calls: CALLS };
  return [
    await measure(base.name, base.call, loop),
    await measure(`activitySummary { month: ${month} }`, summary({ month, timeZone: TIME_ZONE }), loop),
    await measure(
      `activitySummary { month: ${month}, date: ${date} }`,
      summary({ month, date, timeZone: TIME_ZONE }, perDay.get(date)),
      loop,
    ),
  ];
});

printReport(scenarios, BUDGET_P95_MS);
